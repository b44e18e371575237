public import Foundation
public import MatterType
import MatterTypeWire

/// Draws a ``Card`` into an image: the background, then each layer in order, composited in premultiplied RGBA.
/// A text layer's pixels are exactly what `render` draws for the same text at the same place and size (the same
/// layout, drawn by the same ``TextRenderer``).
public struct CardRenderer: Sendable {
    /// Where the text layers' fonts come from.
    public let registry: FontRegistry
    /// The design tokens text layers may name (`"token"`).
    public let tokens: DesignTokens?
    /// Draws the text (its glyph cache is shared by every card it draws).
    public let renderer: TextRenderer
    /// The folder image layers' relative file paths are read from; `nil` reads no files at all (images must be
    /// `data:` URIs, as over HTTP).
    public let imageDirectory: URL?
    /// The decoded images, kept across the cards this renderer (and its copies) draws.
    public let images: CardImageCache
    /// The pixels of cards' opening layers (background, shapes and images up to the first text), kept across the
    /// cards this renderer (and its copies) draws: a template drawn for other values draws only its text anew.
    public let drawings: DrawingCache

    /// A renderer drawing text with fonts from `registry`, tokens from `tokens`, through `renderer`, reading image
    /// files from `imageDirectory` (none when `nil`), keeping decoded images in `images` and drawn opening layers
    /// in `drawings`, refusing a card whose laying out, drawing and encoding would take more than `maximumWork`.
    public init(registry: FontRegistry = .shared, tokens: DesignTokens? = nil, renderer: TextRenderer = .shared,
                imageDirectory: URL? = nil, images: CardImageCache = CardImageCache(),
                drawings: DrawingCache = DrawingCache(), maximumWork: Int = CardRenderer.defaultMaximumWork) {
        self.maximumWork = maximumWork
        self.registry = registry
        self.tokens = tokens
        self.renderer = renderer
        self.imageDirectory = imageDirectory
        imageRoot = imageDirectory.flatMap { CardRenderer.realPath($0.path) }
        self.images = images
        self.drawings = drawings
    }

    /// ``imageDirectory`` with its links resolved, once (image files must resolve inside it).
    private let imageRoot: String?

    /// The most bytes an image file or `data:` URI may have.
    public static let maximumImageBytes = 20_000_000
    /// The most pixels a decoded image may have.
    public static let maximumImagePixels = 25_000_000

    /// The most memory decoding a card's images may take (``imageMemory(of:)``, read from their headers before any
    /// is decoded): 1 GiB, the server's render budget by default; 30 photographs of 25 megapixels would be 12 GB.
    public static let maximumImageMemory = 1 << 30

    /// The most pixels a card's image may have (as a text render's).
    public static var maximumPixelCount: Int { TextRenderer.maximumPixelCount }

    /// The most work laying out, drawing and encoding a card may take unless a renderer is given another
    /// (``layoutWork(of:)``, ``Drawing/work`` and ``encodingWork(format:pixels:)``, about a nanosecond an
    /// operation): a second and a half or so of shaping, filling, compositing images, blurring, growing outlines
    /// and compressing on a current core. The server's limit; the command line allows more.
    public static let defaultMaximumWork = 1_500_000_000

    /// The most work laying out, drawing and encoding a card may take with this renderer (in the operations of
    /// ``Drawing/work``); a card over it is refused before it is laid out or drawn, naming the estimate.
    public let maximumWork: Int

    /// The card drawn, stopping when `deadline` passes.
    /// - Throws: ``CardError`` for a canvas or layer that cannot be drawn (naming it), an image too large, or
    ///   `.render(.deadlineExceeded)` when `deadline` passes.
    public func image(of card: Card, until deadline: RenderDeadline = .never) throws(CardError) -> RGBAImage {
        let drawing = try drawing(of: card, until: deadline)
        do {
            return try drawing.rasterized(renderer: renderer, cache: drawings, until: deadline)
        } catch {
            throw .render(error)
        }
    }

