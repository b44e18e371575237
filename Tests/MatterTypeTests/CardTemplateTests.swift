import Foundation
import Testing
@testable import MatterTypeCards
import MatterTypeFigma
import MatterTypeFuzzing
import MatterTypeWire

/// A template is parsed once: ``CardTemplate`` fills its parsed tree and reads the card from the tree
/// (`CardTreeDecoder`), and a Figma frame's card becomes that tree without JSON text (`CardTreeEncoder`). Both are
/// checked against Foundation's own `JSONDecoder`, the reader they replace.
@Suite("Card templates: parsed once")
struct CardTemplateTests {
    /// A card read, or the words of its error.
    enum Outcome: Equatable {
        case card(Card)
        case refused(String)
    }

    /// What Foundation's decoder reads from `tree`'s JSON text: the card, or its error in the words a card's are.
    static func foundation(_ tree: CardTree) -> Outcome {
        do {
            return .card(try JSONDecoder().decode(Card.self, from: tree.data))
        } catch let error as DecodingError {
            return .refused(error.jsonDescription)
        } catch {
            return .refused("\(error)")
        }
    }

    /// What the tree decoder reads from `tree`.
    static func ours(_ tree: CardTree) -> Outcome {
        do {
            return .card(try CardTreeDecoder.card(from: tree))
        } catch let error as DecodingError {
            return .refused(error.jsonDescription)
        } catch {
            return .refused("\(error)")
        }
    }

