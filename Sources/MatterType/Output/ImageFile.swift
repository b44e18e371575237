public import Foundation

/// The image formats MatterType writes: two raster formats and two vector formats.
public enum ImageFormat: String, NamedChoice, Sendable, Hashable, CaseIterable {
    /// PNG, in the smallest exact representation (see ``PNGEncoding``).
    case png
    /// WebP: lossless, or lossy at a quality.
    case webp
    /// JPEG (over white: JPEG has no alpha), at a quality (``JPEGEncoder/defaultQuality`` by default).
    case jpeg
    /// SVG: glyph outlines as paths, each distinct glyph defined once (see ``Drawing``).
    case svg
    /// PDF: text in embedded font subsets with ToUnicode maps, so that it can be searched and copied.
    case pdf

    /// Whether the format keeps shapes and text as vectors (SVG, PDF) rather than pixels.
    public var isVector: Bool { self == .svg || self == .pdf }

    /// The format's media type (`image/png`, `image/webp`, `image/svg+xml`, `application/pdf`).
    public var mediaType: String {
        switch self {
        case .png: "image/png"
        case .webp: "image/webp"
        case .jpeg: "image/jpeg"
        case .svg: "image/svg+xml"
        case .pdf: "application/pdf"
        }
    }

    /// The format a file name's extension names (`.png`, `.webp`, `.jpg` or `.jpeg`, any case), or `nil` for any
    /// other.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let suffix = name[name.index(after: dot)...].lowercased()
        guard let format = ImageFormat(rawValue: suffix == "jpg" ? "jpeg" : suffix) else { return nil }
        self = format
    }

    /// `image` in this format (an SVG or PDF of it holds it as one embedded PNG image, one point a pixel).
    /// `quality` (1–100) makes WebP lossy and sets JPEG's; PNG, SVG and PDF take none.
    /// - Throws: ``RenderError`` when the encoder refuses the image.
    public func encode(_ image: RGBAImage, pngEncoding: PNGEncoding = .auto,
                       compression: ImageCompression = .balanced, quality: Int? = nil) throws(RenderError) -> Data {
        switch self {
        case .png: return try PNGEncoder.encode(image, encoding: pngEncoding, compression: compression)
        case .webp: return try WebPEncoder.encode(image, compression: compression, quality: quality)
        case .jpeg: return try JPEGEncoder.encode(image, quality: quality ?? JPEGEncoder.defaultQuality)
        case .svg, .pdf:
            var drawing = Drawing(width: Double(image.width), height: Double(image.height))
            drawing.draw(image, in: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                         fit: .fill)
            return try encode(drawing)
        }
    }

    /// The widest and tallest a WebP image may be, in pixels (libwebp's limit).
    public static let webpMaximumSide = 16_383
    /// The widest and tallest a JPEG image may be, in pixels (libjpeg's limit).
    public static let jpegMaximumSide = 65_500

    /// Throws ``RenderError/tooLargeForWebP(width:height:)`` or ``RenderError/tooLargeForJPEG(width:height:)`` when
    /// an image of `size` cannot be written in this format: checked before drawing, so that nothing is drawn for an
    /// image the encoder would refuse.
    public func check(_ size: PixelSize) throws(RenderError) {
        if self == .webp, size.width > ImageFormat.webpMaximumSide || size.height > ImageFormat.webpMaximumSide {
            throw .tooLargeForWebP(width: size.width, height: size.height)
        }
        if self == .jpeg, size.width > ImageFormat.jpegMaximumSide || size.height > ImageFormat.jpegMaximumSide {
            throw .tooLargeForJPEG(width: size.width, height: size.height)
        }
    }

    /// `drawing` in this format: rasterized by `renderer` for PNG, WebP and JPEG (its opening shapes and images
    /// through `cache`, when given, which for a balanced PNG also keeps the compressed rows at the top and bottom of
    /// the image that are still the opening's; `quality` as ``encode(_:pngEncoding:compression:quality:)`` takes
    /// it); as vectors for SVG (with `options`' accessible text) and PDF (on `options`' pages).
    /// `onDrawn` is called between the two stages of a raster format, once the pixels are drawn and before they
    /// are encoded (a server times them apart); SVG and PDF, written straight from the drawing, never call it.
    /// - Throws: ``RenderError`` when the image is too large or an encoder refuses it, or when `deadline` passes
    ///   while rasterizing (PNG, WebP, JPEG) or writing a PDF.
    public func encode(_ drawing: Drawing, renderer: TextRenderer = .shared, cache: DrawingCache? = nil,
                       pngEncoding: PNGEncoding = .auto, compression: ImageCompression = .balanced,
                       quality: Int? = nil, options: VectorOptions = VectorOptions(),
                       until deadline: RenderDeadline = .never,
                       onDrawn: () -> Void = {}) throws(RenderError) -> Data {
        switch self {
        case .png, .webp, .jpeg:
            try check(drawing.pixelSize)
            let (image, opening) = try drawing.rasterizedOnOpening(renderer: renderer, cache: cache, until: deadline)
            onDrawn()
            if self == .png, let cache, let opening {
                return try cache.png(of: image, drawnOn: opening, encoding: pngEncoding, compression: compression)
            }
            return try encode(image, pngEncoding: pngEncoding, compression: compression, quality: quality)
        case .svg:
            var writer = SVGWriter(drawing, includesText: options.svgText, renderer: renderer)
            return try writer.write()
        case .pdf:
            return try Drawing.pdf(pages: [drawing], compression: compression, renderer: renderer, until: deadline)
        }
    }
}