    /// The card as a ``Drawing``: the background, then each layer in order, in points. Rasterized, it is
    /// ``image(of:until:)``; written as SVG or PDF, the same shapes, text and images as vectors. `deadline` is
    /// checked before each layer (laying out its text, decoding its images).
    /// - Throws: ``CardError`` for a canvas or layer that cannot be drawn (naming it), an image too large, images
    ///   over ``maximumImageMemory`` in all, or `.render(.deadlineExceeded)` when `deadline` passes.
    public func drawing(of card: Card, until deadline: RenderDeadline = .never) throws(CardError) -> Drawing {
        try drawing(of: card, laidOut: try laidOut(card, until: deadline), until: deadline)
    }

    /// ``drawing(of:until:)`` of `card` whose layers `layers` are (laid out already).
    func drawing(of card: Card, laidOut layers: [LaidOutLayer],
                 until deadline: RenderDeadline) throws(CardError) -> Drawing {
        let size = try pixelSize(of: card)
        let imageBytes = imageMemory(of: card)
        guard imageBytes <= CardRenderer.maximumImageMemory else {
            throw .invalid(field: "layers", reason: "its images would take \(imageBytes >> 20) MiB to decode, over the "
                           + "\(CardRenderer.maximumImageMemory >> 20) MiB a card may; use fewer or smaller images")
        }
        var drawing = Drawing(pixelSize: PixelSize(width: size.width, height: size.height), scale: card.scale)
        let canvas = Rect(x: 0, y: 0, width: drawing.width, height: drawing.height)
        switch card.background {
        case .paint(let paint):
            drawing.fill(canvas, paint: paint)
        case .image(let source, let fit):
            drawing.draw(try picture(source, place: "the background"), in: canvas, fit: fit)
        case nil:
            break
        }
        for layer in layers { try draw(layer, into: &drawing, until: deadline) }
        let work = drawing.work
        guard work <= maximumWork else {
            throw .invalid(field: "layers", reason: "drawing the card would take \(work / 1_000_000) million pixel "
                           + "operations, \(overLimit); use a smaller canvas or scale, fewer or smaller layers, "
                           + "smaller blurs and strokes")
        }
        return drawing
    }

    /// Where every layer of the card goes, frames' children included, in the canvas's points: what ``drawing(of:until:)``
    /// draws, without drawing (text is laid out, images are not read).
    /// - Throws: ``CardError`` for a canvas or layer that cannot be laid out (naming it), or
    ///   `.render(.deadlineExceeded)` when `deadline` passes.
    public func layout(of card: Card, until deadline: RenderDeadline = .never) throws(CardError) -> CardLayout {
        try checkSize(of: card)
        var boxes: [CardLayout.Box] = []
        for layer in try laidOut(card, until: deadline) { layer.boxes(into: &boxes) }
        return CardLayout(boxes: boxes)
    }

    /// The card's layers laid out, once the work of laying them out (``layoutWork(of:)``) is found to be within
    /// ``maximumWork``.
    func laidOut(_ card: Card, until deadline: RenderDeadline) throws(CardError) -> [LaidOutLayer] {
        let work = CardRenderer.layoutWork(of: card)
        guard work <= maximumWork else {
            throw .invalid(field: "layers", reason: "laying out \(card.layerCount) layers and \(card.scalarCount) "
                           + "characters of text would take \(work / 1_000_000) million operations, \(overLimit); "
                           + "use fewer layers or shorter texts")
        }
        return try CardLayoutEngine(registry: registry, tokens: tokens, scale: card.scale, deadline: deadline)
            .layers(of: card)
    }

    /// The card drawn and encoded in `format` (SVG and PDF as vectors, with `options`), stopping when `deadline`
    /// passes (`.render(.deadlineExceeded)`).
    /// - Throws: ``CardError`` as ``drawing(of:until:)`` does, and past ``maximumWork`` with its encoding.
    public func encoded(_ card: Card, format: ImageFormat = .png, quality: Int? = nil,
                        options: VectorOptions = VectorOptions(),
                        until deadline: RenderDeadline = .never) throws(CardError) -> Data {
        try encoded(try drawing(of: card, until: deadline), format: format, quality: quality, options: options,
                    until: deadline)
    }