    @Test("CardImageSize: a scale or the pixels to fit inside, read from a query's text; placeholders keep their names")
    func imageSize() throws {
        let card = Card(width: 600, height: 315)
        // 1200 / 600 = 2; 630 / 315 = 2; 100 / 315 = 0.3175 (600 × 0.3175 = 190.5, rounded up 191).
        #expect(try CardImageSize(parameters: ["width": "1200"]).sized(card).scale == 2)
        #expect(try CardImageSize(parameters: ["width": "1200", "height": "630"]).sized(card).scale == 2)
        let small = try CardImageSize(parameters: ["height": "100"]).sized(card)
        #expect((small.height * small.scale).rounded(.up) == 100 && (small.width * small.scale).rounded(.up) == 191)
        #expect(try CardImageSize(parameters: ["scale": "3", "quality": "60"]).query == "quality=60&scale=3.0")
        #expect(try CardImageSize(parameters: ["width": "1200"], placeholders: ["width"]).isEmpty)
        for (parameters, words) in [(["scale": "2", "width": "10"], "not both"), (["width": "0"], #""width": 0"#),
                                    (["height": "1.5"], "not a whole number"), (["quality": "101"], #""quality": 101"#),
                                    (["scale": "nan"], #""scale": nan"#)] {
            #expect { try CardImageSize(parameters: parameters) } throws: { "\($0)".contains(words) }
        }
    }

    @Test("the request generator's cards read as JSONDecoder reads them: the same card or the same error")
    func generatedCards() throws {
        let generator = RequestGenerator(seed: 57)
        var cards = 0, refused = 0
        for index in 0..<1500 {
            let request = generator.request(index)
            guard request.kind == .card, let tree = try? CardTree(parsing: request.body),
                  let filled = try? tree.filled(request.values) else { continue }
            cards += 1
            switch (Self.foundation(filled), Self.ours(filled)) {
            case (.card(let theirs), .card(let mine)):
                #expect(theirs == mine, "case \(index)")
            case (.refused(let theirs), .refused(let mine)):
                refused += 1
                // One document, one message, except where JSONDecoder names no place (a fraction where a whole
                // number goes) or lists an object's keys in another order (the first unknown key it reports).
                if !theirs.hasPrefix("not valid JSON"), !theirs.contains("unknown key") {
                    #expect(theirs == mine, "case \(index)")
                }
            case (let theirs, let mine):
                Issue.record("case \(index): JSONDecoder \(theirs), the tree decoder \(mine)")
            }
        }
        // Enough of both kinds to mean something (the generator sends about one card in three, many refused).
        #expect(cards > 300 && refused > 50 && cards - refused > 100, "\(cards) cards, \(refused) refused")
    }

    @Test("the example cards read the same either way, and a template's document reads back as its card")
    func examples() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples")
        for name in ["card.json", "flow-card.json"] {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let template = try CardTemplate(data)
            let values = Dictionary(uniqueKeysWithValues: template.placeholders.map { ($0, "Value of \($0)") })
            let filled = try CardTree(parsing: data).filled(values)
            let card = try template.card(values: values)
            #expect(Self.foundation(filled) == .card(card), "\(name)")
            #expect(template.document == data)
        }
    }

    @Test("a Figma frame's template document is its card, as JSONDecoder reads it; placeholders are its fields")
    func figmaFrames() throws {
        var documents = [try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/figma-card.json"))]
        let shared = FigmaDocumentTests.shared
        if let files = try? FileManager.default.contentsOfDirectory(atPath: shared.path) {
            for file in files.sorted() where file.hasSuffix(".json") {
                documents.append(try Data(contentsOf: shared.appendingPathComponent(file)))
            }
        }
        var frames = 0
        for data in documents {
            let figma = try FigmaDocument(data: data)
            for node in figma.topLevelNodes {
                let frame = try figma.frame(node.id)
                frames += 1
                // The document is the card as Foundation's encoder writes it (paths' numbers rounded as
                // CardPathJSON writes them, so not always the converted card itself).
                let written = try JSONDecoder().decode(Card.self, from: JSONEncoder().encode(frame.card))
                #expect(try JSONDecoder().decode(Card.self, from: frame.template.document) == written, "\(node.id)")
                // Filled, it is what Foundation reads from the filled document; without placeholders, the card.
                let values = Dictionary(uniqueKeysWithValues: frame.template.placeholders.map { ($0, "x") })
                let filled = try CardTree(parsing: frame.template.document).filled(values)
                if values.isEmpty {
                    #expect(try frame.card(values: [:]) == frame.card, "\(node.id)")
                } else {
                    // Foundation's parser reads some numbers' last digit off (0.9999999999999998 as …97), so the
                    // cards are compared as JSON, numbers within 1e-9.
                    guard case .card(let theirs) = Self.foundation(filled) else {
                        Issue.record("\(node.id): JSONDecoder refused the filled document")
                        continue
                    }
                    #expect(try Self.same(theirs, try frame.card(values: values)), "\(node.id)")
                }
            }
        }
        #expect(frames >= 1)
        // Examples/figma-card.json has {{title}}-style placeholders in its texts.
        let example = try FigmaDocument(data: documents[0])
        #expect(try !example.frame(example.topLevelNodes[0].id).template.placeholders.isEmpty)
    }

    /// Whether two cards are the same as JSON, numbers within 1e-9.
    static func same(_ one: Card, _ other: Card) throws -> Bool {
        func tree(_ card: Card) throws -> Any { try JSONSerialization.jsonObject(with: JSONEncoder().encode(card)) }
        func same(_ a: Any, _ b: Any) -> Bool {
            switch (a, b) {
            case (let a as [String: Any], let b as [String: Any]):
                return Set(a.keys) == Set(b.keys) && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
            case (let a as [Any], let b as [Any]):
                return a.count == b.count && zip(a, b).allSatisfy(same)
            case (let a as String, let b as String):
                return a == b
            case (let a as NSNumber, let b as NSNumber):
                return abs(a.doubleValue - b.doubleValue) <= 1e-9
            default:
                return a is NSNull && b is NSNull
            }
        }
        return same(try tree(one), try tree(other))
    }

    @Test("numbers, nulls and the wrong kinds are read as JSONDecoder reads them")
    func edges() throws {
        let layer = #""type": "rect", "x": 0, "y": 0, "width": 5, "height": 5"#
        let documents = [
            #"{"width": 1e3, "height": 10, "layers": []}"#,
            ##"{"width": 10, "height": 10, "scale": 2.0, "layers": [{\##(layer), "fill": "#FF0000", "radius": null}]}"##,
            #"{"width": "10", "height": 10, "layers": []}"#,
            #"{"width": null, "height": 10, "layers": []}"#,
            #"{"width": true, "height": 10, "layers": []}"#,
            #"{"height": 10, "layers": []}"#,
            #"{"width": 10, "height": 10, "layers": {}}"#,
            #"{"width": 10, "height": 10, "layers": [3]}"#,
            #"{"width": 10, "height": 10, "layers": [{\#(layer), "fill": 3}]}"#,
            #"{"width": 10, "height": 10, "layers": [{"type": "text", "x": 0, "y": 0, "text": "a", "maxLines": 2.0}]}"#,
            #"[1, 2]"#,
            #""text""#,
        ]
        for document in documents {
            let tree = try CardTree(parsing: Data(document.utf8))
            switch (Self.foundation(tree), Self.ours(tree)) {
            case (.card(let theirs), .card(let mine)): #expect(theirs == mine, "\(document)")
            case (.refused(let theirs), .refused(let mine)): #expect(theirs == mine, "\(document)")
            case (let theirs, let mine): Issue.record("\(document): JSONDecoder \(theirs), the tree decoder \(mine)")
            }
        }
        // Where JSONDecoder names no place, the tree decoder does.
        let fraction = #"{"width": 10, "height": 10, "layers": [{"type": "text", "x": 0, "y": 0, "text": "a", "maxLines": 1.5}]}"#
        guard case .refused(let message) = Self.ours(try CardTree(parsing: Data(fraction.utf8))) else {
            Issue.record("maxLines 1.5 was read")
            return
        }
        #expect(message.contains("\"maxLines\"") && message.contains("1.5"), "\(message)")
    }
}
