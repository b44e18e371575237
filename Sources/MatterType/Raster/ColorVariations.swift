/// The deltas a variable COLRv1 font adds to its `PaintVar…` fields, `VarColorStop`s and variable clip boxes at
/// one instance: the COLR table's ItemVariationStore and DeltaSetIndexMap (OpenType 1.9.1, "Common Table Formats",
/// Item Variation Store) evaluated at the face's normalized coordinates.
///
/// Each region's scalar is computed once, at the instance; a delta is then one row of one ItemVariationData
/// summed over its regions. Offsets and counts are checked against the table: a delta that cannot be read is 0
/// (the field keeps its default, as HarfBuzz treats a broken variation store), never a read out of bounds.
struct ColorVariations: Sendable {
    private let bytes: [UInt8]
    /// The ItemVariationStore's offset in the table.
    private let store: Int
    /// The DeltaSetIndexMap's offset in the table; `nil`: a variation index is outer << 16 | inner.
    private let indexMap: Int?
    /// Each variation region's scalar at the instance, by region index.
    private let regionScalars: [Double]

    /// The variation data at `store` (and `indexMap`) of the COLR table `bytes`, at `coordinates` (normalized,
    /// −1…1, after `avar`, one per `fvar` axis); `nil` for a face that is not variable or a store that cannot be
    /// read.
    init?(_ bytes: [UInt8], store: Int, indexMap: Int?, coordinates: [Double]) {
        guard !coordinates.isEmpty, bytes.uint16(at: store) == 1,
              let regionList = bytes.uint32(at: store + 2).map({ store + $0 }),
              let axisCount = bytes.uint16(at: regionList),
              let regionCount = bytes.uint16(at: regionList + 2),
              regionList + 4 + regionCount * axisCount * 6 <= bytes.count else { return nil }
        self.bytes = bytes
        self.store = store
        self.indexMap = indexMap
        // Each axis of a region: start, peak and end as F2DOT14 (the list's size was checked above).
        func f2dot14(_ at: Int) -> Double { Double(bytes.int16(at: at) ?? 0) / 16384 }
        regionScalars = (0..<regionCount).map { region in
            var scalar = 1.0
            for axis in 0..<axisCount {
                let record = regionList + 4 + (region * axisCount + axis) * 6
                let start = f2dot14(record), peak = f2dot14(record + 2), end = f2dot14(record + 4)
                scalar *= ColorVariations.axisScalar(coordinate: axis < coordinates.count ? coordinates[axis] : 0,
                                                     start: start, peak: peak, end: end)
                if scalar == 0 { break }
            }
            return scalar
        }
    }

    /// The factor one axis of a region gives at `coordinate` (the spec's "Algorithm for interpolation of
    /// instance values"): 1 for an axis the region does not constrain (peak 0, or an invalid start/peak/end),
    /// rising from `start` to 1 at `peak` and falling back to 0 at `end`.
    static func axisScalar(coordinate: Double, start: Double, peak: Double, end: Double) -> Double {
        if peak == 0 || start > peak || peak > end || (start < 0 && end > 0) { return 1 }
        if coordinate == peak { return 1 }
        if coordinate <= start || coordinate >= end { return 0 }
        return coordinate < peak ? (coordinate - start) / (peak - start) : (end - coordinate) / (end - peak)
    }

    /// The deltas of the `count` fields from variation index `base` on (a VarIndexBase; 0xFFFFFFFF: none), in the
    /// fields' own units (font units, F2DOT14 or Fixed steps).
    func deltas(base: Int, count: Int) -> [Double] {
        guard base != 0xFFFF_FFFF else { return Array(repeating: 0, count: count) }
        return (0..<count).map { delta(index: base + $0) }
    }

    /// The delta of variation index `index`.
    private func delta(index: Int) -> Double {
        guard let (outer, inner) = dataIndex(of: index),
              let dataCount = bytes.uint16(at: store + 6), outer < dataCount,
              let dataOffset = bytes.uint32(at: store + 8 + outer * 4) else { return 0 }
        let data = store + dataOffset
        guard let itemCount = bytes.uint16(at: data), inner < itemCount,
              let wordDeltaCount = bytes.uint16(at: data + 2),
              let regionIndexCount = bytes.uint16(at: data + 4) else { return 0 }
        let longWords = wordDeltaCount & 0x8000 != 0, wordCount = wordDeltaCount & 0x7FFF
        guard wordCount <= regionIndexCount else { return 0 }
        // A row: wordCount deltas of 2 bytes (4 with long words), the rest of 1 byte (2).
        let wide = longWords ? 4 : 2, narrow = longWords ? 2 : 1
        let rowSize = wordCount * wide + (regionIndexCount - wordCount) * narrow
        let regionIndexes = data + 6
        var at = regionIndexes + regionIndexCount * 2 + inner * rowSize
        guard at + rowSize <= bytes.count else { return 0 }
        var sum = 0.0
        for column in 0..<regionIndexCount {
            let size = column < wordCount ? wide : narrow
            defer { at += size }
            guard let region = bytes.uint16(at: regionIndexes + column * 2),
                  region < regionScalars.count, regionScalars[region] != 0 else { continue }
            sum += Double(bytes.signed(at: at, byteCount: size) ?? 0) * regionScalars[region]
        }
        return sum
    }

    /// The ItemVariationData (outer) and row (inner) of a variation index: through the DeltaSetIndexMap when the
    /// table has one (an index past its end takes its last entry), else the index's high and low 16 bits.
    private func dataIndex(of index: Int) -> (outer: Int, inner: Int)? {
        guard let map = indexMap else { return (index >> 16, index & 0xFFFF) }
        guard map + 2 <= bytes.count else { return nil }
        let format = Int(bytes[map]), entryFormat = Int(bytes[map + 1])
        let count: Int?, entries: Int
        switch format {
        case 0: count = bytes.uint16(at: map + 2); entries = map + 4
        case 1: count = bytes.uint32(at: map + 2); entries = map + 6
        default: return nil
        }
        guard let count, count > 0 else { return nil }
        let entrySize = (entryFormat >> 4 & 0x3) + 1, innerBits = (entryFormat & 0xF) + 1
        let at = entries + min(index, count - 1) * entrySize
        guard let entry = bytes.unsigned(at: at, byteCount: entrySize) else { return nil }
        return (entry >> innerBits, entry & (1 << innerBits - 1))
    }
}
