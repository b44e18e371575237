import CHarfBuzz

/// An ISO 15924 script as HarfBuzz tags it (`Latn`, `Arab`, `Hani`), for shaping a run.
struct ScriptTag: RawRepresentable, Sendable, Hashable {
    /// The four-letter tag packed big-endian, as HarfBuzz's hb_script_t.
    var rawValue: UInt32

    /// Whether the script is a real one, not common, inherited or unknown.
    var isSpecific: Bool { self != .common && self != .inherited && self != .unknown }
}

extension ScriptTag {
    /// The script of a Unicode scalar, from HarfBuzz's Unicode functions (`hb_unicode_script`); common and
    /// inherited characters (spaces, digits, marks) answer ``common`` and ``inherited``.
    init(of scalar: UInt32) {
        self.init(rawValue: hb_unicode_script(hb_unicode_funcs_get_default(), scalar).rawValue)
    }

    /// Whether the script is cursive: its letters join, so letter spacing would tear words apart and is not
    /// added (CSS Text 3 §8.2's cursive scripts, as Chromium skips them: Arabic, Hanifi Rohingya, Mandaic,
    /// Mongolian, N'Ko, Phags-pa, Syriac; and the other scripts Unicode gives joining forms: Adlam, Chorasmian,
    /// Manichaean, Old Uyghur, Psalter Pahlavi, Sogdian).
    var isCursive: Bool {
        ScriptTag.cursive.contains(rawValue)
    }

    private static let cursive: Set<UInt32> = Set(["Arab", "Rohg", "Mand", "Mong", "Nkoo", "Phag", "Syrc", "Adlm",
                                                   "Chrs", "Mani", "Ougr", "Phlp", "Sogd"].map { OpenTypeTag($0).rawValue })

    /// Whether text in this script is set on an ideographic em grid (Han, Hiragana, Katakana, Bopomofo), where
    /// CSS `text-spacing-trim` applies.
    var isCJK: Bool {
        [HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO].contains(hb_script_t(rawValue: rawValue))
    }

    /// Whether the script is one of those Japanese is written in together (Han, Hiragana, Katakana), which one
    /// run holds.
    var isJapanese: Bool {
        self == .han || self == .hiragana || self == .katakana
    }

    /// HB_SCRIPT_HAN.
    static let han = ScriptTag(rawValue: HB_SCRIPT_HAN.rawValue)
    /// HB_SCRIPT_HIRAGANA.
    static let hiragana = ScriptTag(rawValue: HB_SCRIPT_HIRAGANA.rawValue)
    /// HB_SCRIPT_KATAKANA.
    static let katakana = ScriptTag(rawValue: HB_SCRIPT_KATAKANA.rawValue)
    /// HB_SCRIPT_LATIN.
    static let latin = ScriptTag(rawValue: HB_SCRIPT_LATIN.rawValue)
    /// HB_SCRIPT_COMMON: characters used by many scripts.
    static let common = ScriptTag(rawValue: HB_SCRIPT_COMMON.rawValue)
    /// HB_SCRIPT_INHERITED: marks that take the script of their base.
    static let inherited = ScriptTag(rawValue: HB_SCRIPT_INHERITED.rawValue)
    /// HB_SCRIPT_UNKNOWN: unassigned code points.
    static let unknown = ScriptTag(rawValue: HB_SCRIPT_UNKNOWN.rawValue)
}
