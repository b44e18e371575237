import Foundation
import Hummingbird
import Logging
import MatterType
import MatterTypeWire
import Tracing

/// The registered fonts: `/v1/fonts` (list, upload, delete several) and `/v1/fonts/{postScriptName}`.
struct FontController: Sendable {
    let library: FontLibrary
    let authorization: Authorization
    /// The largest upload, in bytes.
    let maxFontBytes: Int
    /// How long an upload may take to arrive.
    let bodyTimeout: Duration
    let logger: Logger

    /// The routes.
    var routes: RouteTable {
        var table = RouteTable()
        table.on(.put, "/v1/fonts") { request, _ in try await upload(request) }
        table.on(.get, "/v1/fonts") { request, _ in await list(request) }
        table.on(.get, "/v1/families") { _, _ in .json(FamilyList(families: await families())) }
        table.on(.delete, "/v1/fonts") { request, _ in
            try authorization.requireAdmin(request)
            try await delete(names: try Self.names(inQueryOf: request))
            return Response(status: .noContent)
        }
        table.on(.get, "/v1/fonts/:postScriptName") { _, context in
            let name = try Self.fontName(context)
            guard let font = await library.font(named: name) else {
                throw APIError(.notFound, .fontNotFound, "no registered font is named \(name)")
            }
            return .json(font)
        }
        table.on(.delete, "/v1/fonts/:postScriptName") { request, context in
            try authorization.requireAdmin(request)
            try await delete(names: [try Self.fontName(context)])
            return Response(status: .noContent)
        }
        return table
    }

    /// The registered fonts, after the bundled ones with `?bundled=true`.
    private func list(_ request: Request) async -> Response {
        var fonts = await library.fonts()
        if request.queryFlag("bundled") {
            fonts = FontRegistry.bundledFonts.map { FontRecord($0, source: "bundled") } + fonts
        }
        return .json(["fonts": fonts])
    }

    /// Every family this server draws with — registered, bundled, and installed on its machine (none with
    /// `--no-system-fonts`) — sorted by name without regard to case, each with where its faces come from.
    private func families() async -> [FamilyRecord] {
        var sources: [String: Set<FamilyRecord.Source>] = [:]
        for font in await library.fonts() { sources[font.familyName, default: []].insert(.registered) }
        for font in FontRegistry.bundledFonts { sources[font.familyName, default: []].insert(.bundled) }
        for name in library.registry.installedFamilyNames { sources[name, default: []].insert(.installed) }
        return sources.keys.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }.map { name in
            FamilyRecord(name: name, sources: FamilyRecord.Source.allCases.filter { sources[name]?.contains($0) == true })
        }
    }

    /// The `{postScriptName}` path parameter, percent-decoded (`Inter%20Display` is "Inter Display").
    static func fontName(_ context: BasicRequestContext) throws -> String {
        let raw = try context.parameters.require("postScriptName")
        guard let name = raw.removingPercentEncoding else {
            throw APIError(.badRequest, .badName, "the font name in the path is not valid percent-encoding")
        }
        return name
    }

    /// The names of `?names=A,B`: split on the query's literal commas, then each percent-decoded (a name with a
    /// comma in it is sent as %2C); sorted, without repeats.
    static func names(inQueryOf request: Request) throws -> [String] {
        let raw = (request.uri.query ?? "").split(separator: "&")
            .first { $0.hasPrefix("names=") }.map { $0.dropFirst("names=".count) } ?? ""
        let names = raw.split(separator: ",")
            .map { URLSignature.formDecoded($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !names.isEmpty else {
            throw APIError(.unprocessableContent, .missingNames,
                           "name the fonts to delete: DELETE /v1/fonts?names=A,B or DELETE /v1/fonts/{name}")
        }
        return Array(Set(names)).sorted()
    }

    private func upload(_ request: Request) async throws -> Response {
        try authorization.requireAdmin(request)
        if let type = request.headers[.contentType]?.lowercased(), type.hasPrefix("multipart/") {
            throw APIError(.unsupportedMediaType, .multipartNotAccepted,
                           "send the font file's raw bytes as the body (e.g. curl -T Font.ttf or --data-binary "
                           + "@Font.ttf with Content-Type: application/octet-stream), not a multipart form")
        }
        var request = request
        let body = try await withSpan(RenderTracing.readBody) { span in
            let body = try await request.collectBody(limit: maxFontBytes, timeout: bodyTimeout, what: "font file",
                                                     flag: "--max-font-bytes")
            span.attributes[RenderTracing.bodyBytes] = body.readableBytes
            return body
        }
        guard body.readableBytes > 0 else {
            throw APIError(.unprocessableContent, .notAFont, "the body is empty; send the font file's bytes")
        }
        // A multipart form sent without its Content-Type: "--boundary" then a form-data part header.
        if body.readableBytesView.starts(with: "--".utf8),
           String(decoding: body.readableBytesView.prefix(512), as: UTF8.self).lowercased()
               .contains("content-disposition: form-data") {
            throw APIError(.unsupportedMediaType, .multipartNotAccepted,
                           "the body is a multipart form; send the font file's raw bytes as the body instead "
                           + "(e.g. curl -T Font.ttf)")
        }
        let storing = startSpan(RenderTracing.store)
        defer { storing.end() }
        do {
            let fonts = try await library.upload(Data(body.readableBytesView), replacing: request.queryFlag("replace"))
            logger.info("fonts registered", metadata: ["names": "\(fonts.map(\.postScriptName))"])
            return .json(["fonts": fonts], status: .created)
        } catch {
            storing.recordError(error)
            switch error {
            case .unusableFont(let reason):
                throw APIError(.unprocessableContent, .notAFont,
                               "not a usable font (TTF, OTF, TTC, WOFF or WOFF2): \(reason)")
            case .store(.namesTaken(let names)):
                throw APIError(.conflict, .fontExists, StoreError.namesTaken(names).description)
            case .store(.diskFull):
                throw APIError(.insufficientStorage, .diskFull, StoreError.diskFull.description)
            case .store(let error):
                throw APIError(.internalServerError, .storeFailed, error.description)
            }
        }
    }

    private func delete(names: [String]) async throws {
        do {
            try await library.delete(names: names)
            logger.info("fonts deleted", metadata: ["names": "\(names)"])
        } catch {
            switch error {
            case .store(.namesNotFound(let missing)):
                throw APIError(.notFound, .fontNotFound,
                               "no registered font is named \(missing.joined(separator: ", ")); nothing was deleted")
            case .store(.diskFull):
                throw APIError(.insufficientStorage, .diskFull, StoreError.diskFull.description)
            default:
                throw APIError(.internalServerError, .storeFailed, error.description)
            }
        }
    }
}

/// `GET /v1/families`'s answer.
struct FamilyList: Codable, Sendable {
    /// The families, sorted by name.
    var families: [FamilyRecord]
}

/// A family the server draws with, and where its faces come from (resolution tries them in this order).
struct FamilyRecord: Codable, Sendable, Hashable {
    /// Where a family's faces come from.
    enum Source: String, Codable, Sendable, CaseIterable {
        /// Uploaded with `PUT /v1/fonts` or `--font-dir`.
        case registered
        /// The bundled Noto Sans.
        case bundled
        /// Installed on the server's machine (Fontconfig's).
        case installed
    }

    /// The family name, as `"family"` in a request takes it.
    var name: String
    /// Where its faces come from, in resolution's order.
    var sources: [Source]
}
