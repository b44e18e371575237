public import Foundation
public import MatterType
public import MatterTypeCards
public import SnapshotTesting

// Strategies for pointfreeco's swift-snapshot-testing, with the rules `mattertype check` compares golden metrics by:
// numbers within a tolerance (0.01 point), line texts, faces and fallback exactly, images pixel for pixel.
//
// ```swift
// import MatterType
// import MatterTypeSnapshotTesting
// import SnapshotTesting
// import Testing
//
// @Test func headline() throws {
//     let layout = try TextLayout("Ship faster", typography: Typography(family: "Noto Sans", fontSize: 32,
//                                 lineHeight: 40), limits: LayoutLimits(width: 180))
//     assertSnapshot(of: layout, as: .metrics)  // __Snapshots__/….headline.1.json
//     assertSnapshot(of: layout, as: .image)    // __Snapshots__/….headline.2.png
// }
// ```
//
// The snapshots are files beside the test (`__Snapshots__/`), recorded on the first run (which fails once, so that
// a run that records cannot pass CI) or with `withSnapshotTesting(record: .all)`. As with golden metrics, record
// and check on the same fonts: a machine with other fonts installed lays text out differently.

extension Snapshotting where Value == TextLayout, Format == String {
    /// A layout's metrics as `mattertype check` compares them — line count, height, each line's text, width and
    /// baseline, the faces' PostScript names and whether the family fell back — as JSON (`.json`), numbers within
    /// 0.01 point.
    public static var metrics: Snapshotting { metrics(tolerance: 0.01) }

    /// ``metrics``, with numbers compared within `tolerance` points.
    public static func metrics(tolerance: Double) -> Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .metrics(tolerance: tolerance)) { layout in
            LayoutMetrics(GoldenMetrics.Entry(layout: layout, token: "", sample: "",
                                              width: layout.limits.width ?? 0),
                          width: layout.limits.width).json
        }
    }
}

extension Diffing where Value == String {
    /// Layout metrics JSON (``Snapshotting/metrics``) compared as `check` compares golden metrics: one line
    /// naming what moved (`lines 1 → 2, line 1 width 93.2 → 95.1`), numbers within `tolerance` points; text that
    /// is not such JSON is compared line by line.
    public static func metrics(tolerance: Double) -> Diffing {
        .diff(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) }) { old, new in
            guard let before = LayoutMetrics(json: old), let after = LayoutMetrics(json: new) else {
                return Diffing.lines.diffV2(old, new)
            }
            var changes = after.entry.changes(from: before.entry, tolerance: tolerance)
            if before.width != after.width {
                changes.insert("width \(before.width.map(GoldenMetrics.widthName) ?? "none") → "
                               + "\(after.width.map(GoldenMetrics.widthName) ?? "none")", at: 0)
            }
            guard !changes.isEmpty else { return nil }
            return ("metrics moved: " + changes.joined(separator: ", "),
                    [.data(Data(new.utf8), name: "metrics.json")])
        }
    }
}

extension Snapshotting where Value == TextLayout, Format == Data {
    /// The layout drawn black on a transparent background by ``TextRenderer/shared``, as a PNG compared pixel
    /// for pixel (`check`'s image rule).
    public static var image: Snapshotting { image() }

    /// The layout drawn in `color` on `background` with `padding` points around it by `renderer`, as a PNG
    /// compared pixel for pixel. A layout that cannot be drawn (an image over
    /// ``TextRenderer/maximumPixelCount``) fails the assertion with the reason.
    public static func image(color: Color = .black, background: Color = .clear, padding: Double = 0,
                             renderer: TextRenderer = .shared) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .pixels) { layout in
            PNGSnapshot.encoded {
                try renderer.image(of: layout, color: color, background: background, padding: padding)
            }
        }
    }
}

extension Snapshotting where Value == Card, Format == Data {
    /// The card drawn by a ``CardRenderer`` of the shared fonts (images read from data URIs only), as a PNG
    /// compared pixel for pixel.
    public static var image: Snapshotting { image(renderer: CardRenderer()) }

