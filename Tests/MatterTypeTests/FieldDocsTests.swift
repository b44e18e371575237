import Foundation
import MatterType
import MatterTypeWire
import Testing

/// `Docs/Fields.md` is the request fields' declarations (``RequestField``) written out: a field added to
/// MatterTypeWire fails this test until the page is regenerated with
/// `MATTERTYPE_WRITE_DOCS=1 swift test --filter FieldDocsTests`.
@Suite("The fields' reference page")
struct FieldDocsTests {
    /// The keys only spans have.
    static var spansOnly: String {
        var lines = ["## Spans only", "", "What only a span says (`SpanStyle.spanOnlyFields`): keys of a `spans` object, "
                     + "no command-line option.", "", "| JSON key | What it does |", "|---|---|"]
        for field in SpanStyle.spanOnlyFields {
            lines.append("| `\(field.key)` | \(field.help.replacingOccurrences(of: "|", with: "\\|")) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The page the declarations make.
    static var page: String {
        func table<Group>(_ title: String, _ about: String, _ fields: [RequestField<Group>]) -> String {
            var lines = ["## \(title)", "", about, "", "| JSON key | CLI option | In spans | What it does |",
                         "|---|---|---|---|"]
            for field in fields {
                let option = field.option + (field.isFlag ? "" : " <\(field.valueName)>")
                let span = field.span == nil ? "" : "yes"
                lines.append("| `\(field.key)` | `\(option)` | \(span) | \(field.help.replacingOccurrences(of: "|", with: "\\|")) |")
            }
            return lines.joined(separator: "\n")
        }
        return """
            # Request fields

            Every field of a render or measure request, as the server's JSON, the CLI's options, spans, card text
            layers and the OpenAPI document (`/openapi.yaml`) all take it. Each is declared once, as a
            `RequestField` in `Sources/MatterTypeWire/Fields/`; this page is written from those declarations
            (`MATTERTYPE_WRITE_DOCS=1 swift test --filter FieldDocsTests`) and a test keeps it so.

            A request is one flat JSON object: `text` or `spans`, `token`, and the fields below. Spans take the
            fields marked "in spans" (their lengths in points); `color` is the only output field a span has.
            A typography token's `$extensions.mattertype` takes the typography fields too
            ([DesignTokens.md](DesignTokens.md)).


            """
            + [table("Typography", "What a designer sets, and the reader's Dynamic Type and Bold Text settings "
                     + "(`RenderRequest.typography`, `TypographyFields`).", TypographyFields.fields),
               table("Limits", "The paragraph and box limits (`RenderRequest.limits`, `LimitFields`): `measure` "
                     + "and `render`.", LimitFields.fields),
               table("Output", "How the image is made (`RenderRequest.output`, `OutputFields`): `render`.",
                     OutputFields.fields),
               spansOnly].joined(separator: "\n\n") + "\n"
    }

    @Test("Docs/Fields.md is what the declarations make")
    func pageIsCurrent() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Fields.md")
        if ProcessInfo.processInfo.environment["MATTERTYPE_WRITE_DOCS"] == "1" {
            try Data(FieldDocsTests.page.utf8).write(to: url)
        }
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(written == FieldDocsTests.page,
                "Docs/Fields.md is out of date: MATTERTYPE_WRITE_DOCS=1 swift test --filter FieldDocsTests")
    }
}
