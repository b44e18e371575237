/// The pixels of drawings' opening shapes and images, kept so that the next drawing that opens with the same ones
/// starts from a copy of them instead of drawing them again.
///
/// A card template drawn for many values (a batch, a server's `og:image` URLs) usually opens with the same
/// background, panels, logo and decorations, and only its text changes. ``Drawing/rasterized(renderer:cache:until:)``
/// looks up the drawing's leading items up to its first text (fills, borders, paths, images, box shadows); when
/// equal ones were drawn before at the same pixel size and scale, it copies their pixels and draws only the rest.
/// The result is the same image, pixel for pixel. On Examples/card.json (a gradient, a translucent bordered panel,
/// a logo and a radial disc before its text) the card with its PNG takes about 15 % less (libdeflate's share of it
/// went from 64 % to 75 %); see Docs/Performance.md.
///
/// Only openings that cost more to draw than to copy are kept (``Drawing/work`` over four operations a pixel), and
/// only from their second drawing on, so that a card drawn once (a renderer made for one request) does not pay for
/// a copy it never uses; up to ``maximumBytes``; when a new one does not fit, everything kept is dropped.
///
/// Encoded as a balanced PNG (``ImageFormat/encode(_:renderer:cache:pngEncoding:compression:options:until:)``), a
/// drawing on a kept opening also keeps the rows at the top and bottom of its image that are still the opening's,
/// compressed once, and joins them into the PNG of every later drawing whose rows there are too: libdeflate then
/// compresses only the rows between (a card's text), about half of Examples/card.json's.
///
/// Thread-safe: one cache serves every thread drawing with it.
public final class DrawingCache: Sendable {
    /// The most bytes kept: pixels of openings, and compressed rows of PNGs.
    public let maximumBytes: Int
    let state = Locked(State())
    /// The most openings remembered as drawn once (by their hash) before the memory starts over.
    private static let remembered = 1024

    /// An empty cache keeping up to `maximumBytes` (32 MiB by default: a 1200 × 630 card's pixels are 3 MB, its
    /// kept PNG rows about 15 KB); 0 keeps nothing.
    public init(maximumBytes: Int = 32 << 20) {
        self.maximumBytes = max(maximumBytes, 0)
    }

    /// How many openings are kept now.
    public var count: Int { state.withLock { $0.openings.count } }

    /// The bytes kept now: pixels, and compressed rows of PNGs.
    public var bytes: Int { state.withLock { $0.bytes } }

    /// Drawings so far whose opening was found kept (`hits`) and that drew theirs (`misses`); drawings with no
    /// opening worth keeping count in neither.
    public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// What the cache holds, under one lock.
    struct State {
        /// The openings kept.
        var openings: [Opening: Kept] = [:]
        /// The hashes of openings drawn once (not kept).
        var seen: Set<Int> = []
        /// Pixels and compressed rows kept, in bytes.
        var bytes = 0
        var hits = 0
        var misses = 0
        /// The number the next opening kept is known by.
        var nextID = 0
        /// Rows of PNGs drawn on kept openings, compressed on their own (see DrawingCache+PNG.swift).
        var rows: [RowsKey: CompressedRows] = [:]
        /// Where rows were asked for once (not compressed yet).
        var rowsSeen: Set<RowsKey> = []

        /// Drops everything kept (not the statistics), to make room.
        mutating func empty() {
            openings = [:]
            rows = [:]
            rowsSeen = []
            bytes = 0
        }
    }

    /// An opening kept: its pixels, and a number no other opening kept by this cache has or will have.
    struct Kept: Sendable {
        let image: RGBAImage
        let id: Int
    }

