import Foundation
import Testing
import MatterType
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
}