    /// The card drawn by `renderer` (its fonts, tokens and image folder), as a PNG compared pixel for pixel. A
    /// card that cannot be drawn (a layer's error) fails the assertion with the reason.
    public static func image(renderer: CardRenderer) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .pixels) { card in
            PNGSnapshot.encoded { try renderer.image(of: card) }
        }
    }
}

extension Diffing where Value == Data {
    /// PNGs compared pixel for pixel after decoding (two encodings of the same pixels match): the message counts
    /// the pixels that differ and names a side-by-side image (old | new | differences in red) written to the
    /// temporary folder. Bytes that are not a PNG (a drawing that failed) never match.
    public static var pixels: Diffing {
        .diff(toData: { $0 }, fromData: { $0 }) { old, new in
            guard let before = PNGDecoder.decode(old) else {
                return ("the reference is not a PNG: " + PNGSnapshot.failure(in: old), [])
            }
            guard let after = PNGDecoder.decode(new) else { return (PNGSnapshot.failure(in: new), []) }
            let pixels = ImageDiff.differingPixels(before, after)
            guard pixels > 0 else { return nil }
            var message = "\(pixels) pixels differ (\(before.width) × \(before.height) → \(after.width) × "
                + "\(after.height))"
            var attachments: [DiffAttachment] = []
            if let diff = try? PNGEncoder.encode(ImageDiff.sideBySide(before, after)) {
                let url = FileManager.default.temporaryDirectory
                    .appendingPathComponent("mattertype-snapshot-\(UUID().uuidString).diff.png")
                if (try? diff.write(to: url)) != nil { message += "; old | new | difference: \(url.path)" }
                attachments.append(.data(diff, name: "difference.png"))
            }
            return (message, attachments)
        }
    }
}

/// The PNG bytes a snapshot stores, and how a drawing that failed is carried to the assertion.
enum PNGSnapshot {
    /// What bytes that are not a PNG start with: a failed drawing's reason follows.
    static let failurePrefix = "mattertype: could not draw: "

    /// The PNG of `draw`'s image, or the reason it failed after ``failurePrefix`` (never a PNG, so never a match).
    static func encoded(_ draw: () throws -> RGBAImage) -> Data {
        do {
            return try PNGEncoder.encode(try draw())
        } catch {
            return Data((failurePrefix + "\(error)").utf8)
        }
    }

    /// Why `data` is not a PNG: a failed drawing's reason, else that it cannot be read.
    static func failure(in data: Data) -> String {
        let text = String(decoding: data.prefix(2_000), as: UTF8.self)
        return text.hasPrefix(failurePrefix) ? String(text.dropFirst("mattertype: ".count))
            : "\(data.count) bytes that are not a PNG"
    }
}

/// A layout's metrics as the `.metrics` snapshot stores them: a golden-metrics entry without its token and
/// sample names, and the width laid out at (`nil`: none).
struct LayoutMetrics: Codable {
    var width: Double?
    var lineCount: Int
    var height: Double
    var lines: [GoldenMetrics.Line]
    var fonts: [String]
    var fallback: Bool

    init(_ entry: GoldenMetrics.Entry, width: Double?) {
        self.width = width
        lineCount = entry.lineCount
        height = entry.height
        lines = entry.lines
        fonts = entry.fonts
        fallback = entry.fallback
    }

    /// The metrics a snapshot's JSON holds; `nil` for other text.
    init?(json: String) {
        guard let decoded = try? JSONDecoder().decode(LayoutMetrics.self, from: Data(json.utf8)) else { return nil }
        self = decoded
    }

    /// As a golden-metrics entry, to compare by its rules.
    var entry: GoldenMetrics.Entry {
        GoldenMetrics.Entry(token: "", sample: "", width: width ?? 0, lineCount: lineCount, height: height,
                            lines: lines, fonts: fonts, fallback: fallback)
    }

    /// Pretty JSON with sorted keys, ending in a newline: stable, readable diffs.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }
}