    /// A card's drawing (from ``drawing(of:until:)``) encoded in `format`, once its drawing and encoding together
    /// are found to take at most ``maximumWork``. `onDrawn` is called once a raster format's pixels are drawn,
    /// before they are encoded (SVG and PDF never call it).
    /// - Throws: ``CardError/invalid(field:reason:)`` past ``maximumWork`` (naming the format), `.render` when the
    ///   image cannot be encoded or `deadline` passes.
    public func encoded(_ drawing: Drawing, format: ImageFormat, quality: Int? = nil,
                        options: VectorOptions = VectorOptions(),
                        until deadline: RenderDeadline = .never,
                        onDrawn: () -> Void = {}) throws(CardError) -> Data {
        let pixels = drawing.pixelSize.width * drawing.pixelSize.height
        let (work, overflow) = drawing.work.addingReportingOverflow(CardRenderer.encodingWork(format: format,
                                                                                               pixels: pixels))
        guard !overflow, work <= maximumWork else {
            throw .invalid(field: "layers", reason: "drawing the card and encoding it as \(format.rawValue.uppercased()) "
                           + "would take \(overflow ? Int.max / 1_000_000 : work / 1_000_000) million pixel operations, "
                           + "\(overLimit); use "
                           + (format == .webp ? "PNG, " : "") + "a smaller canvas or scale, or fewer or smaller layers")
        }
        do {
            return try format.encode(drawing, renderer: renderer, cache: drawings, quality: quality, options: options,
                                     until: deadline, onDrawn: onDrawn)
        } catch {
            throw .render(error)
        }
    }

    /// The image's size in pixels, checked: a positive, finite canvas of at most ``maximumPixelCount`` pixels.
    private func pixelSize(of card: Card) throws(CardError) -> (width: Int, height: Int) {
        try checkSize(of: card)
        let width = Int((card.width * card.scale).rounded(.up)), height = Int((card.height * card.scale).rounded(.up))
        guard width * height <= CardRenderer.maximumPixelCount else {
            throw .render(.imageTooLarge(width: width, height: height))
        }
        return (width, height)
    }

    /// Checks the card's size and scale: finite, 1 to 100,000 points a side, a scale of 0.1 to 8. Laying out needs
    /// no more; drawing also needs the pixels to be at most ``maximumPixelCount``.
    func checkSize(of card: Card) throws(CardError) {
        for (name, value, range) in [("width", card.width, 1.0...100_000), ("height", card.height, 1.0...100_000),
                                     ("scale", card.scale, Card.scales)] {
            guard value.isFinite, range.contains(value) else {
                throw .invalid(field: name, reason: "\(value) is not allowed; use \(range.lowerBound) to \(range.upperBound)")
            }
        }
    }

    /// Checks that each of a layer's values is finite and within ±1,000,000.
    func check(_ values: [(String, Double)], path: [Int]) throws(CardError) {
        for (name, value) in values where !value.isFinite || abs(value) > 1_000_000 {
            throw .layer(path: path, .invalid(field: name, reason: "\(value) is not allowed; use a finite number"))
        }
    }

