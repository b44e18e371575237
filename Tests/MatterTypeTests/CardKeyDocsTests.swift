import Foundation
import MatterTypeCards
import Testing

/// `Docs/Cards.md#layer-keys` is the layer kinds' declarations (``CardField``) written out: a key added to a kind
/// fails this test until the section is regenerated with `MATTERTYPE_WRITE_DOCS=1 swift test --filter CardKeyDocsTests`.
@Suite("The card layer keys' reference section")
struct CardKeyDocsTests {
    static let start = "<!-- generated from the CardField declarations: MATTERTYPE_WRITE_DOCS=1 swift test --filter CardKeyDocsTests -->"
    static let end = "<!-- end of generated section -->"

    /// The section the declarations make.
    static var section: String {
        func table<Layer>(_ type: String, _ about: String, _ fields: [CardField<Layer>]) -> String {
            var lines = ["### `\(type)`", "", about, "", "| Key | Required | What it does |", "|---|---|---|"]
            for field in fields {
                let help = field.help.replacingOccurrences(of: "|", with: "\\|")
                lines.append("| `\(field.key)` | \(field.isRequired ? "yes" : "") | \(help) |")
            }
            return lines.joined(separator: "\n")
        }
        return [start,
                table("text", "Beside these, every key of a render request ([Fields.md](Fields.md)) but "
                      + CardTextLayer.cardWideKeys.sorted().map { "`\($0)`" }.joined(separator: ", ")
                      + ", which the card sets for the whole image.", CardTextLayer.fields),
                table("rect", "A rectangle: it has no content to hug.", CardRectLayer.fields),
                table("image", "An image fitted to its box: it has no content to hug.", CardImageLayer.fields),
                table("frame", "A group of layers; without a `layout` direction its width and height are required.",
                      CardFrameLayer.fields),
                end].joined(separator: "\n\n")
    }

    @Test("Docs/Cards.md's layer keys are what the declarations make")
    func sectionIsCurrent() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Cards.md")
        var page = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(page.range(of: Self.start).flatMap { start in
            page.range(of: Self.end, range: start.lowerBound..<page.endIndex).map { start.lowerBound..<$0.upperBound }
        }, "Docs/Cards.md has no generated section")
        if ProcessInfo.processInfo.environment["MATTERTYPE_WRITE_DOCS"] == "1" {
            page.replaceSubrange(range, with: Self.section)
            try Data(page.utf8).write(to: url)
            return
        }
        #expect(String(page[range]) == Self.section,
                "Docs/Cards.md is out of date: MATTERTYPE_WRITE_DOCS=1 swift test --filter CardKeyDocsTests")
    }
}
