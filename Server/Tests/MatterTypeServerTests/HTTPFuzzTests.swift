import Foundation
import MatterTypeFuzzing
import MatterTypeServer
import NIOHTTP1
import Testing

/// The request generator's cases — render requests, cards with frames at extreme padding, gaps and scales, and
/// Figma documents mutated from the shared real ones (when this checkout has them) — sent over real HTTP: every
/// answer is an image or a JSON error, never a 5xx but 503, and the server stays up (Scripts/fuzz-requests.py
/// runs many more).
@Suite("Generated requests over HTTP")
struct HTTPFuzzTests {
    /// The shared real Figma documents (../shared/data/figma/frames), or none.
    static func sharedFigmaDocuments() -> [Data] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../shared/data/figma/frames").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { $0.hasSuffix(".json") }.compactMap {
            try? Data(contentsOf: folder.appendingPathComponent($0))
        }
    }

    @Test func generatedCasesAreImagesOrJSONErrors() async throws {
        let generator = RequestGenerator(seed: 56, figmaDocuments: Self.sharedFigmaDocuments())
        try await withTemporaryDirectory { directory in
            var configuration = testConfiguration(store: "sqlite:\(directory.path)/fonts.sqlite")
            // Figma documents go to PUT /v1/templates/fuzz: as large and as deep as the shared ones, so that they
            // are converted and drawn rather than refused at the door.
            configuration.maxTemplateBytes = 64 << 20
            configuration.maxJSONDepth = 128
            try await withServer(configuration) { server in
                var statuses: [Int: Int] = [:]
                // 400 cases, about 50 of them Figma documents: ~20 s in a debug build.
                for index in 0..<400 {
                    let request = generator.request(index)
                    // A card's image size goes in its query; a Figma template's on its image URL, asked for below.
                    let query = Self.query(request.kind == .figma ? request.values
                                           : request.values.merging(request.imageSize) { value, _ in value })
                    let answer = try await server.send(request.kind == .figma ? .PUT : .POST,
                                                       request.path + (query.isEmpty ? "" : "?" + query),
                                                       body: request.body, admin: request.kind == .figma)
                    statuses[answer.status, default: 0] += 1
                    var answers = [answer]
                    // A template bound to variables: they are stored too, and its image drawn in the case's mode.
                    if let variables = request.variables, answer.status == 200 || answer.status == 201 {
                        answers.append(try await server.send(.PUT, "/v1/templates/fuzz/variables", body: variables,
                                                             admin: true))
                        answers.append(try await server.send(.GET, "/v1/templates/fuzz.png?" + query))
                    }
                    if request.kind == .figma, !request.imageSize.isEmpty, answer.status == 200 || answer.status == 201 {
                        let sized = Self.query(request.values.merging(request.imageSize) { value, _ in value })
                        answers.append(try await server.send(.GET, "/v1/templates/fuzz.png?" + sized))
                    }
                    for answer in answers where answer.status != 200 && answer.status != 201 {
                        #expect(answer.errorCode != nil, "\(request.command): \(answer.status) without a JSON error")
                        #expect(answer.status < 500 || answer.status == 503,
                                "\(request.command): \(answer.status) \(answer.errorCode ?? "") \(answer.errorMessage)")
                    }
                }
                #expect(try await server.send(.GET, "/healthz").status == 200)
                // The cases reached every kind of answer they are meant to: images and refusals.
                #expect(statuses[200, default: 0] > 0 && statuses[422, default: 0] > 0, "\(statuses)")
            }
        }
    }

    /// `pairs` as a query, sorted by name, each name and value percent-encoded whole.
    static func query(_ pairs: [String: String]) -> String {
        pairs.sorted { $0.key < $1.key }.map { encoded($0.key) + "=" + encoded($0.value) }.joined(separator: "&")
    }

    /// `text` percent-encoded whole (unreserved characters as they are), for a query's name or value.
    static func encoded(_ text: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