    /// `items` rasterized on a blank image of `size` pixels, the opening copied from the cache when kept; with the
    /// kept opening it was drawn on (`nil` when drawn on a blank image).
    func rasterize(_ items: [Drawing.Item], size: PixelSize, scale: Double, renderer: TextRenderer,
                   until deadline: RenderDeadline) throws(RenderError) -> (image: RGBAImage, opening: Kept?) {
        /// `items` drawn from `start` on onto `image` (taken, so that a blank one is not copied first).
        func draw(from start: Int, onto image: consuming RGBAImage) throws(RenderError) -> RGBAImage {
            try Drawing.rasterize(Array(items[start...]), into: &image, shift: .zero, scale: scale, renderer: renderer,
                                  until: deadline)
            return image
        }
        var blank: RGBAImage { RGBAImage(width: size.width, height: size.height) }  // made only when drawn on
        let openingItems = Opening.items(of: items)
        let count = openingItems.count
        let pixelBytes = size.width * size.height * 4
        guard count > 0, maximumBytes >= pixelBytes,
              Drawing.work(of: Array(items[..<count]), scale: scale, canvas: size) > 4 * size.width * size.height
        else { return (try draw(from: 0, onto: blank), nil) }
        let opening = Opening(items: openingItems, size: size, scale: scale)
        let hash = opening.hashValue
        let (kept, seenBefore) = state.withLock { state -> (Kept?, Bool) in
            if let kept = state.openings[opening] {
                state.hits += 1
                return (kept, true)
            }
            state.misses += 1
            if state.seen.count >= DrawingCache.remembered { state.seen = [] }
            return (nil, !state.seen.insert(hash).inserted)
        }
        if let kept { return (try draw(from: count, onto: kept.image), kept) }  // copied as the rest is drawn
        guard seenBefore else { return (try draw(from: 0, onto: blank), nil) }  // drawn once: remembered, not kept
        var drawn = blank
        try Drawing.rasterize(Array(items[..<count]), into: &drawn, shift: .zero, scale: scale, renderer: renderer,
                              until: deadline)
        let stored = state.withLock { state -> Kept in
            if let kept = state.openings[opening] { return kept }  // kept by another thread meanwhile: equal pixels
            if state.bytes + pixelBytes > maximumBytes { state.empty() }
            let kept = Kept(image: drawn, id: state.nextID)
            state.nextID += 1
            state.openings[opening] = kept
            state.bytes += pixelBytes
            return kept
        }
        return (try draw(from: count, onto: drawn), stored)
    }

    /// A drawing's opening items, with the size and scale they were drawn at: equal openings draw equal pixels.
    struct Opening: Hashable, Sendable {
        let items: [Item]
        let size: PixelSize
        let scale: Double

        /// The opening items of `items`: those before the first that is not a plain shape or image (text,
        /// shadows of text, groups, clips, blurs of what is below).
        static func items(of items: [Drawing.Item]) -> [Item] {
            var opening: [Item] = []
            for item in items {
                guard let kept = Item(item) else { break }
                opening.append(kept)
            }
            return opening
        }

        /// One opening item: a ``Drawing/Item`` whose pixels depend on its own values only.
        enum Item: Hashable, Sendable {
            case fill(Rect, CornerRadii, Paint, Double)
            case border(Rect, CornerRadii, EdgeWidths, Paint, Double)
            case path(VectorPath, Point, Rect, Paint, Double)
            case image(Picture, Rect, ImageFit, Double, Double)
            case boxShadow(Rect, CornerRadii, Double, Color, Rect, CornerRadii)
            case innerShadow(Rect, CornerRadii, Double, Color, Rect, CornerRadii)

            /// `item` as an opening item; `nil` for what cannot open a drawing kept.
            init?(_ item: Drawing.Item) {
                switch item {
                case .fill(let rect, let corners, let paint, let opacity):
                    self = .fill(rect, corners, paint, opacity)
                case .border(let rect, let corners, let widths, let paint, let opacity):
                    self = .border(rect, corners, widths, paint, opacity)
                case .path(let path, let origin, let box, let paint, let opacity):
                    self = .path(path, origin, box, paint, opacity)
                case .image(let picture, let box, let fit, let radius, let opacity):
                    self = .image(Picture(picture), box, fit, radius, opacity)
                case .boxShadow(let rect, let corners, let blur, let color, let box, let boxCorners):
                    self = .boxShadow(rect, corners, blur, color, box, boxCorners)
                case .innerShadow(let hole, let corners, let blur, let color, let box, let boxCorners):
                    self = .innerShadow(hole, corners, blur, color, box, boxCorners)
                case .text, .shadow, .textInnerShadow, .stroke, .link, .clip, .clipPath, .group, .turned, .softMask, .backdropBlur:
                    return nil
                }
            }
        }

        /// An image as an opening item: equal when its pixels are (the same decoded image, kept by an image
        /// cache, compares in one step); hashed by its size and 64 of its bytes, so that a photograph is not read
        /// whole for every drawing.
        struct Picture: Hashable, Sendable {
            let image: RGBAImage

            init(_ image: RGBAImage) { self.image = image }

            static func == (a: Picture, b: Picture) -> Bool {
                a.image.width == b.image.width && a.image.height == b.image.height && a.image.pixels == b.image.pixels
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(image.width)
                hasher.combine(image.height)
                let pixels = image.pixels
                for index in stride(from: 0, to: pixels.count, by: max(pixels.count / 64, 1)) {
                    hasher.combine(pixels[index])
                }
            }
        }
    }
}
