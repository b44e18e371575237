public import Foundation

/// MatterType's version, recorded in golden metrics so that a difference can be traced to an upgrade.
public enum MatterTypeVersion {
    /// The version of this library.
    public static let current = "0.4.0"
}

/// A text to measure in every typography token, at each width (`{"samples": [{"name", "text", "widths"}]}`).
public struct MetricsSample: Sendable, Hashable, Codable {
    /// The sample's name in reports and file names, e.g. `headline`.
    public var name: String
    /// The text laid out.
    public var text: String
    /// The widths (points) it is laid out at.
    public var widths: [Double]

    /// A sample.
    public init(name: String, text: String, widths: [Double]) {
        self.name = name
        self.text = text
        self.widths = widths
    }

    /// The samples of a samples file.
    /// - Throws: ``DesignTokenError`` naming the file when it is not `{"samples": [...]}` with usable names and widths.
    public static func load(contentsOf url: URL) throws(DesignTokenError) -> [MetricsSample] {
        struct File: Decodable { var samples: [MetricsSample] }
        let samples: [MetricsSample]
        do {
            samples = try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).samples
        } catch {
            throw DesignTokenError(path: url.path, message: "is not {\"samples\": [{\"name\", \"text\", \"widths\"}]} "
                                   + "(\(error.localizedDescription))")
        }
        for sample in samples {
            guard !sample.name.isEmpty, sample.name.allSatisfy({ $0.isLetter || $0.isNumber || "-_".contains($0) })
            else {
                throw DesignTokenError(path: url.path, message: "sample name \"\(sample.name)\" is not letters, "
                                       + "digits, - and _ (it names files)")
            }
            guard !sample.widths.isEmpty, sample.widths.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= 1_000_000 }) else {
                throw DesignTokenError(path: url.path, message: "sample \(sample.name) needs widths above 0")
            }
        }
        return samples
    }
}

/// The measured layout of every typography token × sample × width: what golden-metric tests pin.
public struct GoldenMetrics: Sendable, Hashable, Codable {
    /// One token × sample × width.
    public struct Entry: Sendable, Hashable, Codable {
        /// The typography token's path.
        public var token: String
        /// The sample's name.
        public var sample: String
        /// The width laid out at, in points.
        public var width: Double
        /// The number of lines.
        public var lineCount: Int
        /// The layout's height in points.
        public var height: Double
        /// Each line: its text, width and baseline (points).
        public var lines: [Line]
        /// The PostScript names of the faces used, the token's first.
        public var fonts: [String]
        /// Whether the token's own family was replaced by another.
        public var fallback: Bool

        /// An entry with every field given.
        public init(token: String, sample: String, width: Double, lineCount: Int, height: Double, lines: [Line],
                    fonts: [String], fallback: Bool) {
            self.token = token
            self.sample = sample
            self.width = width
            self.lineCount = lineCount
            self.height = height
            self.lines = lines
            self.fonts = fonts
            self.fallback = fallback
        }

        /// The entry of `layout`: its lines, height, faces and whether its typography's family fell back, under
        /// the names given (the width is the one it was laid out at).
        public init(layout: TextLayout, token: String, sample: String, width: Double) {
            self.init(token: token, sample: sample, width: width, lineCount: layout.lines.count,
                      height: GoldenMetrics.rounded(layout.height),
                      lines: layout.lines.map {
                          Line(text: $0.text, width: GoldenMetrics.rounded($0.width),
                               baseline: GoldenMetrics.rounded($0.baseline))
                      },
                      fonts: layout.fonts.map(\.postScriptName), fallback: layout.typography.font.isFallback)
        }

        /// `token sample@width`, as reports name the combination.
        public var name: String { "\(token) \(sample)@\(GoldenMetrics.widthName(width))" }

