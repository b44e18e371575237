import Foundation
import MatterType
import MatterTypeCards
import MatterTypeFigma
import Testing

/// Our own set of real Figma documents (Fixtures/figma/documents: 47 frames of a public MIT-licensed repository and
/// five whole Figma Community files of 2019, sources in SOURCES.md): none is refused, every visible node is laid out, and the export is the size Figma's
/// own `absoluteRenderBounds` says (Figma's numbers, in the files). `Scripts/compare-with-figma.py --documents`
/// compares every box with Figma's.
@Suite("Real Figma documents")
struct FigmaRealDocumentsTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("figma/documents")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json.gz") }.sorted()
    }

    @Test("the set holds 52 documents, each with its source")
    func setIsComplete() throws {
        let sources = try String(contentsOf: Self.folder.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        #expect(Self.names.count == 52)
        for name in Self.names { #expect(sources.contains("`\(name)`"), "\(name) is not in SOURCES.md") }
    }

    @Test("every document lays out without a refusal, every visible node has a box, and its export is Figma's size",
          arguments: names)
    func document(_ name: String) throws {
        let data = try Gzip.decompressed(Data(contentsOf: Self.folder.appendingPathComponent(name)),
                                         limit: FigmaDocument.maximumBytes)
        let document = try FigmaDocument(data: data)
        let node = try #require(document.defaultNode)
        let frame = try document.frame(node.id)
        let boxes = try frame.nodeBoxes(renderer: CardRenderer(registry: FontRegistry(includesSystemFonts: false)))
        // Every visible node of the file has a box (Figma lays out the visible ones only).
        // The drawn node's JSON: the document itself when it is a bare node, else that node in its pages.
        func find(_ object: Any) -> [String: Any]? {
            if let node = object as? [String: Any] {
                if node["id"] as? String == frame.nodeID { return node }
                return node.values.lazy.compactMap(find).first
            }
            return (object as? [Any])?.lazy.compactMap(find).first
        }
        let root = try #require(find(try JSONSerialization.jsonObject(with: data)))
        func visible(_ node: [String: Any]) -> [String] {
            guard node["visible"] as? Bool != false else { return [] }
            return [node["id"] as? String ?? ""] + ((node["children"] as? [[String: Any]]) ?? []).flatMap(visible)
        }
        #expect(Set(boxes.map(\.id)) == Set(visible(root)), "\(name)")
        // The export's size: Figma's absoluteRenderBounds of the frame (what its export API draws), rounded up.
        if let bounds = root["absoluteRenderBounds"] as? [String: Double], let width = bounds["width"],
           let height = bounds["height"] {
            #expect([frame.card.width.rounded(.up), frame.card.height.rounded(.up)]
                        == [width.rounded(.up), height.rounded(.up)], "\(name)")
        }
    }

    /// Where Figma's Auto Layout is not CSS's: the numbers are Figma's `absoluteBoundingBox`es in the files.
    @Test("a lone child of SPACE_BETWEEN is centred and an emptied hugging frame keeps its size, as Figma has them",
          arguments: [
              // verbatica_paywall: the close button, the only visible child of a 393-point SPACE_BETWEEN bar with
              // padding 8 and 16, at 169.5 points from the padding (CSS would leave it at the start).
              ("paleophonix--test--verbatica_paywall.json.gz", "2399:42786", [36405.5, 3494, 30, 30]),
              // cart: "Frame 31", an Auto Layout frame hugging both axes with no children, centred in its parent.
              ("paleophonix--ataev--cart.json.gz", "610:560", [-541.4916381835938, 10061.5771484375, 70.25333404541016, 28]),
          ])
    func figmaNotCSS(_ name: String, _ id: String, _ expected: [Double]) throws {
        let data = try Gzip.decompressed(Data(contentsOf: Self.folder.appendingPathComponent(name)),
                                         limit: FigmaDocument.maximumBytes)
        let document = try FigmaDocument(data: data)
        let frame = try document.frame(try #require(document.defaultNode).id)
        let boxes = try frame.nodeBoxes(renderer: CardRenderer(registry: FontRegistry(includesSystemFonts: false)))
        let box = try #require(boxes.first { $0.id == id })
        for (ours, figma) in zip([box.x, box.y, box.width, box.height], expected) {
            #expect(abs(ours - figma) < 0.01, "\(name) \(id): \(box) against Figma's \(expected)")
        }
    }

    /// Figma's first text layout (`layoutVersion: 0`), in 2019 files: no line height rounded per line, only the
    /// box (Roboto Bold 20 px, Auto, hhea 1900 + 500 of 2048 = 23.4375 px: 24 high), every baseline the ascent
    /// below its line's top (19 for those letters: their ink, Figma's absoluteRenderBounds, says so), letter
    /// spacing after the last character too, a box's bottom alignment putting the glyphs' descent on its bottom,
    /// and a CR no LF follows drawn as a space.
    /// Every number is Figma's, from the files; Roboto is Debian's fonts-roboto-unhinted, which `make test` installs.
    @Test("texts of Figma's first layout come out in Figma's boxes, their ink within 0.5 px", arguments: [
        // Clarity Colors: an "A", Roboto Bold 20 px, Auto, in its "Cool-greys" row.
        ("clarity_colors", "11:405", "11:383", [133, 598, 14, 24], [602.78125, 14.21875]),
        // Chicago Design System: "Lead\rparagraph", Roboto 22 px on 33, one line as wide as "Lead paragraph".
        ("chicago_design_system", "1:1002", "1:1002", [-3232, -711.7001953125, 153, 33], [-708.2001953125, 21.076171875]),
        // Investor pitch: "QUARTERS SINCE ACTIVATION", Roboto 30 px on 44, bottom-aligned in its 44-point box:
        // the baseline at 37 (44 − 7.32 descent), where the lines' box would put it at 32.
        ("investor_pitch", "0:310", "0:310", [7612, 2760, 490, 44], [2775.37890625, 25.224609375]),
        // "Q4", Roboto Bold 40 px with 1.46 letter spacing, auto width: 50.57 + 2 × 1.46 → 54 (spacing after the
        // last character too; the later model leaves it out: 53), bottom-aligned in its 44-point box.
        ("investor_pitch", "0:299", "0:299", [6495, 6046, 54, 44], [6051.171875, 33.90625]),
        // And "cohort one", Roboto Black 30 px on 44, centred in a 60-point box: the glyphs' block (35.16) centred.
        ("investor_pitch", "0:511", "0:511", [7339, 2920, 198, 60], [2938.3642578125, 21.9287109375]),
    ])
    func firstTextLayout(_ file: String, _ frameID: String, _ id: String, _ box: [Double], _ ink: [Double]) throws {
        let data = try Gzip.decompressed(
            Data(contentsOf: Self.folder.appendingPathComponent("gridaco--community--\(file).json.gz")),
            limit: FigmaDocument.maximumBytes)
        let frame = try FigmaDocument(data: data).frame(frameID)
        let boxes = try frame.nodeBoxes(renderer: CardRenderer())
        let text = try #require(boxes.first { $0.id == id })
        for (ours, figma) in zip([text.x, text.y, text.width, text.height], box) {
            #expect(abs(ours - figma) < 0.01, "\(file) \(id): \(text) against Figma's \(box)")
        }
        let drawn = try #require(text.ink)
        #expect(abs(drawn.y - ink[0]) < 0.5 && abs(drawn.height - ink[1]) < 0.5, "\(file) \(id): ink \(drawn)")
    }
}
