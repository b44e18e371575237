import Testing
import MatterType

@Suite("Font weights")
struct FontWeightTests {
    @Test("OpenType numbering: thin is 100, extraLight 200 (YMatterType swapped them)")
    func numbering() {
        #expect(FontWeight.named.map(\.rawValue) == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(FontWeight.thin.rawValue == 100)
        #expect(FontWeight.ultralight == .extraLight)
        #expect(FontWeight.heavy == .extraBold)
    }

    @Test("names, synonyms and numbers parse, case-insensitively", arguments: [
        ("thin", FontWeight.thin), ("Hairline", .thin), ("ExtraLight", .extraLight), ("ultralight", .extraLight),
        ("extra-light", .extraLight), ("LIGHT", .light), ("regular", .regular), ("normal", .regular),
        ("Medium", .medium), ("SemiBold", .semibold), ("demibold", .semibold), ("Demi Bold", .semibold),
        ("bold", .bold), ("ExtraBold", .extraBold), ("ultrabold", .extraBold), ("heavy", .extraBold),
        ("black", .black), ("ExtraBlack", .black), ("100", .thin), ("600", .semibold), ("900", .black),
        ("650", FontWeight(rawValue: 650)!), ("1", FontWeight(rawValue: 1)!), ("1000", FontWeight(rawValue: 1000)!),
    ])
    func parsing(text: String, weight: FontWeight) {
        #expect(FontWeight(parsing: text) == weight)
    }

    @Test("anything else does not parse", arguments: ["", "boldest", "0", "1001", "-400", "4OO", "650.5"])
    func parsingRejects(text: String) {
        #expect(FontWeight(parsing: text) == nil)
    }

    @Test("a usWeightClass maps to the nearest named weight")
    func nearest() {
        #expect(FontWeight(nearestTo: 400) == .regular)
        #expect(FontWeight(nearestTo: 350) == .light)  // a tie goes to the lighter weight
        #expect(FontWeight(nearestTo: 380) == .regular)
        #expect(FontWeight(nearestTo: 1) == .thin)
        #expect(FontWeight(nearestTo: 1000) == .black)
    }
}