    /// Draws a laid-out layer (and a frame's children), checking `deadline` first.
    private func draw(_ laidOut: LaidOutLayer, into drawing: inout Drawing,
                      until deadline: RenderDeadline) throws(CardError) {
        do throws(RenderError) {
            try deadline.check(CardError.place(laidOut.path))
        } catch {
            throw .render(error)
        }
        let box = laidOut.frame, path = laidOut.path
        switch laidOut.layer {
        case .rect(let rect):
            try check(rect.cornerRadius.all.map { ("cornerRadius", $0) } + [("opacity", rect.opacity)], path: path)
            if let fill = rect.fill {
                drawing.fill(box, corners: rect.cornerRadius, paint: fill, opacity: rect.opacity)
            }
            if let border = rect.border {
                try check(border.width.all.map { ("border width", $0) }, path: path)
                drawing.strokeBorder(box, corners: rect.cornerRadius, widths: border.width, paint: border.paint,
                                     opacity: rect.opacity)
            }
        case .image(let layer):
            try check([("cornerRadius", layer.cornerRadius), ("opacity", layer.opacity)], path: path)
            let decoded = try picture(layer.source, place: CardError.place(path))
            let radius = layer.isCircle ? min(box.width, box.height) / 2 : layer.cornerRadius
            drawing.draw(decoded, in: box, fit: layer.fit, cornerRadius: radius, opacity: layer.opacity)
        case .text(let text):
            try draw(text, laidOut, into: &drawing)
        case .frame(let frame):
            try check(frame.cornerRadius.all.map { ("cornerRadius", $0) } + [("opacity", frame.opacity)], path: path)
            guard frame.shadows.count <= CardTextLayer.maximumShadows else {
                throw .layer(path: path, .invalid(field: "shadows", reason: "\(frame.shadows.count) shadows; a frame "
                                                  + "has at most \(CardTextLayer.maximumShadows)"))
            }
            guard frame.paths.count <= CardPath.maximumPaths else {
                throw .layer(path: path, .invalid(field: "paths", reason: "\(frame.paths.count) paths; a frame has at "
                                                  + "most \(CardPath.maximumPaths)"))
            }
            for shadow in frame.shadows {
                try check([("shadow x", shadow.x), ("shadow y", shadow.y), ("spread", shadow.spread)], path: path)
                guard shadow.blur.isFinite, (0...100).contains(shadow.blur) else {
                    throw .layer(path: path, .invalid(field: "blur", reason: "\(shadow.blur) is not allowed; use 0 to 100 points"))
                }
            }
            for (field, blur) in [("blur", frame.blur), ("backgroundBlur", frame.backgroundBlur)] {
                guard blur.isFinite, (0...CardFrameLayer.maximumBlur).contains(blur) else {
                    throw .layer(path: path, .invalid(field: field, reason: "\(blur) is not allowed; use 0 to "
                                                      + "\(Int(CardFrameLayer.maximumBlur)) points"))
                }
            }
            // What is behind, blurred before the frame is drawn over it (outside its group, which starts empty).
            if frame.backgroundBlur > 0 {
                drawing.blurBackdrop(inside: VectorPath.roundedRect(laidOut.frame, corners: frame.cornerRadius),
                                     at: Point(x: 0, y: 0), radius: frame.backgroundBlur)
            }
            var failure: CardError?
            // The frame's paint and children, as one group when it fades, blurs or blends (its children composited
            // first).
            drawing.group(opacity: frame.opacity, blur: frame.blur, blendMode: frame.blendMode) { group in
                Self.keep(&failure) { () throws(CardError) in
                    try drawFrame(frame, laidOut, into: &group, until: deadline)
                }
            }
            if let failure { throw failure }
        }
    }

    /// Runs `body` inside one of ``Drawing``'s closures, which cannot throw: the error it throws is kept in
    /// `failure`, for the caller to throw once the closure has returned.
    static func keep(_ failure: inout CardError?, _ body: () throws(CardError) -> Void) {
        do {
            try body()
        } catch {
            failure = error
        }
    }

