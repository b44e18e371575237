public import Foundation

/// A JPEG file kept beside the pixels decoded from it, so that SVG and PDF can embed the file itself
/// (`data:image/jpeg`, `/DCTDecode`) rather than its pixels re-encoded losslessly, which made a 29 KB photo most of a
/// 217 KB SVG. Kept only when a viewer would draw the file's pixels as they are: one (gray) or three (YCbCr or RGB)
/// components, and no EXIF orientation other than upright, which MatterType does not apply and viewers do.
public struct SourceJPEG: Sendable, Hashable {
    /// The file's bytes.
    public let data: Data
    /// Whether it has one component (gray) rather than three.
    public let isGray: Bool

    /// The file in `data` when it can be embedded as it is (see the type); `nil` otherwise, or when its markers
    /// cannot be read.
    public init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(1 << 20))
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        var components: Int?
        var offset = 2
        // Markers from SOI to the start of frame (SOF0…SOF15 but DHT, JPG, DAC), reading APP1 Exif on the way.
        while components == nil, offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            guard let length = bytes.uint16(at: offset + 2), length >= 2 else { return nil }
            if marker == 0xE1, SourceJPEG.orientation(exif: bytes[(offset + 4)..<min(offset + 2 + length, bytes.count)])
                .map({ $0 != 1 }) == true {
                return nil
            }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 < bytes.count else { return nil }
                components = Int(bytes[offset + 9])
            }
            offset += 2 + length
        }
        guard components == 1 || components == 3 else { return nil }
        self.data = data
        isGray = components == 1
    }

    /// The EXIF Orientation (tag 0x0112 of IFD0, 1 = upright) in an APP1 segment's payload; `nil` when it is not
    /// EXIF or has none.
    static func orientation(exif payload: ArraySlice<UInt8>) -> Int? {
        let bytes = Array(payload)
        guard bytes.starts(with: Array("Exif".utf8) + [0, 0]), bytes.count >= 14 else { return nil }
        let tiff = Array(bytes[6...])
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            let slice = tiff[at..<at + count]
            return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let ifd = number(4, 4), let entries = number(ifd, 2) else { return nil }
        for index in 0..<min(entries, 256) {
            let entry = ifd + 2 + index * 12
            guard let tag = number(entry, 2) else { return nil }
            if tag == 0x0112 { return number(entry + 8, 2) }
        }
        return nil
    }
}
