import Foundation
import Testing
import MatterType
import MatterTypeCards
import MatterTypeFuzzing
import MatterTypeWire

/// Every field's declared examples — what the request generator sends — are what they say: a request with an
/// accepted value is laid out and drawn, one with a refused value is refused with a one-line error.
@Suite("Field examples")
struct FieldExamplesTests {
    /// Each request drawn in its own format only: whether a value is taken or refused is the question here (the
    /// request generator's cases compare the formats).
    let checker: RequestChecker = {
        var checker = RequestChecker(registry: FontRegistry())
        checker.comparedFormatsPixelLimit = 0
        return checker
    }()

    /// How far `body` goes, and the checker's problems with it.
    func outcome(_ body: String) -> (problems: [String], outcome: RequestChecker.Outcome) {
        checker.check(GeneratedRequest(kind: .render, body: Data(body.utf8)))
    }

    func check<Group>(_ fields: [RequestField<Group>], body: (String, String) -> String) {
        for field in fields {
            #expect(!field.examples.accepted.isEmpty, "\(field.key) has no examples")
            for value in field.examples.accepted {
                let (problems, outcome) = self.outcome(body(field.key, value))
                #expect(problems.isEmpty && (outcome == .drawn || outcome == .framed),
                        "\(field.key): \(value) is an accepted example but was \(outcome.rawValue) \(problems)")
            }
            for value in field.examples.refused {
                let (problems, outcome) = self.outcome(body(field.key, value))
                #expect(problems.isEmpty && (outcome == .refusedDecoding || outcome == .refusedLayout),
                        "\(field.key): \(value) is a refused example but was \(outcome.rawValue) \(problems)")
            }
        }
    }

    /// What a field needs to apply: without it the field is ignored, as the docs say (the CLI refuses it).
    static let applies = ["maxHeight": #", "fit": true"#, "minFontSize": #", "fit": true"#,
                          "margin": #", "format": "pdf", "pageSize": "a4""#]

    @Test("a request's fields: accepted examples are drawn, refused ones refused (where the field applies)")
    func requestFields() {
        let body = { (key: String, value: String) in
            #"{"text": "Hi there", "\#(key)": \#(value)\#(FieldExamplesTests.applies[key] ?? "")}"#
        }
        check(TypographyFields.fields, body: body)
        check(LimitFields.fields, body: body)
        check(OutputFields.fields, body: body)
    }

    @Test("a span's fields: accepted examples are drawn, refused ones refused")
    func spanFields() {
        check(SpanStyle.fields) { #"{"spans": [{"text": "Hi "}, {"text": "there", "\#($0)": \#($1)}]}"# }
    }

    /// Whether each example of a layer kind's keys is what it says: the key set to it in `base` (a layer of the
    /// kind that is drawn as it is; `spans` in place of its `text`), in a column frame filling a 200 × 120 card (so
    /// that "fill" and "absolute" have a flow to fill and leave).
    func check<Layer>(_ fields: [CardField<Layer>], base: [(String, String)]) {
        for field in fields {
            #expect(!field.examples.accepted.isEmpty, "\(field.key) has no examples")
            let examples = field.examples.accepted.map { ($0, true) } + field.examples.refused.map { ($0, false) }
            for (value, accepted) in examples {
                let replaced = field.key == "spans" ? ["spans", "text"] : [field.key]
                let members = base.filter { !replaced.contains($0.0) } + [(field.key, value)]
                let layer = "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
                let body = #"{"width": 200, "height": 120, "layers": [{"type": "frame", "width": 200, "height": 120, "#
                    + #""layout": {"direction": "vertical"}, "layers": [\#(layer)]}]}"#
                let (problems, outcome) = checker.check(GeneratedRequest(kind: .card, body: Data(body.utf8)))
                let drawn = outcome == .drawn || outcome == .framed
                let kind = accepted ? "an accepted" : "a refused"
                #expect(problems.isEmpty && drawn == accepted,
                        "\(field.key): \(value) is \(kind) example but was \(outcome.rawValue) \(problems)")
            }
        }
    }

    @Test("a card layer's keys: accepted examples are drawn, refused ones refused, for every layer kind")
    func cardLayerFields() {
        let rect = ##"{"type": "rect", "width": 10, "height": 10, "fill": "#00F"}"##
        check(CardRectLayer.fields, base: [("type", #""rect""#), ("x", "10"), ("y", "10"), ("width", "40"),
                                           ("height", "30"), ("fill", ##""#F00""##)])
        let source = CardImageLayer.fields.first { $0.key == "src" }?.examples.accepted.first ?? ""
        check(CardImageLayer.fields, base: [("type", #""image""#), ("width", "40"), ("height", "30"), ("src", source)])
        check(CardTextLayer.fields, base: [("type", #""text""#), ("text", #""Hi there""#)])
        check(CardFrameLayer.fields, base: [("type", #""frame""#), ("width", "80"), ("height", "60"),
                                            ("layout", #"{"direction": "vertical"}"#), ("layers", "[\(rect)]")])
    }
}
