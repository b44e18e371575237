import Foundation
@testable import MatterType
import MatterTypeWire
import Testing

/// CSS `font-family` lists as real sites write them, on a machine with the fonts `make test` installs
/// (fonts-liberation2, fonts-dejavu, fonts-noto): the first family of the list that has a font here draws, the
/// later ones fill what it lacks, generic names are Fontconfig's (`fc-match`, Fontconfig's own tool, gives the
/// expected answers), and the choice is reported.
@Suite("CSS font stacks")
struct FontStackTests {
    let registry = FontRegistry()

    /// fc-match's family for `pattern` (independent of MatterType's code).
    static func fcFamily(_ pattern: String) throws -> String {
        try InstalledFontMatchingTests.fcMatch(pattern, format: "%{family[0]}")
    }

    /// Whether an installed font has the family `name` exactly (fc-list, not our matcher).
    static func installed(_ name: String) throws -> Bool {
        !(try InstalledFontMatchingTests.fontconfig("fc-list", [":family=\(name)", "family"]).isEmpty)
    }

    func layout(_ family: String, _ text: String = "fn main() {}") throws -> TextLayout {
        var request = RenderRequest(text: text)
        request.typography.family = SpanStyle.familyNames(inList: family)
        return try request.layout(registry: registry)
    }

    @Test("the first family of the list with a font draws, not the system sans-serif")
    func firstAvailable() throws {
        try #require(!(try Self.installed("Roboto Mono")) && (try Self.installed("DejaVu Sans Mono")),
                     "needs DejaVu Sans Mono installed and Roboto Mono not (make test installs fonts-dejavu)")
        let result = try layout("Roboto Mono, DejaVu Sans Mono")
        #expect(result.typography.font.font.familyName == "DejaVu Sans Mono" && !result.typography.font.isFallback)
        #expect(result.familyChoices.map(\.description) == ["DejaVu Sans Mono, family 2 of 2: Roboto Mono has no font here"])
        let measured = TextMeasurement(result)
        #expect(measured.family == "DejaVu Sans Mono" && measured.familyChoices.count == 1 && !measured.fallback)
        // Monospaced: every glyph of the line has one advance.
        let xs = result.lines[0].glyphs.map(\.x)
        let advances = Set(zip(xs.dropFirst(), xs).map { (($0 - $1) * 1000).rounded() })
        #expect(advances.count == 1, "\(advances)")
    }

    @Test("Primer's code stack draws with Liberation Mono, as Chromium on Linux does")
    func primer() throws {
        try #require(try Self.installed("Liberation Mono"), "fonts-liberation2 is not installed (make test installs it)")
        let result = try layout("ui-monospace, SFMono-Regular, SF Mono, Menlo, Consolas, Liberation Mono, monospace")
        #expect(result.typography.font.font.familyName == "Liberation Mono")
        let choice = try #require(result.typography.familyChoice)
        #expect(choice.index == 5 && choice.skipped.count == 5)
        #expect(choice.description.contains("ui-monospace is Safari's"))
        // Alone, ui-monospace still gets a monospace font: Fontconfig's.
        #expect(try layout("ui-monospace").typography.font.font.familyName == (try Self.fcFamily("monospace")))
    }

    @Test("GitHub's system stack ends at the system sans-serif, as Chromium on Linux")
    func appleSystemStack() throws {
        let result = try layout(#"-apple-system, BlinkMacSystemFont, "Segoe UI""#, "Hello")
        #expect(result.typography.font.font.familyName == (try Self.fcFamily("sans-serif")))
        #expect(result.typography.familyChoice?.found == false)
        // The whole GitHub stack names Noto Sans, which is bundled: it draws.
        let full = try layout(#"-apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif"#)
        #expect(full.typography.font.font.familyName == "Noto Sans" && full.typography.familyChoice?.index == 3)
    }

    @Test("generic families are Fontconfig's answers for them", arguments: [
        ("serif", "serif"), ("sans-serif", "sans-serif"), ("monospace", "monospace"), ("cursive", "cursive"),
        ("fantasy", "fantasy"), ("system-ui", "sans-serif"), ("ui-serif", "serif"), ("ui-sans-serif", "sans-serif"),
        ("ui-monospace", "monospace"), ("ui-rounded", "sans-serif"), ("emoji", "emoji"), ("math", "math"),
    ])
    func generics(css: String, fontconfig: String) throws {
        let expected = try Self.fcFamily(fontconfig)
        let choice = registry.familyChoice(in: [css])
        #expect(choice.generic == expected && choice.found)
        let result = try layout(css, "x")
        #expect(result.typography.font.font.familyName == expected, "\(css)")
        // In a list after a family that is missing, the generic draws too.
        #expect(try layout("Not A Font Here, \(css)", "x").typography.font.font.familyName == expected)
    }

    @Test("later families of the list fill what the drawing family lacks; a generic among them too")
    func laterFamiliesFill() throws {
        // Liberation Mono has no Devanagari; DejaVu Sans neither; the emoji generic fills 🚀.
        try #require(try Self.installed("Liberation Mono"))
        let result = try layout("Liberation Mono, emoji", "ab 🚀")
        let faces = Set(result.lines[0].runs.map(\.font.familyName))
        #expect(faces == ["Liberation Mono", try Self.fcFamily("emoji")], "\(faces)")
    }

    @Test("resolve and measure --json say which family of the list was used and why")
    func reported() throws {
        let resolve = try CLIRun("resolve", "--family", "Roboto Mono, DejaVu Sans Mono", "--weight", "regular", "--json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(resolve.stdout.utf8)) as? [String: Any])
        #expect(json["family"] as? String == "DejaVu Sans Mono")
        #expect((json["familyChoice"] as? String)?.contains("Roboto Mono has no font here") == true)
        let measure = try CLIRun("measure", "--family", "Roboto Mono, DejaVu Sans Mono", "--json", "x")
        let measured = try JSONDecoder().decode(TextMeasurement.self, from: Data(measure.stdout.utf8))
        #expect(measured.family == "DejaVu Sans Mono" && measured.familyChoices.first?.contains("family 2 of 2") == true)
    }
}
