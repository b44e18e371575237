import Foundation
import MatterType

/// The memory a render needs for its image.
enum RenderMemory {
    /// Peak bytes a render uses per image pixel in `format`: the RGBA canvas (4), the encoder's rows, buffers and
    /// output. Measured at 50 megapixels: PNG 540 MB with `/usr/bin/time` on `mattertype bench --task request`
    /// (about 10.2 bytes a pixel above the process's 30 MB); lossless WebP 1,075 MiB peak RSS in a server that
    /// held 108 MiB before (`Scripts/attack.py`; libwebp keeps its own ARGB copy and backward references).
    static func bytesPerPixel(_ format: ImageFormat) -> Int {
        switch format {
        case .png: 11
        // The canvas and one RGB copy libjpeg reads rows of, and the file.
        case .jpeg: 9
        case .webp: 20
        // No canvas: only a PDF's blurred shadows are rasterized (a page of coverage, blurred); images are the
        // decoded ones the card holds anyway.
        case .svg: 2
        case .pdf: 6
        }
    }

    /// The bytes to reserve while a JSON body of `body` bytes is parsed into a card (a Figma document decoded,
    /// converted and written as a card, then parsed again): about 64 bytes a byte of JSON (`/usr/bin/time` on
    /// `mattertype figma --json` over a document of 80,000 empty nodes: 236 MB peak for 3.7 MB, 40 MB of it
    /// the process's own; JSONSerialization's trees of a card run 20–40 bytes a byte).
    static func parsing(_ body: Data) -> Int {
        body.count.multipliedReportingOverflow(by: 64).overflow ? Int.max : body.count * 64
    }

    /// Whether a body is parsed where its request runs (no thread hop): up to 16 KiB, parsed in well under a
    /// millisecond (a card of a few layers is 0.5–3 KiB).
    static func parsesShort(_ body: Data) -> Bool {
        body.count <= 16 << 10
    }
}