/// A PDF page size in points.
public struct PageSize: Sendable, Hashable {
    /// The page's width and height in points.
    public var size: Size

    /// A page of `width` × `height` points.
    public init(width: Double, height: Double) {
        size = Size(width: width, height: height)
    }

    /// ISO A4, 210 × 297 mm: 595.276 × 841.89 points.
    public static let a4 = PageSize(width: 595.276, height: 841.89)
    /// US Letter, 8.5 × 11 inches: 612 × 792 points.
    public static let letter = PageSize(width: 612, height: 792)

    /// `a4`, `letter` (any case) or `WxH` in points (`400x600`); `nil` for anything else or a size outside
    /// 1…14,400 points (PDF's largest page).
    public init?(parsing text: String) {
        let lowered = text.lowercased()
        if lowered == "a4" { self = .a4; return }
        if lowered == "letter" { self = .letter; return }
        let parts = lowered.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              (1...14_400).contains(width), (1...14_400).contains(height) else { return nil }
        self.init(width: width, height: height)
    }
}

/// How the vector formats are written.
public struct VectorOptions: Sendable, Hashable {
    /// SVG: also write each line as invisible `<text>` over its outlines, for selection, search and screen readers
    /// (off by default: the text is then in the file twice).
    public var svgText: Bool

    /// Options with `svgText` (off by default).
    public init(svgText: Bool = false) {
        self.svgText = svgText
    }
}

