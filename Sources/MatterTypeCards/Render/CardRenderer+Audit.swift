public import MatterType
import Foundation
import MatterTypeWire

extension CardRenderer {
    /// What is wrong with the card's text layers as drawn: lines outside their box, a clipping frame or the canvas
    /// (`overflow`), text lost (`truncated`), fitting that ran out (`fit-minimum`), characters no font has
    /// (`missing-glyph`) or that another family drew (`fallback`), text layers whose ink overlaps (`collision`),
    /// text too faint against the pixels behind it (`contrast`), and each layer's line count (`lines`) — layer by
    /// layer in document order. ``CardAuditProblem/Kind`` says which fail an audit.
    ///
    /// Contrast is WCAG 2.2's ratio between the layer's color and each pixel its glyphs cover by at least half,
    /// in the card drawn without its text (shadows, outlines and inline images too); the 10th percentile of those
    /// ratios is compared with ``CardAuditOptions/minimumContrast`` (``CardAuditOptions/minimumContrastLarge``
    /// from 24 points, or 18.66 at weight 700). A transparent canvas counts as white; a gradient text's color is
    /// its stops' mean; spans with a color of their own are not measured, and frames' opacity is not taken into
    /// account.
    /// - Throws: ``CardError`` for a card that cannot be laid out or drawn, as ``drawing(of:until:)``.
    public func audit(of card: Card, options: CardAuditOptions = CardAuditOptions(),
                      until deadline: RenderDeadline = .never) throws(CardError) -> [CardAuditProblem] {
        try checkSize(of: card)
        let layers = try laidOut(card, until: deadline)
        var texts: [AuditedText] = []
        for layer in layers { AuditedText.collect(layer, clips: [], into: &texts) }
        let canvas = Rect(x: 0, y: 0, width: card.width, height: card.height)
        var problems: [[CardAuditProblem]] = texts.map { $0.problems(canvas: canvas, options: options) }
        for (index, text) in texts.enumerated() {
            for other in texts[..<index] {
                guard let overlap = text.collision(with: other) else { continue }
                var problem = CardAuditProblem(kind: .collision, layer: text.path,
                                               message: "its ink overlaps that of another text layer")
                problem.other = other.path
                problem.box = overlap
                problems[index].append(problem)
            }
        }
        if options.checksContrast, !texts.isEmpty {
            let found = try contrast(of: texts, in: card, laidOut: layers, options: options, until: deadline)
            for (index, problem) in found { problems[index].append(problem) }
        }
        return problems.flatMap { $0 }
    }

    /// The contrast problems of `texts` (by index): the card drawn with its text layers transparent (the
    /// background), white and black (their coverage, whatever is behind them).
    private func contrast(of texts: [AuditedText], in card: Card, laidOut layers: [LaidOutLayer],
                          options: CardAuditOptions,
                          until deadline: RenderDeadline) throws(CardError) -> [(Int, CardAuditProblem)] {
        // Painting does not move anything: the layers laid out once are drawn three times.
        func painted(_ color: Color) throws(CardError) -> RGBAImage {
            let drawing = try drawing(of: card, laidOut: layers.map { $0.textPainted(color) }, until: deadline)
            do {
                return try drawing.rasterized(renderer: renderer, cache: drawings, until: deadline)
            } catch {
                throw .render(error)
            }
        }
        let behind = try painted(.clear), white = try painted(.white), black = try painted(.black)
        var found: [(Int, CardAuditProblem)] = []
        for (index, text) in texts.enumerated() {
            guard let color = text.color else { continue }
            var ratios: [Double] = []
            let ink = text.ink
            let x0 = max(0, Int((ink.x * card.scale).rounded(.down)))
            let y0 = max(0, Int((ink.y * card.scale).rounded(.down)))
            let x1 = min(behind.width, Int((ink.maxX * card.scale).rounded(.up)))
            let y1 = min(behind.height, Int((ink.maxY * card.scale).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                for x in x0..<x1 {
                    // Coverage: white text minus black text over the same pixels, whatever is behind.
                    guard Int(white[x, y].green) - Int(black[x, y].green) >= 128 else { continue }
                    let back = Contrast.opaque(behind[x, y])
                    ratios.append(Contrast.ratio(Contrast.over(color, back), back))
                }
            }
            guard !ratios.isEmpty else { continue }
            ratios.sort()
            let ratio = ratios[Int((Double(ratios.count - 1) * 0.1).rounded(.down))]
            let minimum = text.isLarge ? options.minimumContrastLarge : options.minimumContrast
            guard ratio < minimum else { continue }
            // Cut, never rounded up to the minimum (WCAG: 4.499 is not 4.5).
            let shown = (ratio * 100).rounded(.down) / 100
            var problem = CardAuditProblem(kind: .contrast, layer: text.path, message: "its color against what is "
                                           + "drawn behind its glyphs is \(shown):1, below \(minimum):1"
                                           + (text.isLarge ? " (large text)" : ""))
            problem.ratio = shown
            problem.minimum = minimum
            problem.box = text.linesBox
            found.append((index, problem))
        }
        return found
    }
}

/// WCAG 2.2's relative luminance and contrast ratio, over straight (not premultiplied) sRGB colors.
enum Contrast {
    /// The relative luminance of an opaque color: its channels made linear (sRGB), weighted 0.2126, 0.7152, 0.0722.
    static func luminance(_ color: Color) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055).pow(2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// `(L1 + 0.05) / (L2 + 0.05)`, the lighter over the darker: 1 to 21.
    static func ratio(_ a: Color, _ b: Color) -> Double {
        let (first, second) = (luminance(a), luminance(b))
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// A drawn pixel over white, as an opaque color (a transparent canvas is seen on white).
    static func opaque(_ pixel: RGBAImage.Pixel) -> Color {
        let clear = 255 - Int(pixel.alpha)
        return Color(red: UInt8(Int(pixel.red) + clear), green: UInt8(Int(pixel.green) + clear),
                     blue: UInt8(Int(pixel.blue) + clear))
    }

    /// `color` (with its alpha) over the opaque `back`.
    static func over(_ color: Color, _ back: Color) -> Color {
        let alpha = Double(color.alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded())
        }
        return Color(red: mix(color.red, back.red), green: mix(color.green, back.green),
                     blue: mix(color.blue, back.blue))
    }
}

extension Double {
    fileprivate func pow(_ exponent: Double) -> Double { Foundation.pow(self, exponent) }
}

extension LaidOutLayer {
    /// This layer with every text layer in it painted `color` alone (spans of their own color keep it): no fill,
    /// shadows, outline or inline images (laid out the same).
    fileprivate func textPainted(_ color: Color) -> LaidOutLayer {
        var copy = self
        if case .text(var text) = layer {
            // The request's color, not a fill: a fill is drawn through a mask of the whole box, far slower.
            text.fill = nil
            text.request.output.color = color
            text.shadows = []
            text.stroke = nil
            text.boxImages = [:]
            copy.layer = .text(text)
        }
        copy.children = children.map { $0.textPainted(color) }
        return copy
    }
}
