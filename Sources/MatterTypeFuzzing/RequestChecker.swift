import Foundation
public import MatterType
import MatterTypeWire
import MatterTypeCards
import MatterTypeFigma

/// Carries a ``GeneratedRequest`` out as the server does (decode, lay out, draw, encode) and checks what every
/// request must keep, whatever its options:
/// - a refusal is a typed error whose message is one line that is not empty;
/// - every line box is exactly the line height, lines follow each other by the line height (plus the paragraph
///   spacing between paragraphs), and the text's height is their sum (less the `text-box` trims);
/// - the image has the size `measure` and the image frame promise, in every format (PNG, WebP, SVG and PDF of one
///   request have the same size), and fits inside `imageWidth` × `imageHeight`;
/// - the ink lies inside the image unless the request clips it.
///
/// A trap is not caught here: it ends the process, which is why ``RequestGenerator`` cases are replayable.
public struct RequestChecker: Sendable {
    /// Where the fonts come from.
    public let registry: FontRegistry
    /// Draws the text.
    public let renderer: TextRenderer
    /// Frames of at most this many pixels are also drawn in the formats the request did not ask for, to compare
    /// their sizes; larger ones only in their own.
    public var comparedFormatsPixelLimit = 40_000
    /// Images of more pixels than this are not drawn (only laid out and framed), to keep a run's time bounded.
    public var drawnPixelLimit = 1_000_000
    /// Figma frames of more pixels than this are laid out and composed, not rasterized: a real document's frame
    /// has hundreds of layers (its rasterizing is checked by the Figma tests, once a document).
    public var figmaDrawnPixelLimit = 120_000

    /// A checker using `registry`'s fonts and `renderer`.
    public init(registry: FontRegistry = .shared, renderer: TextRenderer = .shared) {
        self.registry = registry
        self.renderer = renderer
    }

    /// How far a request went.
    public enum Outcome: String, Sendable, CaseIterable {
        /// Refused when decoded (a key or value the wire format does not take).
        case refusedDecoding = "refused when decoded"
        /// Refused when laid out (a value out of range) or when a card was composed.
        case refusedLayout = "refused when laid out"
        /// Laid out, but the image was too large to draw here (only its frame was checked).
        case framed
        /// Drawn, or refused when drawn (an image too large for the server's limits).
        case drawn
    }

    /// What went wrong with `request` (one sentence per broken invariant; empty when it held) and how far it went.
    public func check(_ request: GeneratedRequest) -> (problems: [String], outcome: Outcome) {
        switch request.kind {
        case .render: checkRender(request.body)
        case .card: checkCard(request.body, values: request.values, imageSize: request.imageSize)
        case .figma: checkFigma(request.body, values: request.values, variables: request.variables,
                                imageSize: request.imageSize)
        }
    }

    /// A refusal's message must be one line, and say something.
    private func refusal(_ stage: String, _ message: String) -> [String] {
        message.isEmpty || message.contains("\n") ? ["\(stage) refused with a message that is not one line: \(message)"] : []
    }

    // MARK: - Render requests