    /// A frame's shadows, fill and border, then its children (clipped to its box when it clips them).
    private func drawFrame(_ frame: CardFrameLayer, _ laidOut: LaidOutLayer, into drawing: inout Drawing,
                           until deadline: RenderDeadline) throws(CardError) {
        let box = laidOut.frame
        for shadow in frame.shadows.reversed() where !shadow.isInset {
            drawing.drawShadow(of: box, corners: frame.cornerRadius, x: shadow.x, y: shadow.y, blur: shadow.blur,
                               spread: shadow.spread, color: shadow.color)
        }
        if let fill = frame.fill { drawing.fill(box, corners: frame.cornerRadius, paint: fill) }
        if let image = frame.image {
            try draw(image, in: box, corners: frame.cornerRadius, path: laidOut.path, into: &drawing)
        }
        for shadow in frame.shadows.reversed() where shadow.isInset {
            drawing.drawInnerShadow(of: box, corners: frame.cornerRadius, x: shadow.x, y: shadow.y, blur: shadow.blur,
                                    spread: shadow.spread, color: shadow.color)
        }
        if let border = frame.border {
            drawing.strokeBorder(box, corners: frame.cornerRadius, widths: border.width, paint: border.paint)
        }
        for shape in frame.paths {
            drawing.fill(shape.path, at: Point(x: box.x, y: box.y), box: box, paint: shape.paint)
        }
        let children = frame.layout.reversesZOrder ? laidOut.children.reversed() : laidOut.children
        var failure: CardError?
        func drawChildren(_ target: inout Drawing) {
            Self.keep(&failure) { () throws(CardError) in try drawMasked(children, into: &target, until: deadline) }
        }
        // Inside the mask, then the box when it clips: each a group of its own.
        switch (frame.mask, frame.clipsContent) {
        case (nil, false):
            drawChildren(&drawing)
        case (nil, true):
            drawing.clip(to: box) { drawChildren(&$0) }
        case (let mask?, let clips):
            drawing.clip(to: mask, at: Point(x: box.x, y: box.y)) { masked in
                if clips { masked.clip(to: box) { drawChildren(&$0) } } else { drawChildren(&masked) }
            }
        }
        if let failure { throw failure }
    }

    /// Draws a frame's `children` in order; a mask among them is not drawn: the children after it, up to the next
    /// mask, are drawn inside its outline (its first path, else its rounded box), or as much as its drawing's alpha
    /// or luminance says (``CardMaskType``).
    private func drawMasked(_ children: [LaidOutLayer], into drawing: inout Drawing,
                            until deadline: RenderDeadline) throws(CardError) {
        func mask(_ child: LaidOutLayer) -> CardFrameLayer? {
            if case .frame(let frame) = child.layer, frame.isMask { frame } else { nil }
        }
        let masks = children.indices.filter { mask(children[$0]) != nil }
        for child in children[..<(masks.first ?? children.endIndex)] {
            try draw(child, into: &drawing, until: deadline)
        }
        for (number, index) in masks.enumerated() {
            guard let frame = mask(children[index]) else { continue }
            let box = children[index].frame
            let outline = frame.paths.first?.path
                ?? VectorPath.roundedRect(Rect(x: 0, y: 0, width: box.width, height: box.height),
                                          corners: frame.cornerRadius)
            let end = number + 1 < masks.count ? masks[number + 1] : children.endIndex
            var failure: CardError?
            func drawMasked(_ masked: inout Drawing) {
                Self.keep(&failure) { () throws(CardError) in
                    for child in children[(index + 1)..<end] { try draw(child, into: &masked, until: deadline) }
                }
            }
            if frame.maskType == .outline {
                drawing.clip(to: outline, at: Point(x: box.x, y: box.y), drawMasked)
            } else {
                drawing.mask(luminance: frame.maskType == .luminance, { shape in
                    Self.keep(&failure) { () throws(CardError) in
                        try draw(children[index], into: &shape, until: deadline)
                    }
                }, content: drawMasked)
            }
            if let failure { throw failure }
        }
    }