        /// How this entry differs from `golden`'s: line count, height, each line's text, width and baseline
        /// (numbers beyond `tolerance` points), faces and fallback, as `check` reports them (`lines 1 → 2`,
        /// `height 30 → 60`); empty when nothing moved.
        public func changes(from golden: Entry, tolerance: Double = 0.01) -> [String] {
            let (before, after) = (golden, self)
            var changes: [String] = []
            func number(_ value: Double) -> String { GoldenMetrics.widthName(GoldenMetrics.rounded(value)) }
            if before.lineCount != after.lineCount { changes.append("lines \(before.lineCount) → \(after.lineCount)") }
            if abs(before.height - after.height) > tolerance {
                changes.append("height \(number(before.height)) → \(number(after.height))")
            }
            for (index, (a, b)) in zip(before.lines, after.lines).enumerated() {
                if a.text != b.text { changes.append("line \(index + 1) text \(a.text.debugDescription) → \(b.text.debugDescription)") }
                if abs(a.width - b.width) > tolerance {
                    changes.append("line \(index + 1) width \(number(a.width)) → \(number(b.width))")
                }
                if abs(a.baseline - b.baseline) > tolerance {
                    changes.append("line \(index + 1) baseline \(number(a.baseline)) → \(number(b.baseline))")
                }
            }
            if before.fonts != after.fonts {
                changes.append("fonts \(before.fonts.joined(separator: ",")) → \(after.fonts.joined(separator: ","))")
            }
            if before.fallback != after.fallback { changes.append("fallback \(before.fallback) → \(after.fallback)") }
            return changes
        }
    }

    /// A line of an entry.
    public struct Line: Sendable, Hashable, Codable {
        /// What the line shows.
        public var text: String
        /// Its width in points.
        public var width: Double
        /// Its baseline from the top, in points.
        public var baseline: Double

        /// A line with every field given.
        public init(text: String, width: Double, baseline: Double) {
            self.text = text
            self.width = width
            self.baseline = baseline
        }
    }

    /// The MatterType version that measured.
    public var version: String
    /// The SHA-256 of every font file used, by file name (`NotoSans-Regular.ttf`: the same on every machine, where
    /// paths are not; a second file of the same name with other bytes is `name (2)`).
    public var fontFiles: [String: String]
    /// The measurements, sorted by token, sample and width.
    public var entries: [Entry]

    /// Metrics with every field given.
    public init(version: String, fontFiles: [String: String], entries: [Entry]) {
        self.version = version
        self.fontFiles = fontFiles
        self.entries = entries
    }

    /// Lays every typography of `tokens` out with every sample at every width.
    /// - Throws: ``LayoutError`` for a token that cannot be laid out (a negative size, no font).
    public static func measure(tokens: DesignTokens, samples: [MetricsSample],
                               registry: FontRegistry = .shared) throws(LayoutError) -> GoldenMetrics {
        var entries: [Entry] = []
        var files: [String: String] = [:], paths: Set<String> = []
        for token in tokens.typographies.keys.sorted() {
            guard let typography = tokens.typographies[token] else { continue }
            let resolved = try TypographyLayout(typography: typography, registry: registry)
            for sample in samples {
                for width in sample.widths {
                    let layout = try TextLayout(sample.text, typography: resolved, limits: LayoutLimits(width: width))
                    for face in layout.faces where !paths.contains(face.descriptor.path) {
                        paths.insert(face.descriptor.path)
                        let digest = face.file.bytes.withUnsafeBytes { SHA256.hex($0) }
                        let name = URL(fileURLWithPath: face.descriptor.path).lastPathComponent
                        var key = name, copy = 1
                        while let other = files[key], other != digest {
                            copy += 1
                            key = "\(name) (\(copy))"
                        }
                        files[key] = digest
                    }
                    entries.append(Entry(layout: layout, token: token, sample: sample.name, width: width))
                }
            }
        }
        return GoldenMetrics(version: MatterTypeVersion.current, fontFiles: files, entries: entries)
    }

    /// A length rounded to a millionth of a point, so that binary noise does not show in files.
    static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }

    /// A width as file names show it: `180`, or `180.5`.
    public static func widthName(_ width: Double) -> String {
        width == width.rounded() && width.magnitude < 1e15 ? String(Int(width)) : String(width)
    }

    /// How these metrics differ from `golden`: one sentence per entry that differs (numbers beyond `tolerance`
    /// points, line texts at all, entries only one side has), each starting with the entry's name:
    /// `typography.heading headline@180: lines 1 → 2, height 30 → 60`.
    public func differences(from golden: GoldenMetrics, tolerance: Double = 0.01) -> [String] {
        func key(_ entry: Entry) -> String { entry.name }
        let old = Dictionary(golden.entries.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(entries.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var reports: [String] = []
        for name in Set(old.keys).union(new.keys).sorted() {
            guard let before = old[name] else { reports.append("\(name): new (not in the golden metrics)"); continue }
            guard let after = new[name] else { reports.append("\(name): gone (only in the golden metrics)"); continue }
            let changes = after.changes(from: before, tolerance: tolerance)
            if !changes.isEmpty { reports.append("\(name): " + changes.joined(separator: ", ")) }
        }
        return reports
    }
}