/// Writes image bytes to a file so that nothing is ever half there.
public enum ImageFile {
    /// Writes `data` to `path`. A regular file (new or existing, or the regular file a symbolic link points to) is
    /// replaced atomically: the bytes go into a new temporary file in the same directory, flushed, then renamed
    /// over it, so on any error it is as it was and no temporary file is left. A character device or a FIFO
    /// (`/dev/stdout`, a named pipe) is written to directly, its errors reported. Other special files (a directory,
    /// a socket, a block device) are refused.
    /// - Throws: ``RenderError/unwritableFile(path:reason:)`` with the system's reason in words ("No such file or
    ///   directory", "Permission denied", "No space left on device", "it is a directory").
    public static func write(_ data: Data, to path: String) throws(RenderError) {
        var status = stat()
        var target = path
        if stat(path, &status) == 0 {  // follows symbolic links
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                // Replace the file a link points to, not the link.
                if let resolved = realpath(path, nil) {
                    target = String(cString: resolved)
                    free(resolved)
                }
            case S_IFCHR, S_IFIFO:
                return try writeDirectly(data, to: path)
            case S_IFDIR:
                throw .unwritableFile(path: path, reason: "it is a directory")
            default:
                throw .unwritableFile(path: path, reason: "it is a special file (a socket or a block device); "
                                      + "write to a regular file, a FIFO or a character device")
            }
        }
        try replaceAtomically(data, at: target, named: path)
    }

    /// Writes `data` into the existing character device or FIFO at `path`.
    private static func writeDirectly(_ data: Data, to path: String) throws(RenderError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unwritableFile(path: path, reason: reason(errno)) }
        var failure = writeAll(data, to: descriptor)
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure { throw .unwritableFile(path: path, reason: reason(failure)) }
    }

    /// Writes all of `data` to `descriptor`, retrying short writes and interruptions; the `errno` of a failure.
    public static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        var failure: Int32?
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count, failure == nil {
                let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno != EINTR { failure = errno }
                } else if written == 0 {
                    failure = EIO
                } else {
                    offset += written
                }
            }
        }
        return failure
    }

    /// Writes `data` to a temporary file beside `target` and renames it over `target`; errors name `path`.
    private static func replaceAtomically(_ data: Data, at target: String, named path: String) throws(RenderError) {
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/.\(url.lastPathComponent).XXXXXX").utf8CString)
        // Made and listed under the lock, so that abandonUnfinishedFiles() sees every file made before it, and
        // none is made after it.
        let (descriptor, made) = unfinished.withLock { state -> (Int32, Int32) in
            guard !state.abandoned else { return (-1, EINTR) }
            let descriptor = template.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { mkstemp($0) } ?? -1
            }
            guard descriptor >= 0 else { return (-1, errno) }
            // mkstemp filled in the X's.
            let name = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            state.paths.insert(String(decoding: name, as: UTF8.self))
            return (descriptor, 0)
        }
        guard descriptor >= 0 else {
            throw .unwritableFile(path: path, reason: made == EINTR ? "the program is stopping" : reason(made))
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unfinished.withLock { _ = $0.paths.remove(temporary) } }
        var failure = writeAll(data, to: descriptor)
        // mkstemp makes the file private (0600); an image is for others to read too, as a new file would be.
        if failure == nil, fchmod(descriptor, 0o644) != 0 { failure = errno }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, target) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .unwritableFile(path: path, reason: reason(failure))
        }
    }

    /// The temporary files being written now, and whether writing was given up (``abandonUnfinishedFiles()``).
    private static let unfinished = Locked<(paths: Set<String>, abandoned: Bool)>(([], false))

    /// Removes the temporary files of the writes under way and refuses new ones: for a program stopped by a signal
    /// (SIGTERM, SIGINT) to leave no `.name.XXXXXX` file behind. Call it outside the signal handler itself (from a
    /// `DispatchSource` signal source), then exit.
    public static func abandonUnfinishedFiles() {
        let paths = unfinished.withLock { state in
            state.abandoned = true
            return state.paths
        }
        for path in paths { unlink(path) }
    }

    /// Whether `name` is the name of a temporary file ``write(_:to:)`` makes beside an image (`.NAME.XXXXXX`, six
    /// letters and digits after the image's name): what a run stopped by SIGKILL or a power cut leaves, for a
    /// later run to remove.
    public static func isTemporaryFileName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard name.hasPrefix("."), parts.count >= 4, let suffix = parts.last, suffix.count == 6,
              suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        return ImageFormat(path: parts.dropFirst().dropLast().joined(separator: ".")) != nil
    }

    /// The system's message for an `errno` value, e.g. "No space left on device".
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