    /// A frame's image in its `box`, clipped to its `corners`: fitted, a part of it stretched over the box, or tiles.
    private func draw(_ image: CardFrameImage, in box: Rect, corners: CornerRadii, path: [Int],
                      into drawing: inout Drawing) throws(CardError) {
        guard image.opacity >= 1 else {
            // Translucent: drawn as a group at its opacity (the same pixels for every placement).
            var opaque = image
            opaque.opacity = 1
            var failure: CardError?
            drawing.group(opacity: image.opacity) { group in
                Self.keep(&failure) { () throws(CardError) in
                    try draw(opaque, in: box, corners: corners, path: path, into: &group)
                }
            }
            if let failure { throw failure }
            return
        }
        let decoded = try picture(image.source, place: CardError.place(path))
        func clipped(_ body: (inout Drawing) -> Void) {
            if corners.all.allSatisfy({ $0 <= 0 }) {
                drawing.clip(to: box, body)
            } else {
                drawing.clip(to: VectorPath.roundedRect(box, corners: corners), at: Point(x: 0, y: 0), body)
            }
        }
        switch image.placement {
        case .fitted(let fit):
            // One radius: the image is clipped to a uniformly rounded box (the largest corner where they differ).
            drawing.draw(decoded, in: box, fit: fit, cornerRadius: corners.all.max() ?? 0)
        case .cropped(let crop):
            guard [crop.x, crop.y].allSatisfy({ $0.isFinite && abs($0) <= 10_000 }),
                  [crop.width, crop.height].allSatisfy({ $0.isFinite && (0.0001...10_000).contains($0) }) else {
                throw .layer(path: path, .invalid(field: "image", reason: "a crop of [\(crop.x), \(crop.y), "
                    + "\(crop.width), \(crop.height)] is not allowed: its corner within ±10,000 and its size "
                    + "0.0001 to 10,000 times the image's"))
            }
            // The whole image, as large as the crop's part of it is the box.
            let width = box.width / crop.width, height = box.height / crop.height
            let target = Rect(x: box.x - crop.x * width, y: box.y - crop.y * height, width: width, height: height)
            clipped { $0.draw(decoded, in: target, fit: .fill) }
        case .tiled(let scale):
            let tileWidth = Double(decoded.width) * scale, tileHeight = Double(decoded.height) * scale
            let columns = (box.width / tileWidth).rounded(.up), rows = (box.height / tileHeight).rounded(.up)
            guard columns * rows <= Double(CardFrameImage.maximumTiles) else {
                throw .layer(path: path, .invalid(field: "image", reason: "tiles of \(decoded.width) × "
                    + "\(decoded.height) pixels at \(scale) points a pixel would be more than the "
                    + "\(CardFrameImage.maximumTiles) a frame may have: use a larger tile scale"))
            }
            guard columns >= 1, rows >= 1 else { return }
            clipped { clip in
                for row in 0..<Int(rows) {
                    for column in 0..<Int(columns) {
                        clip.draw(decoded, in: Rect(x: box.x + Double(column) * tileWidth,
                                                    y: box.y + Double(row) * tileHeight, width: tileWidth,
                                                    height: tileHeight), fit: .fill)
                    }
                }
            }
        }
    }

    /// The image `source` names, decoded (or kept from before): a base64 `data:` URI, or a file under
    /// ``imageDirectory``. `place` names where the card uses it, for errors.
    func picture(_ source: String, place: String) throws(CardError) -> RGBAImage {
        let image = try located(source, place: place)
        return try images.image(for: image.key) { () throws(CardError) in
            let bytes = try image.bytes()
            do throws(ImageDecodingError) {
                return try ImageDecoder.decode(bytes, maximumPixels: CardRenderer.maximumImagePixels)
            } catch {
                throw .image(place: place, reason: error.description)
            }
        }
    }

    /// The memory decoding `card`'s images would take that are not decoded and kept already: each distinct
    /// image's pixels, as its header declares them, × ``ImageDecoder/decodingBytesPerPixel``. Read before anything
    /// is decoded, so that a server can reserve the memory first, or refuse; images that cannot be read count
    /// nothing here (drawing names them).
    public func imageMemory(of card: Card) -> Int {
        var sources: [String] = []
        if case .image(let source, _) = card.background { sources.append(source) }
        func collect(_ layers: [CardLayer]) {
            for layer in layers {
                switch layer {
                case .image(let image): sources.append(image.source)
                case .text(let text): sources += text.boxImages.values.map(\.source)
                case .frame(let frame):
                    sources += frame.image.map { [$0.source] } ?? []
                    collect(frame.layers)
                case .rect: continue
                }
            }
        }
        collect(card.layers)
        var seen = Set<String>(), total = 0
        for source in sources {
            guard let image = try? located(source, place: ""), seen.insert(image.key).inserted,
                  !images.contains(image.key), let bytes = try? image.bytes(),
                  let size = ImageDecoder.pixelSize(of: bytes) else { continue }
            // Header sizes are up to 2³² a side: every step saturates instead of overflowing.
            let (pixels, tooMany) = size.width.multipliedReportingOverflow(by: size.height)
            let (decoding, tooLarge) = pixels.multipliedReportingOverflow(by: ImageDecoder.decodingBytesPerPixel)
            let (sum, tooMuch) = total.addingReportingOverflow(decoding)
            total = tooMany || tooLarge || tooMuch ? Int.max : sum
        }
        return total
    }