    private func checkRender(_ body: Data) -> (problems: [String], outcome: Outcome) {
        let request: RenderRequest
        do {
            request = try RenderRequest.decode(from: body)
        } catch {
            return (refusal("decoding", error.description), .refusedDecoding)
        }
        let layout: TextLayout
        do {
            layout = try request.layout(registry: registry)
        } catch {
            return (refusal("layout", error.description), .refusedLayout)
        }
        var problems = lineBoxes(of: layout)
        let frame = request.imageFrame(of: layout)
        problems += framing(of: layout, in: frame, request: request)
        if frame.size.width > request.output.imageWidth ?? .max || frame.size.height > request.output.imageHeight ?? .max {
            problems.append("the image is \(frame.size.width) × \(frame.size.height) px; imageWidth and imageHeight "
                            + "asked for at most \(request.output.imageWidth ?? 0) × \(request.output.imageHeight ?? 0)")
        }
        let pixels = frame.size.width.multipliedReportingOverflow(by: frame.size.height)
        guard !pixels.overflow, pixels.partialValue <= drawnPixelLimit else { return (problems, .framed) }
        let format = request.output.format ?? .png
        var formats = [format]
        if request.output.pageSize == nil, pixels.partialValue <= comparedFormatsPixelLimit {
            formats += [ImageFormat.png, .svg, .pdf].filter { $0 != format }
        }
        for other in formats {
            var variant = request
            variant.output.format = other
            let bytes: Data
            do {
                bytes = try variant.image(of: layout, renderer: renderer)
            } catch {
                problems += refusal("drawing \(other.rawValue)", error.description)
                continue
            }
            guard variant.output.pageSize == nil || other != .pdf else { continue }
            guard let size = RequestChecker.pixelSize(of: bytes, format: other, scale: layout.typography.environment.displayScale)
            else {
                problems.append("the \(other.rawValue) image's size cannot be read")
                continue
            }
            if size != frame.size {
                problems.append("the \(other.rawValue) image is \(size.width) × \(size.height) px; the frame says "
                                + "\(frame.size.width) × \(frame.size.height)")
            }
        }
        return (problems, .drawn)
    }

