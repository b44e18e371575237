import Foundation

/// PNGs of drawings on kept openings: the rows at the top and bottom of a card that its text did not reach are
/// still its opening's (the background, panels and logo), the same on every card of the template; compressed once
/// on their own and kept, they are joined into each card's PNG, and only the rows between them are compressed
/// again. On Examples/card.json that leaves libdeflate a little over half the rows, and the kept ones are
/// compressed at level 12 (once) instead of 7, which about makes up for what the joins lose (new blocks, and the
/// first row after a join cannot refer to the rows before it): the card's PNG is 78 bytes smaller, other titles'
/// up to about 100 bytes larger. See Docs/Performance.md.
extension DrawingCache {
    /// Kept rows: of which opening, in which PNG representation, at the top or the bottom of the image, how many.
    struct RowsKey: Hashable, Sendable {
        let opening: Int
        let colorType: Int32
        let top: Bool
        let rows: Int
    }

    /// Kept rows come in multiples of this many: a template's cards, whose text reaches a little higher or lower
    /// from one title to the next, share them.
    static let rowStep = 16

    /// The level kept rows are compressed at: once for many cards, so libdeflate's smallest.
    static let keptRowsLevel: Int32 = 12

    /// The most bytes of rows (as the PNG holds them) compressed to be kept: level 12 takes 0.1–0.2 s a megabyte
    /// (the card's 1 MB of kept rows: 0.2 s on a busy host), paid by the card that asks, so a large canvas's rows
    /// are compressed with the rest, as before.
    static let keptRowsMaximumBytes = 4 << 20

    /// The PNG of `image`, drawn on `opening`'s pixels: with `compression` balanced and the image in RGB or RGBA,
    /// its top and bottom rows that are still the opening's are joined in from rows kept compressed (compressed
    /// and kept the second time they are asked for), the rest compressed as usual. The same pixels as
    /// ``PNGEncoder/encode(_:encoding:compression:)`` gives, in other bytes.
    func png(of image: RGBAImage, drawnOn opening: Kept, encoding: PNGEncoding,
             compression: ImageCompression) throws(RenderError) -> Data {
        let plan = encoding == .rgba ? PNGPlan.rgba : PNGPlan(classifying: image)
        guard compression == .balanced, plan.kind == .rgb || plan.kind == .rgba,
              opening.image.width == image.width, opening.image.height == image.height else {
            return try PNGEncoder.encode(image, plan: plan, compression: compression)
        }
        let (top, bottom) = DrawingCache.unchangedRows(of: image, from: opening.image)
        let step = DrawingCache.rowStep
        // At least one row between the two, compressed here.
        let headRows = min(top, image.height - 1) / step * step
        let tailRows = min(bottom, image.height - 1 - headRows) / step * step
        let rowBytes = image.width * (plan.kind == .rgb ? 3 : 4)
        func kept(top: Bool, rows: Int) -> CompressedRows? {
            guard rows > 0, rows * rowBytes <= DrawingCache.keptRowsMaximumBytes else { return nil }
            let key = RowsKey(opening: opening.id, colorType: plan.colorType, top: top, rows: rows)
            let (found, seenBefore) = state.withLock { state -> (CompressedRows?, Bool) in
                if let found = state.rows[key] { return (found, true) }
                return (nil, !state.rowsSeen.insert(key).inserted)
            }
            if let found { return found }
            guard seenBefore else { return nil }
            let range = top ? 0..<rows : image.height - rows..<image.height
            guard let made = PNGEncoder.compressedRows(of: opening.image, plan: plan, rows: range,
                                                       level: DrawingCache.keptRowsLevel) else { return nil }
            state.withLock { state in
                guard state.rows[key] == nil, state.bytes + made.bytes.count <= maximumBytes else { return }
                state.rows[key] = made
                state.bytes += made.bytes.count
            }
            return made
        }
        return try PNGEncoder.encode(image, plan: plan, compression: compression, head: kept(top: true, rows: headRows),
                                     tail: kept(top: false, rows: tailRows))
    }

    /// How many rows at the top of `image`, and then at its bottom, are byte for byte `opening`'s (of the same
    /// size); all of them count as top rows when the two are equal.
    static func unchangedRows(of image: RGBAImage, from opening: RGBAImage) -> (top: Int, bottom: Int) {
        let rowBytes = image.width * 4
        return image.pixels.withUnsafeBytes { a in
            opening.pixels.withUnsafeBytes { b in
                guard let a = a.baseAddress, let b = b.baseAddress, rowBytes > 0 else { return (0, 0) }
                func same(_ y: Int) -> Bool { memcmp(a + y * rowBytes, b + y * rowBytes, rowBytes) == 0 }
                var top = 0
                while top < image.height, same(top) { top += 1 }
                var bottom = 0
                while bottom < image.height - top, same(image.height - 1 - bottom) { bottom += 1 }
                return (top, bottom)
            }
        }
    }
}
