import Foundation
import Testing
@testable import MatterType

/// Automatic hyphenation (``Hyphens/auto``): the dictionaries Debian ships for LibreOffice (hyphen-en-us,
/// hyphen-de, hyphen-fr, which `make test` installs) read with libhyphen, checked against pyphen reading the same
/// files (`Scripts/hyphenation-reference.py` made Fixtures/hyphenation-pyphen.json), and the lines they give.
@Suite("Hyphenation")
struct HyphenationTests: NotoLayoutSuite {
    let registry = FontRegistry(includesSystemFonts: false)
    let body = Typography(family: "Noto Sans", fontSize: 16, lineHeight: 24)

    /// The pyphen fixture: per language, the dictionary file, its limits and each word's points.
    struct Reference: Decodable {
        struct Language: Decodable {
            var dictionary: String
            var left: Int
            var right: Int
            var points: [String: [Int]]
        }
        var languages: [String: Language]
    }

    /// Where libhyphen and pyphen read hyph_de_DE.dic differently: pyphen applies every pattern that matches
    /// (Liang's algorithm), libhyphen's automaton only the match of the state it reaches, and the German file
    /// relies on that (LibreOffice's substrings.pl prepares its files for it). libhyphen's points are the correct
    /// German hyphenation here (Duden: Zei-len-ab-stand, Zu-sam-men-ar-beit); pyphen adds "zeile-nab" and
    /// "zusamme-n-a-rbeit".
    static let germanDifferences = ["zeilenabstand": [3, 6, 8], "zusammenarbeit": [2, 5, 8, 10]]