    /// Where an image's bytes come from, and the key its decoded image is kept under.
    private struct LocatedImage {
        let key: String
        let bytes: () throws(CardError) -> Data
    }

    /// Finds the image `source` names: a base64 `data:` URI (its text is the key), or a regular file under
    /// ``imageDirectory`` (its path, size and modification time are the key).
    private func located(_ source: String, place: String) throws(CardError) -> LocatedImage {
        if source.hasPrefix("data:") {
            return LocatedImage(key: source) { () throws(CardError) in try CardRenderer.dataURIBytes(source, place: place) }
        }
        if source.hasPrefix("https:") || source.hasPrefix("http:") {
            throw .image(place: place, reason: "\(source) is a remote image; images are not fetched: give a file or a "
                         + "data: URI")
        }
        guard let directory = imageDirectory else {
            throw .image(place: place, reason: "images here are data: URIs (data:image/png;base64,…), not files")
        }
        let url = try CardRenderer.confined(source, to: directory, root: imageRoot, place: place)
        // stat itself: FileManager's attributes also look up the owner's and group's names, for every card.
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw .image(place: place, reason: "no image file at \(url.path)")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .image(place: place, reason: "\(url.path) is not a regular file; give an image file")
        }
        let size = Int(status.st_size)
        guard size <= CardRenderer.maximumImageBytes else {
            throw .image(place: place, reason: "\(url.path) has \(size) bytes; images have at most "
                         + "\(CardRenderer.maximumImageBytes)")
        }
        let modified = "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        return LocatedImage(key: "\(url.path)\u{0}\(size)\u{0}\(modified)") { () throws(CardError) in
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .image(place: place, reason: "\(url.path) cannot be read; check that it exists and is readable")
            }
            return data
        }
    }

    /// The file `source` names under `directory` (whose real path is `root`, when known), its real path: a
    /// relative path that stays inside the directory once `..` and symbolic links are resolved (a template's value
    /// must not reach `/etc` or a link to it).
    private static func confined(_ source: String, to directory: URL, root: String?,
                                 place: String) throws(CardError) -> URL {
        guard !source.hasPrefix("/"), !source.contains("\u{0}") else {
            throw .image(place: place, reason: "\(source.prefix(200)) is not a path under \(directory.path); image "
                         + "files are named relative to it")
        }
        let joined = directory.appendingPathComponent(source).path
        guard let root = root ?? realPath(directory.path), let file = realPath(joined) else {
            throw .image(place: place, reason: "no image file at \(joined)")
        }
        guard file.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw .image(place: place, reason: "\(source.prefix(200)) leads outside \(directory.path); image files "
                         + "must be inside it (no .. or links out of it)")
        }
        return URL(fileURLWithPath: file)
    }

    /// `path` with `.`, `..` and symbolic links resolved (the C library's `realpath`); `nil` when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The bytes of a base64 `data:` URI.
    private static func dataURIBytes(_ source: String, place: String) throws(CardError) -> Data {
        guard let comma = source.firstIndex(of: ","), source[..<comma].hasSuffix(";base64") else {
            throw .image(place: place, reason: "a data: URI image must be base64 (data:image/png;base64,…)")
        }
        let payload = source[source.index(after: comma)...]
        guard payload.utf8.count / 4 * 3 <= CardRenderer.maximumImageBytes else {
            throw .image(place: place, reason: "the image has more than \(CardRenderer.maximumImageBytes) bytes")
        }
        guard let data = Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters) else {
            throw .image(place: place, reason: "the data: URI is not valid base64")
        }
        return data
    }
}
