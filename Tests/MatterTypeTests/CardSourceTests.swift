import Foundation
import Testing
import MatterTypeCards
import MatterTypeFigma

/// One rule for "card or Figma, and which node" (``CardSource``): `mattertype figma`, `card` and `batch` accept or
/// refuse the same documents the same way; the server's `POST /v1/cards` and `PUT /v1/templates` do too
/// (CardSourceRouteTests, with the same documents).
@Suite("Card or Figma: one rule")
struct CardSourceTests {
    /// A document every surface is tried with, from Fixtures/figma/card-or-figma.json.
    struct Case {
        let name: String
        let node: String?
        let accepted: Bool
        let refusal: String?
        /// The node drawn, when it is accepted.
        let drawn: String?
        /// The document's JSON text.
        let json: String
    }

    /// The cases, as the fixture lists them.
    static func cases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/figma/card-or-figma.json")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(file["cases"] as? [[String: Any]]).map { item in
            Case(name: item["name"] as? String ?? "?", node: item["node"] as? String,
                 accepted: item["accepted"] as? Bool ?? false, refusal: item["refusal"] as? String,
                 drawn: item["drawn"] as? String,
                 json: String(decoding: try JSONSerialization.data(withJSONObject: item["document"] ?? [:]),
                              as: UTF8.self))
        }
    }

    @Test("the library reads each document as the table says")
    func library() throws {
        for document in try Self.cases() {
            let result = Result { try CardSource.read(Data(document.json.utf8), node: document.node) }
            switch result {
            case .success(let source):
                #expect(document.accepted && source.isFigma, "\(document.name)")
                if case .figma(let frame) = source { #expect(frame.nodeID == document.drawn, "\(document.name)") }
                #expect(try source.card(values: ["title": "Hi"]).width == 120, "\(document.name)")
            case .failure(let error):
                #expect(!document.accepted && "\(error)".contains(document.refusal ?? "?"), "\(document.name): \(error)")
            }
        }
        // A card document is a card, whatever node is asked for (the CLI refuses --node for it itself), and an
        // object with "layers" is one whatever other keys it has: its errors are a card's.
        #expect(try !CardSource.read(Data(#"{"width": 10, "height": 10, "layers": []}"#.utf8), node: "1:1").isFigma)
        let card = #"{"width": 10, "height": 10, "layers": [], "data": 1}"#
        #expect(throws: CardError.self) { try CardSource.read(Data(card.utf8), node: "1:1") }
    }

    @Test("figma -o, card -o and batch accept and refuse them alike", arguments: 0..<9)
    func commandLine(index: Int) throws {
        let document = try Self.cases()[index]
        let folder = try TestSupport.scratchDirectory()
        let path = folder.appendingPathComponent("document.json").path
        try Data(document.json.utf8).write(to: URL(fileURLWithPath: path))
        try Data("slug,title\na,Hi\n".utf8).write(to: folder.appendingPathComponent("rows.csv"))
        let node = document.node.map { ["--node", $0] } ?? []
        let runs = [
            try CLIRun(["figma", path, "--set", "title=Hi", "--no-system-fonts", "-o", folder.path + "/figma.png"] + node),
            try CLIRun(["card", path, "--set", "title=Hi", "--no-system-fonts", "-o", folder.path + "/card.png"] + node),
            try CLIRun(["batch", path, "--values", folder.path + "/rows.csv", "--out", folder.path + "/out/{{slug}}.png",
                        "--no-system-fonts"] + node),
        ]
        for (command, run) in zip(["figma", "card", "batch"], runs) {
            if document.accepted {
                #expect(run.status == 0, "\(command) \(document.name): \(run.stderr)")
            } else {
                #expect(run.status != 0 && run.stderr.contains(document.refusal ?? "?"),
                        "\(command) \(document.name): \(run.stderr)")
            }
        }
    }
}

