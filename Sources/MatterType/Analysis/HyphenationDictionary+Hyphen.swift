import CHyphen
import Foundation

/// A LibreOffice hyphenation pattern dictionary (`hyph_*.dic`, Liang's patterns as TeX uses them), read and
/// applied with libhyphen, the library LibreOffice uses.
///
/// libhyphen only reads a dictionary once loaded (its hyphenation functions allocate their own buffers), so one
/// dictionary serves every thread.
final class HyphenationDictionary: @unchecked Sendable {
    /// The file it was read from.
    let path: String
    /// The fewest letters left before and after a hyphen: the dictionary's `LEFTHYPHENMIN`/`RIGHTHYPHENMIN`,
    /// at least 2 (CSS `hyphenate-limit-chars: auto`).
    let leftMinimum: Int
    let rightMinimum: Int
    /// Whether the dictionary is for English, whose capitalized words Chromium does not hyphenate.
    let isEnglish: Bool
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// For an 8-bit dictionary (`ISO8859-1`, `KOI8-R`…), the byte each non-ASCII scalar is written as; `nil` for
    /// UTF-8.
    private let bytesOfScalars: [UInt32: UInt8]?

    /// The longest word hyphenated, in scalars (as Android's and Chromium's hyphenator): a longer one is not a
    /// word any dictionary knows, and libhyphen's work grows with it.
    static let maximumWordLength = 64

    /// Loads the dictionary at `path`; `nil` when it cannot be read or its character set is unknown.
    init?(path: String, isEnglish: Bool) {
        guard let loaded = hnj_hyphen_load(path) else { return nil }
        let charset = withUnsafeBytes(of: loaded.pointee.cset) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        if loaded.pointee.utf8 != 0 {
            bytesOfScalars = nil
        } else if let table = HyphenationDictionary.byteTable(charset: charset) {
            bytesOfScalars = table
        } else {
            hnj_hyphen_free(loaded)
            return nil
        }
        self.path = path
        self.isEnglish = isEnglish
        dictionary = loaded
        leftMinimum = max(2, Int(loaded.pointee.lhmin))
        rightMinimum = max(2, Int(loaded.pointee.rhmin))
    }

    deinit {
        hnj_hyphen_free(dictionary)
    }

    /// Where `word` (lowercase scalars, at most ``maximumWordLength``) may be hyphenated: the offsets `k` such
    /// that a line may end after scalar `k − 1` with a hyphen and the next start at scalar `k`, ascending. Only
    /// standard hyphenation: a break that changes the spelling (old German "Schiff-fahrt") is left out.
    func hyphenationPoints(_ word: [UInt32]) -> [Int] {
        guard word.count >= leftMinimum + rightMinimum, word.count <= HyphenationDictionary.maximumWordLength,
              var bytes = encoded(word) else { return [] }
        let byteCount = Int32(bytes.count)
        bytes.append(0)  // libhyphen's minimum checks read up to a NUL
        // libhyphen wants word_size + 5 bytes of hyphen flags; one flag per character (UTF-8 ones too).
        var flags = [CChar](repeating: 0, count: bytes.count + 5)
        let failed = bytes.withUnsafeBufferPointer { word in
            word.withMemoryRebound(to: CChar.self) { word in
                mattertype_hyphen_points(dictionary, word.baseAddress, byteCount, &flags, Int32(leftMinimum),
                                         Int32(rightMinimum))
            }
        } != 0
        guard !failed else { return [] }
        var points: [Int] = []
        for k in leftMinimum...(word.count - rightMinimum) where flags[k - 1] & 1 == 1 { points.append(k) }
        return points
    }

    /// The word in the dictionary's encoding; `nil` when a scalar has no byte in an 8-bit one.
    private func encoded(_ word: [UInt32]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(word.count * 2)
        for value in word {
            if let table = bytesOfScalars {
                if value < 0x80 {
                    bytes.append(UInt8(value))
                } else if let byte = table[value] {
                    bytes.append(byte)
                } else {
                    return nil
                }
            } else if let scalar = Unicode.Scalar(value) {
                bytes.append(contentsOf: UTF8.encode(scalar).map(Array.init) ?? [])
            } else {
                return nil
            }
        }
        return bytes
    }