    @Test("libhyphen gives pyphen's points for 491 English, German and French words, with the dictionaries' limits")
    func matchesPyphen() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("hyphenation-pyphen.json")))
        let reference = try JSONDecoder().decode(Reference.self, from: data)
        #expect(reference.languages.count == 3)
        for (language, expected) in reference.languages.sorted(by: { $0.key < $1.key }) {
            let dictionary = try #require(HyphenationDictionary.forLanguage(language), "no dictionary for \(language)")
            #expect(dictionary.path == expected.dictionary)
            #expect(dictionary.leftMinimum == expected.left && dictionary.rightMinimum == expected.right)
            var differences: [String] = []
            for (word, points) in expected.points.sorted(by: { $0.key < $1.key }) {
                let found = dictionary.hyphenationPoints(word.unicodeScalars.map(\.value))
                let expected = language == "de-DE" ? HyphenationTests.germanDifferences[word] ?? points : points
                if found != expected { differences.append("\(word): \(found) ≠ \(expected)") }
                if expected != points { #expect(Set(points).isSuperset(of: found), "\(word): pyphen \(points)") }
            }
            #expect(differences.isEmpty, "\(language): \(differences.joined(separator: "; "))")
        }
    }

    @Test("a language tag finds the file for the whole tag, then for shorter tags; odd tags find none")
    func dictionaryFiles() {
        #expect(HyphenationDictionary.fileNames(forLanguage: "en-us") == ["hyph_en_US.dic", "hyph_en.dic"])
        #expect(HyphenationDictionary.fileNames(forLanguage: "sr_latn_RS")
            == ["hyph_sr_Latn_RS.dic", "hyph_sr_Latn.dic", "hyph_sr.dic"])
        #expect(HyphenationDictionary.fileNames(forLanguage: "../../etc/passwd").isEmpty)
        #expect(HyphenationDictionary.fileNames(forLanguage: "").isEmpty)
        // The file found, links resolved (Debian's hyph_de_AT.dic and hyph_de.dic both link to hyph_de_DE.dic).
        func file(_ path: String) -> String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        #expect(HyphenationDictionary.forLanguage("de-AT")?.path == file("/usr/share/hyphen/hyph_de_AT.dic"))
        #expect(HyphenationDictionary.forLanguage("de-XX")?.path == file("/usr/share/hyphen/hyph_de.dic"))
        #expect(HyphenationDictionary.forLanguage("xx-YY") == nil)
    }

    func lines(_ text: String, _ hyphens: Hyphens, language: String? = "en-US", width: Double) throws -> [String] {
        try layout(text, body.hyphens(hyphens).language(language), width: width).lines.map(\.text)
    }

    @Test("a word breaks at the last dictionary point whose hyphen fits, and shows Noto Sans' U+2010")
    func breaksAtPoint() throws {
        // hb-shape on NotoSans-Regular (1,000 units/em) at 16 pt: "typog‐" 3,028 units = 48.448 pt, "typogra‐"
        // 3,982 = 63.712 pt; the dictionary's points: ty-pog-ra-phy.
        #expect(try lines("typography", .auto, width: 60) == ["typog‐", "raphy"])
        #expect(try lines("typography", .auto, width: 64) == ["typogra‐", "phy"])
        // Without hyphenation the word breaks between letters: "typogra" is 58.56 pt, "typograp" 68.4 (hb-shape).
        #expect(try lines("typography", .manual, width: 60) == ["typogra", "phy"])
        #expect(try lines("typography", .none, width: 60) == ["typogra", "phy"])
    }

    @Test("every line of a hyphenated paragraph ends at a break or at one of the dictionary's points")
    func paragraph() throws {
        let text = "The international organization of hyphenation dictionaries demonstrates extraordinary "
            + "typographical responsibilities across multilingual publications."
        let dictionary = try #require(HyphenationDictionary.forLanguage("en-US"))
        for width in stride(from: 90.0, through: 210, by: 30) {
            let shown = try lines(text, .auto, width: width)
            #expect(shown.joined().replacingOccurrences(of: "‐", with: "") == text)
            #expect(shown.count <= (try lines(text, .manual, width: width)).count)
            for (line, next) in zip(shown, shown.dropFirst()) where line.hasSuffix("‐") {
                let before = line.dropLast().split(separator: " ").last.map(String.init) ?? ""
                let after = next.split(separator: " ").first.map(String.init) ?? ""
                let word = (before + after).unicodeScalars.map(\.value)
                #expect(dictionary.hyphenationPoints(word).contains(before.unicodeScalars.count),
                        "\(before)‐\(after) at \(width) pt")
            }
        }
    }

    @Test("short words, capitalized English words and words with soft hyphens keep their own breaks")
    func wordsLeftWhole() throws {
        // Capitalized English is left whole: it breaks between letters ("Hyphe" 48.768 pt, "Hyphen" 58.656).
        #expect(try lines("Hyphenation", .auto, width: 50) == ["Hyphe", "nation"])
        #expect(try lines("hyphenation", .auto, width: 50) == ["hy‐", "phen‐", "ation"])
        #expect(try lines("Hyphenation", .auto, language: "en-GB", width: 50) == ["Hyphe", "nation"])
        // German capitalizes nouns and Chromium hyphenates them there: "Straßen‐bahn" (de: Stra-ßen-bahn).
        #expect(try lines("Straßenbahn", .auto, language: "de", width: 70) == ["Straßen‐", "bahn"])
        // A word with a soft hyphen keeps only it: "hyphen‐" (61.84 pt) does not fit 50 pt, and the dictionary's
        // "hy‐" is not offered, so the word breaks between letters; at 62 pt the soft hyphen's break fits.
        #expect(try lines("hyphen\u{AD}ation", .auto, width: 50) == ["hyphe", "n\u{AD}ation"])
        #expect(try lines("hyphen\u{AD}ation", .auto, width: 62) == ["hyphen\u{AD}‐", "ation"])
    }

    @Test("a word wider than the line is hyphenated before it is broken between letters")
    func overlongWord() throws {
        let shown = try lines("Donaudampfschifffahrtsgesellschaft", .auto, language: "de", width: 100)
        #expect(shown == ["Donau‐", "dampfschiff‐", "fahrtsgesell‐", "schaft"])
    }

    @Test("no break inside a ligature: Noto Sans draws \"ff\" as one glyph, so \"veröf-fent\" is not offered")
    func ligature() throws {
        // hb-shape: "veröffentlichte" is v e r odieresis f_f e n t l i c h t e; the dictionary has ver-öf-fent-lich-te.
        let dictionary = try #require(HyphenationDictionary.forLanguage("de"))
        #expect(dictionary.hyphenationPoints("veröffentlichte".unicodeScalars.map(\.value)) == [3, 5, 9, 13])
        for width in stride(from: 60.0, through: 120, by: 5) {
            let shown = try lines("veröffentlichte", .auto, language: "de", width: width)
            #expect(!shown.contains { $0.hasSuffix("f‐") }, "\(shown) at \(width) pt")
            #expect(shown.joined().replacingOccurrences(of: "‐", with: "") == "veröffentlichte")
        }
        // A soft hyphen there is not offered either: the line would end in the f_f glyph.
        #expect(!(try lines("veröf\u{AD}fentlichte", .manual, width: 70)).contains { $0.hasSuffix("f\u{AD}‐") })
    }

    @Test("no language, or none installed: not hyphenated, and the layout says why")
    func warnings() throws {
        let text = "The hyphenation dictionaries demonstrate extraordinary responsibilities."
        let unknown = try layout(text, body.hyphens(.auto).language("pt-BR"), width: 100)
        #expect(unknown.hyphenationWarnings == [.noDictionary(language: "pt-BR")])
        #expect(unknown.lines.map(\.text) == (try lines(text, .manual, width: 100)))
        #expect(unknown.hyphenationWarnings[0].description.contains("hyph_pt_BR.dic"))
        let none = try layout(text, body.hyphens(.auto).language(nil), width: 100)
        #expect(none.hyphenationWarnings == [.noLanguage])
        #expect(try layout(text, body.hyphens(.auto).language("en"), width: 100).hyphenationWarnings.isEmpty)
        #expect(try layout(text, body.language("pt-BR"), width: 100).hyphenationWarnings.isEmpty)
    }

    @Test("none takes soft hyphens' breaks away; manual (the default) keeps them")
    func softHyphens() throws {
        #expect(body.hyphens == .manual)
        #expect(try lines("typo\u{AD}graphy", .manual, width: 60) == ["typo\u{AD}‐", "graphy"])
        #expect(try lines("typo\u{AD}graphy", .none, width: 60) == ["typo\u{AD}gra", "phy"])
    }

    @Test("hyphens survives JSON")
    func codable() throws {
        let typography = body.hyphens(.auto)
        let decoded = try JSONDecoder().decode(Typography.self, from: JSONEncoder().encode(typography))
        #expect(decoded.hyphens == .auto && decoded == typography)
    }

    @Test("each installed dictionary file is loaded once, whatever tag or link names it (German took 4 s a tag)")
    func dictionariesLoadOncePerFile() throws {
        let austrian = "/usr/share/hyphen/hyph_de_AT.dic"
        try #require(FileManager.default.fileExists(atPath: austrian), "hyphen-de is not installed (make test installs it)")
        // Debian's German variants are links to one file: one dictionary for all of them.
        let german = try #require(HyphenationDictionary.forLanguage("de"))
        #expect(HyphenationDictionary.forLanguage("de-AT") === german && HyphenationDictionary.forLanguage("de-CH") === german)
        #expect(german.path == URL(fileURLWithPath: austrian).resolvingSymlinksInPath().path)
        // Preloading counts every distinct installed file once (links resolved, as `readlink -f` would).
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: "/usr/share/hyphen")
            .filter { $0.hasPrefix("hyph_") && $0.hasSuffix(".dic") }
            .map { URL(fileURLWithPath: "/usr/share/hyphen/" + $0).resolvingSymlinksInPath().path })
        #expect(HyphenationDictionaries.preloadInstalled() >= files.count)
    }
}
