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
        case .webp: 20
        // No canvas: only a PDF's blurred shadows are rasterized (a page of coverage, blurred); images are the
        // decoded ones the card holds anyway.
        case .svg: 2
        case .pdf: 6
        }
    }
}