    /// For an 8-bit character set, the byte (0x80…0xFF) each scalar it holds is written as (iconv decodes every such
    /// byte); `nil` when iconv does not know the set.
    private static func byteTable(charset: String) -> [UInt32: UInt8]? {
        var scalars = [UInt32](repeating: 0, count: 128)
        guard mattertype_hyphen_charset_scalars(charset, &scalars) != 0 else { return nil }
        var table: [UInt32: UInt8] = [:]
        for (index, scalar) in scalars.enumerated() where scalar != 0 { table[scalar] = UInt8(0x80 + index) }
        return table
    }
}

extension HyphenationDictionary {
    /// The directories dictionaries are looked for in: Debian's (LibreOffice's) and the local one.
    static let directories = ["/usr/share/hyphen", "/usr/local/share/hyphen"]

    /// Dictionaries by language tag as asked for (`nil`: none installed); bounded, as the tags come from
    /// requests. Shared by every registry (``CacheShelf/process``): they are the machine's files.
    private static let byLanguage = CacheShelf.process.cache {
        BoundedCache<String, HyphenationDictionary?>("hyphenation_languages", limit: 128)
    }
    /// Dictionaries by file (symbolic links resolved: Debian's `hyph_de_AT.dic` … are links to `hyph_de_DE.dic`),
    /// each loaded once: libhyphen takes about 4 s to load the German one (release, this 2-core host), so threads
    /// asking for it at once wait for one load (under this lock) rather than each making its own, and no tag
    /// (`de-AT`, `de-CH`, `de-LI` …) loads it again.
    private static let byPath = Locked<[String: HyphenationDictionary?]>([:])

    /// The dictionary in `path`, loaded once per file.
    private static func loaded(_ path: String, name: String) -> HyphenationDictionary? {
        let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return byPath.withLock { loaded in
            if let known = loaded[file] { return known }
            let dictionary = HyphenationDictionary(path: file, isEnglish: name.hasPrefix("hyph_en"))
            loaded[file] = dictionary
            return dictionary
        }
    }

    /// Loads every installed dictionary (`hyph_*.dic` in ``directories``) that is not loaded yet; returns how many
    /// files are loaded in all.
    static func loadInstalled() -> Int {
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names.sorted() where name.hasPrefix("hyph_") && name.hasSuffix(".dic") {
                _ = loaded(directory + "/" + name, name: name)
            }
        }
        return byPath.withLock { $0.values.compactMap { $0 }.count }
    }

    /// The dictionary for a BCP 47 language tag: the file named for the whole tag (`hyph_en_US.dic` for
    /// `en-US`), else for the tag less its last subtag, and so on (`hyph_de.dic` for `de-AT` when no Austrian
    /// one is installed); `nil` when none is installed.
    static func forLanguage(_ language: String) -> HyphenationDictionary? {
        byLanguage.value(for: language) {
            for name in fileNames(forLanguage: language) {
                for directory in directories {
                    let path = directory + "/" + name
                    guard FileManager.default.isReadableFile(atPath: path) else { continue }
                    return loaded(path, name: name)
                }
            }
            return nil
        }
    }

    /// The file names a tag's dictionary may have, most specific first: `en-us` → `hyph_en_US.dic`,
    /// `hyph_en.dic`. Empty for a tag that is not letters, digits and hyphens (or underscores).
    static func fileNames(forLanguage language: String) -> [String] {
        let subtags = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = subtags.first, first.count <= 8, subtags.count <= 8,
              subtags.allSatisfy({ !$0.isEmpty && $0.count <= 8
                                   && $0.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic
                                                                      || ("0"..."9").contains($0) } })
        else { return [] }
        // BCP 47's conventional case: language lowercase, script titlecase, region uppercase.
        let cased = subtags.enumerated().map { index, subtag in
            if index == 0 { return subtag.lowercased() }
            if subtag.count == 4, subtag.first?.isLetter == true { return subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased() }
            if subtag.count == 2 { return subtag.uppercased() }
            return subtag.lowercased()
        }
        return (1...cased.count).reversed().map { "hyph_" + cased.prefix($0).joined(separator: "_") + ".dic" }
    }
}

/// The hyphenation dictionaries installed on the system (LibreOffice's, in `/usr/share/hyphen`), which
/// `"hyphens": "auto"` reads.
public enum HyphenationDictionaries {
    /// Loads every installed dictionary now, so that no layout pays for it later: libhyphen takes about 4 s to load
    /// the German one, which the first German text with automatic hyphenation would otherwise wait for. A server
    /// calls it once at start, in the background. Returns how many dictionary files are loaded.
    @discardableResult
    public static func preloadInstalled() -> Int {
        HyphenationDictionary.loadInstalled()
    }
}
