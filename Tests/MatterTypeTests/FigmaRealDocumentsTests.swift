import Foundation
import MatterType
import MatterTypeCards
import MatterTypeFigma
import Testing

/// Our own set of real Figma documents (Fixtures/figma/documents: 47 frames of a public MIT-licensed repository,
/// sources in SOURCES.md): none is refused, every visible node is laid out, and the export is the size Figma's
/// own `absoluteRenderBounds` says (Figma's numbers, in the files). `Scripts/compare-with-figma.py --documents`
/// compares every box with Figma's.
@Suite("Real Figma documents")
struct FigmaRealDocumentsTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("figma/documents")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json.gz") }.sorted()
    }

    @Test("the set holds 47 documents, each with its source")
    func setIsComplete() throws {
        let sources = try String(contentsOf: Self.folder.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        #expect(Self.names.count == 47)
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
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
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
}