    /// Line boxes of exactly the line height, stacked by it (and the paragraph spacing), summing to the height.
    /// Under Figma's model a line height relative to the size (or the font's own) is a whole pixel, a tie to
    /// even, and the height is the stack rounded up to a whole pixel (BEHAVIOUR §15); under its first layout no line
    /// height is rounded per line.
    private func lineBoxes(of layout: TextLayout) -> [String] {
        var problems: [String] = []
        let typography = layout.typography
        let lineHeight = switch layout.limits.model {
        case .figma where typography.usesFontLineHeight || typography.lineHeightUnit == .percent:
            max(typography.lineHeight.rounded(.toNearestOrEven), 1)
        default: typography.lineHeight
        }
        let spacing = typography.paragraphSpacing
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }
        let hasRows = !typography.typography.writingMode.isVertical
        for (index, line) in layout.lines.enumerated() {
            if !close(line.height, lineHeight) {
                problems.append("line \(index) is \(line.height) tall; the line height is \(lineHeight)")
            }
            if index > 0 {
                let previous = layout.lines[index - 1]
                let step = line.paragraph == previous.paragraph ? lineHeight : lineHeight + spacing
                // A row whose ruby annotations do not fit above it moves down.
                let moved = hasRows && !layout.annotations.isEmpty && line.top - previous.top > step
                if !moved, !close(line.top - previous.top, step) {
                    problems.append("line \(index) starts \(line.top - previous.top) below line \(index - 1); expected \(step)")
                }
            }
        }
        if let first = layout.lines.first, let last = layout.lines.last {
            // `text-box` trims move the first line's top above 0 and cut the last line's bottom, each by the
            // distance from the line box's edge to the trimmed edge (negative, growing the text, when the line
            // height is smaller than the font's height): only the untrimmed height is known here.
            // Columns stack across the width.
            let isVertical = typography.typography.writingMode.isVertical
            let extent = isVertical ? layout.width : layout.height, name = isVertical ? "width" : "height"
            let stacked = last.top + lineHeight - first.top
            let height = layout.limits.model.isFigma ? (stacked - 1e-3).rounded(.up) : stacked
            // Annotations reach past the last column (the block grows) or move rows down (the stack grows).
            let annotated = !layout.annotations.isEmpty && extent > height
            if layout.typography.textBox.trim == .none, !annotated && !close(extent, height) || first.top != 0 {
                problems.append("the \(name) is \(extent); the lines stack to \(stacked) from \(first.top)")
            }
            // (A negative paragraph spacing overlaps paragraphs, as rows overlap.)
            if isVertical, layout.typography.textBox.trim == .none, spacing >= 0 {
                for (index, box) in layout.lineBoxes.enumerated()
                where box.x < -1e-6 || box.x + box.width > layout.width + 1e-6 {
                    problems.append("column \(index) (\(box)) is outside the layout's width \(layout.width)")
                }
            }
        }
        return problems
    }

    /// The frame holds the layout and its padding, and, unless clipped, the ink.
    private func framing(of layout: TextLayout, in frame: TextImageFrame, request: RenderRequest) -> [String] {
        let scale = layout.typography.environment.displayScale, padding = request.output.padding ?? 0
        let width = Double(frame.size.width) / scale, height = Double(frame.size.height) / scale
        var problems: [String] = []
        // The layout's box (its width limit, else its widest line) and the padding must fit; lines may overflow a
        // width limit (a cluster wider than it), their ink then grows the frame.
        // Columns: the column length asked for, else the longest column's.
        let box = layout.typography.typography.writingMode.isVertical
            ? Size(width: layout.width, height: layout.limits.height ?? layout.height)
            : Size(width: layout.limits.width ?? layout.width, height: layout.height)
        if box.width + 2 * padding > width + 1 / scale || box.height + 2 * padding > height + 1 / scale {
            problems.append("the image (\(width) × \(height) pt) is smaller than the layout's box and padding "
                            + "(\(box.width + 2 * padding) × \(box.height + 2 * padding) pt)")
        }
        guard request.output.clip != true else { return problems }
        let ink = layout.inkBounds
        guard ink.width > 0, ink.height > 0 else { return problems }
        let slack = 1.01 / scale
        let left = frame.origin.x + ink.x, top = frame.origin.y + ink.y
        if left < -slack || top < -slack || left + ink.width > width + slack || top + ink.height > height + slack {
            problems.append("the ink (\(ink)) at origin \(frame.origin) is outside the \(width) × \(height) pt image")
        }
        return problems
    }

    // MARK: - Cards

    private func checkCard(_ body: Data, values: [String: String],
                           imageSize parameters: [String: String]) -> (problems: [String], outcome: Outcome) {
        let card: Card, size: CardImageSize
        do {
            size = try CardImageSize(parameters: parameters)
            card = size.sized(try Card.decode(from: body, values: values))
        } catch {
            return (refusal("decoding the card", error.description), .refusedDecoding)
        }
        let cards = CardRenderer(registry: registry, renderer: renderer)
        let drawing: Drawing
        do {
            drawing = try cards.drawing(of: card)
        } catch {
            return (refusal("composing the card", error.description), .refusedLayout)
        }
        var problems: [String] = []
        if drawing.pixelSize.width > size.width ?? .max || drawing.pixelSize.height > size.height ?? .max {
            problems.append("the card is \(drawing.pixelSize.width) × \(drawing.pixelSize.height) px; it was asked to "
                            + "fit inside \(size.width ?? 0) × \(size.height ?? 0)")
        }
        let pixels = drawing.pixelSize.width * drawing.pixelSize.height
        guard pixels <= drawnPixelLimit else { return (problems, .framed) }
        var formats: [ImageFormat] = pixels <= comparedFormatsPixelLimit ? [.png, .svg, .pdf] : [.png]
        // A quality asked for: the formats it sets, at it.
        if size.quality != nil, pixels <= comparedFormatsPixelLimit { formats += [.jpeg, .webp] }
        for format in formats {
            let bytes: Data
            do {
                bytes = try cards.encoded(card, format: format, quality: size.quality)
            } catch {
                problems += refusal("encoding the card as \(format.rawValue)", error.description)
                continue
            }
            let size = RequestChecker.pixelSize(of: bytes, format: format, scale: card.scale)
            if size != drawing.pixelSize {
                problems.append("the card's \(format.rawValue) is \(size.map { "\($0.width) × \($0.height)" } ?? "unreadable"); "
                                + "its canvas is \(drawing.pixelSize.width) × \(drawing.pixelSize.height) px")
            }
        }
        problems += audited(card, renderer: cards, contrast: pixels <= comparedFormatsPixelLimit)
        return (problems, .drawn)
    }

    /// The audit of a card that was drawn (contrast too when asked: it draws the card three more times): it must
    /// not fail, and each problem must name a layer and hold finite numbers, a contrast ratio from 1 to 21.
    private func audited(_ card: Card, renderer: CardRenderer, contrast: Bool) -> [String] {
        do {
            return try renderer.audit(of: card, options: CardAuditOptions(checksContrast: contrast)).compactMap { problem in
                let numbers = [problem.points, problem.ratio, problem.box?.x, problem.box?.y, problem.box?.width,
                               problem.box?.height].compactMap { $0 }
                guard !numbers.allSatisfy(\.isFinite) || !problem.layer.hasPrefix("/layers/")
                        || problem.ratio.map({ !(1...21).contains($0) }) == true else { return nil }
                return "the audit's \(problem.kind.rawValue) on \(problem.layer) is not sound: \(problem)"
            }
        } catch {
            return ["auditing a card that was drawn failed: \(error)"]
        }
    }

    // MARK: - Figma documents

    /// A Figma document read (its bound values resolved with `variables` when given), its first top-level node
    /// laid out (every node's box finite) and, when small enough, drawn in every format at the card's size.
    private func checkFigma(_ body: Data, values: [String: String], variables: Data?,
                            imageSize: [String: String]) -> (problems: [String], outcome: Outcome) {
        var figma: FigmaDocument
        let frame: FigmaFrame
        do throws(FigmaError) {
            figma = try FigmaDocument(data: body)
            if let variables { figma = figma.resolving(try FigmaVariables(data: variables), modes: [:]).document }
            guard let first = figma.topLevelNodes.first else { return ([], .refusedDecoding) }
            frame = try figma.frame(first.id)
        } catch {
            return (refusal("reading the Figma document", error.description), .refusedDecoding)
        }
        let cards = CardRenderer(registry: registry, renderer: renderer)
        let card: Card
        do {
            card = try frame.card(values: values)
            for box in try frame.nodeBoxes(values: values, renderer: cards)
            where ![box.x, box.y, box.width, box.height].allSatisfy(\.isFinite) {
                return (["node \(box.id)'s box is not finite: \(box)"], .drawn)
            }
        } catch {
            return (refusal("laying the Figma frame out", "\(error)"), .refusedLayout)
        }
        // At the size asked for (an invalid one is refused by checkCard).
        let scale = ((try? CardImageSize(parameters: imageSize))?.sized(card) ?? card).scale
        guard card.width * card.height * scale * scale <= Double(figmaDrawnPixelLimit) else {
            do {
                _ = try cards.drawing(of: card)
            } catch {
                return (refusal("composing the Figma frame", "\(error)"), .refusedLayout)
            }
            return ([], .framed)
        }
        let encoded = try? JSONEncoder().encode(card)
        return checkCard(encoded ?? Data(), values: [:], imageSize: imageSize)
    }

    // MARK: - Image sizes

    /// The pixel size an encoded image declares: PNG's, WebP's and JPEG's headers (``ImageDecoder/pixelSize(of:)``), an
    /// SVG's `width` and `height`, a PDF's first `/MediaBox` (points) × `scale`, rounded.
    static func pixelSize(of data: Data, format: ImageFormat, scale: Double) -> PixelSize? {
        switch format {
        case .png, .webp, .jpeg:
            return ImageDecoder.pixelSize(of: data)
        case .svg:
            let head = String(decoding: data.prefix(400), as: UTF8.self)
            func attribute(_ name: String) -> Int? {
                guard let start = head.range(of: " \(name)=\"") else { return nil }
                return Int(head[start.upperBound...].prefix { $0 != "\"" })
            }
            guard let width = attribute("width"), let height = attribute("height") else { return nil }
            return PixelSize(width: width, height: height)
        case .pdf:
            // The page's object may follow large image streams: its box is looked for in the whole file.
            guard let start = data.range(of: Data("/MediaBox [0 0 ".utf8)) else { return nil }
            let text = String(decoding: data[start.upperBound...].prefix(64), as: UTF8.self)
            let numbers = text.prefix { $0 != "]" }.split(separator: " ").compactMap { Double($0) }
            guard numbers.count == 2 else { return nil }
            // The box is written to a few decimals (pixels / scale): the nearest whole pixel.
            return PixelSize(width: Int((numbers[0] * scale).rounded()), height: Int((numbers[1] * scale).rounded()))
        }
    }
}
