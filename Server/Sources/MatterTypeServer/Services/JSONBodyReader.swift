import Foundation
import HTTPTypes
import Hummingbird
import MatterType
import Tracing

/// Reads a request's JSON body within the server's limits: its size (`--max-body-bytes`, or another limit a
/// route gives; a gzip body's size as sent, and `--max-inflated-body-bytes` decompressed), the time it may take
/// to arrive, and how deep its JSON nests.
struct JSONBodyReader: Sendable {
    let limits: any ServerArguments

    /// The body of a JSON request, within `limit` bytes (`flag` sets it: for the message) and the JSON nesting
    /// limit. The caller authorizes first.
    /// The body must be sent as `Content-Type: application/json` (or a `+json` type): a browser sends a
    /// cross-origin request of another type (`text/plain`, a form) without asking first, so any page a user
    /// opens could drive an internal server; with JSON it asks (a CORS preflight), which this server refuses.
    /// With `jsonLines`, JSON Lines types (`application/jsonl`, `application/x-ndjson`) are taken too. Traced as
    /// "read body".
    func body(of request: Request, what: String, limit: Int? = nil,
              flag: String = "--max-body-bytes", jsonLines: Bool = false) async throws -> Data {
        try await withSpan(RenderTracing.readBody) { span in
            let data = try await read(request, what: what, limit: limit, flag: flag, jsonLines: jsonLines)
            span.attributes[RenderTracing.bodyBytes] = data.count
            return data
        }
    }

    private func read(_ request: Request, what: String, limit: Int?, flag: String,
                      jsonLines: Bool) async throws -> Data {
        var request = request
        let body = try await request.collectBody(limit: limit ?? limits.maxBodyBytes, timeout: limits.bodyTimeout,
                                                 what: what, flag: flag)
        // Checked once the body is in, so that a body HTTP cannot carry is answered as such (400, 408, 413).
        try Self.requireJSON(request, what: what, jsonLines: jsonLines)
        let data = try Self.decoded(Data(body.readableBytesView), of: request, what: what,
                                    limit: limits.maxInflatedBodyBytes)
        if let depth = JSONNesting.exceeds(limits.maxJSONDepth, in: data) {
            throw APIError(.unprocessableContent, .jsonTooDeep,
                           "the JSON nests deeper than \(limits.maxJSONDepth) levels (at least \(depth)); the server's "
                           + "--max-json-depth raises it")
        }
        return data
    }
}

extension JSONBodyReader {
    /// `body` as sent (no `Content-Encoding`, or `identity`), or decompressed (`gzip`, to at most `limit` bytes:
    /// `--max-inflated-body-bytes`): a Figma document of 10 MB travels as 1. Another encoding is 415.
    static func decoded(_ body: Data, of request: Request, what: String, limit: Int) throws -> Data {
        let encoding = request.headers[.contentEncoding]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard !encoding.isEmpty, encoding != "identity" else { return body }
        guard encoding == "gzip" || encoding == "x-gzip" else {
            throw APIError(.unsupportedMediaType, .unsupportedMediaType,
                           "the \(what) is sent with Content-Encoding: \(encoding); send it as is or with gzip")
        }
        do throws(GzipError) {
            return try Gzip.decompressed(body, limit: limit)
        } catch .tooLarge {
            throw APIError(.contentTooLarge, .bodyTooLarge,
                           "the \(what) decompresses to more than \(limit) bytes; the server's "
                           + "--max-inflated-body-bytes raises it")
        } catch {
            throw APIError(.badRequest, .malformedJson, "the \(what) is sent with Content-Encoding: gzip, but \(error)")
        }
    }

    /// 415 unless the request's `Content-Type` is `application/json` or a `…+json` type (parameters allowed).
    static func requireJSON(_ request: Request, what: String, jsonLines: Bool = false) throws {
        let type = request.headers[.contentType]?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let lines = jsonLines && ["application/jsonl", "application/x-ndjson", "application/jsonlines"].contains(type)
        guard lines || type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json")) else {
            throw APIError(.unsupportedMediaType, .unsupportedMediaType,
                           "the \(what) is sent as \(type.isEmpty ? "no Content-Type" : type); send it as "
                           + "Content-Type: application/json (curl: -H 'Content-Type: application/json')")
        }
    }
}

/// How deep a JSON text nests, without parsing it.
enum JSONNesting {
    /// The depth reached once it passes `limit`, or `nil` if it never does. Brackets inside strings do not count.
    static func exceeds(_ limit: Int, in data: Data) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return depth }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }
}
