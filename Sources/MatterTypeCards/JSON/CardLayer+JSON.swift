public import Foundation
public import MatterType
public import MatterTypeWire

extension CardLayer: Codable {
    private enum TypeKey: String, CodingKey { case type }
    private enum Kind: String, CaseIterable { case text, rect, image, frame }
    private enum ImageKeys: String, CodingKey, CaseIterable {
        case type, x, y, width, height, minWidth, maxWidth, minHeight, maxHeight, position
        case src, fit, cornerRadius, circle, opacity
    }
    private enum TextKeys: String, CodingKey, CaseIterable {
        case type, x, y, width, height, minWidth, maxWidth, minHeight, position
        case verticalAlign, baselineOffset, shadows, stroke, spans
    }
    private enum RectKeys: String, CodingKey, CaseIterable {
        case type, x, y, width, height, minWidth, maxWidth, minHeight, maxHeight, position
        case fill, cornerRadius, border, opacity
    }
    private enum FrameKeys: String, CodingKey, CaseIterable {
        case type, x, y, width, height, minWidth, maxWidth, minHeight, maxHeight, position
        case layout, fill, image, border, cornerRadius, clip, opacity, shadows, blur, backgroundBlur, blendMode, paths
        case mask, isMask, layers
    }
    private enum BorderKeys: String, CodingKey, CaseIterable { case width, color }

    /// Decodes a layer by its `type`: `text` (a box and render-request keys), `rect`, `image` or `frame`.
    public init(from decoder: any Decoder) throws {
        let typed = try decoder.container(keyedBy: TypeKey.self)
        let type = try typed.decode(String.self, forKey: .type)
        guard let kind = Kind(rawValue: type) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: typed, debugDescription:
                "\"\(type)\" is not a layer type; use " + Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        switch kind {
        case .text:
            let c = try decoder.container(keyedBy: TextKeys.self)
            // The box (its width too: a number, hug or fill) and the spans are read here: a box span may carry an
            // image (`src`, `fit`), which a render request's spans do not have.
            let request = try RenderRequest(from: decoder, excluding: CardTextLayer.cardWideKeys,
                                            extra: Set(TextKeys.allCases.map(\.rawValue)), in: "a text layer",
                                            readingSpans: false)
            let box = try CardBox(from: decoder, width: .hug, height: .hug, hugs: true)
            let spans = try c.decodeIfPresent([CardSpanJSON].self, forKey: .spans)
            var layer = CardTextLayer(box: box,
                                      verticalAlignment: try c.decodeIfPresent(CardVerticalAlignment.self,
                                                                               forKey: .verticalAlign) ?? .top,
                                      baselineOffset: try c.decodeIfPresent(Double.self, forKey: .baselineOffset) ?? 0,
                                      request: request,
                                      shadows: try c.decodeIfPresent([CardShadow].self, forKey: .shadows) ?? [],
                                      stroke: try c.decodeIfPresent(CardStroke.self, forKey: .stroke))
            layer.request.spans = spans?.map(\.span)
            for (index, span) in (spans ?? []).filter({ $0.span.box != nil }).enumerated() {
                layer.boxImages[index] = span.image
            }
            self = .text(layer)
        case .rect:
            try decoder.rejectUnknownKeys(RectKeys.self, in: "a rect layer")
            let c = try decoder.container(keyedBy: RectKeys.self)
            self = .rect(CardRectLayer(box: try CardBox(from: decoder, width: nil, height: nil, hugs: false),
                                       fill: try c.decodeIfPresent(PaintJSON.self, forKey: .fill)?.paint,
                                       cornerRadius: try c.decodeCornersIfPresent(forKey: .cornerRadius) ?? 0,
                                       border: try CardLayer.border(c, forKey: .border),
                                       opacity: try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1))
        case .image:
            try decoder.rejectUnknownKeys(ImageKeys.self, in: "an image layer")
            let c = try decoder.container(keyedBy: ImageKeys.self)
            let fit = try c.decodeFitIfPresent(forKey: .fit) ?? .fill
            self = .image(CardImageLayer(box: try CardBox(from: decoder, width: nil, height: nil, hugs: false),
                                         source: try c.decode(String.self, forKey: .src), fit: fit,
                                         cornerRadius: try c.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? 0,
                                         isCircle: try c.decodeIfPresent(Bool.self, forKey: .circle) ?? false,
                                         opacity: try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1))
        case .frame:
            try decoder.rejectUnknownKeys(FrameKeys.self, in: "a frame layer")
            let c = try decoder.container(keyedBy: FrameKeys.self)
            let layout = try c.decodeIfPresent(CardFlow.self, forKey: .layout) ?? CardFlow()
            // A frame with a direction hugs its children unless sized; one without has no content size.
            let content: CardSize? = layout.direction == nil ? nil : .hug
            self = .frame(CardFrameLayer(box: try CardBox(from: decoder, width: content, height: content, hugs: true),
                                         layout: layout,
                                         fill: try c.decodeIfPresent(PaintJSON.self, forKey: .fill)?.paint,
                                         image: try c.decodeIfPresent(FrameImageJSON.self, forKey: .image)?.image,
                                         border: try CardLayer.border(c, forKey: .border),
                                         cornerRadius: try c.decodeCornersIfPresent(forKey: .cornerRadius) ?? 0,
                                         clipsContent: try c.decodeIfPresent(Bool.self, forKey: .clip) ?? false,
                                         opacity: try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1,
                                         shadows: try c.decodeIfPresent([CardBoxShadow].self, forKey: .shadows) ?? [],
                                         blur: try c.decodeIfPresent(Double.self, forKey: .blur) ?? 0,
                                         backgroundBlur: try c.decodeIfPresent(Double.self,
                                                                               forKey: .backgroundBlur) ?? 0,
                                         blendMode: try c.decodeIfPresent(BlendMode.self,
                                                                          forKey: .blendMode) ?? .normal,
                                         paths: try c.decodeIfPresent([CardPathJSON].self, forKey: .paths)?.map(\.path)
                                            ?? [],
                                         mask: try c.decodeIfPresent(MaskJSON.self, forKey: .mask)?.path,
                                         isMask: try c.decodeIfPresent(Bool.self, forKey: .isMask) ?? false,
                                         layers: try c.decodeIfPresent([CardLayer].self, forKey: .layers) ?? []))
        }
    }

    /// A `{"width": 2, "color": …}` border under `key`, if there is one.
    private static func border<Keys: CodingKey>(_ c: KeyedDecodingContainer<Keys>,
                                                forKey key: Keys) throws -> CardBorder? {
        guard c.contains(key) else { return nil }
        let nested = try c.superDecoder(forKey: key)
        try nested.rejectUnknownKeys(BorderKeys.self, in: "a border")
        let b = try nested.container(keyedBy: BorderKeys.self)
        let widths: EdgeWidths
        if let sides = try? b.decode([Double].self, forKey: .width) {
            guard sides.count == 4 else {
                throw DecodingError.dataCorruptedError(forKey: .width, in: b, debugDescription:
                    "give one width, or four: [top, right, bottom, left]")
            }
            widths = EdgeWidths(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
        } else {
            widths = EdgeWidths(try b.decode(Double.self, forKey: .width))
        }
        return CardBorder(width: widths,
                          paint: try b.decode(PaintJSON.self, forKey: .color).paint)
    }

    private static func encode<Keys: CodingKey>(_ border: CardBorder?, into c: inout KeyedEncodingContainer<Keys>,
                                                forKey key: Keys) throws {
        guard let border else { return }
        var b = c.nestedContainer(keyedBy: BorderKeys.self, forKey: key)
        let widths = border.width
        if Set(widths.all).count == 1 { try b.encode(widths.top, forKey: .width) } else { try b.encode(widths.all, forKey: .width) }
        try b.encode(PaintJSON(border.paint), forKey: .color)
    }

    /// Encodes the keys it decodes.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let layer):
            var request = layer.request
            request.spans = nil
            request.limits.width = nil
            try request.encode(to: encoder)
            try layer.box.encode(to: encoder, writesMaxHeight: false)
            var c = encoder.container(keyedBy: TextKeys.self)
            if let spans = layer.request.spans {
                var boxIndex = 0
                try c.encode(spans.map { span in
                    guard span.box != nil else { return CardSpanJSON(span: span, image: nil) }
                    defer { boxIndex += 1 }
                    return CardSpanJSON(span: span, image: layer.boxImages[boxIndex])
                }, forKey: .spans)
            }
            try c.encode("text", forKey: .type)
            try c.encode(layer.verticalAlignment, forKey: .verticalAlign)
            try c.encode(layer.baselineOffset, forKey: .baselineOffset)
            if !layer.shadows.isEmpty { try c.encode(layer.shadows, forKey: .shadows) }
            try c.encodeIfPresent(layer.stroke, forKey: .stroke)
        case .rect(let layer):
            try layer.box.encode(to: encoder)
            var c = encoder.container(keyedBy: RectKeys.self)
            try c.encode("rect", forKey: .type)
            try c.encodeIfPresent(layer.fill.map(PaintJSON.init), forKey: .fill)
            try c.encodeCorners(layer.cornerRadius, forKey: .cornerRadius)
            try CardLayer.encode(layer.border, into: &c, forKey: .border)
            try c.encode(layer.opacity, forKey: .opacity)
        case .image(let layer):
            try layer.box.encode(to: encoder)
            var c = encoder.container(keyedBy: ImageKeys.self)
            try c.encode("image", forKey: .type)
            try c.encode(layer.source, forKey: .src)
            try c.encode(layer.fit.rawValue, forKey: .fit)
            try c.encode(layer.cornerRadius, forKey: .cornerRadius)
            try c.encode(layer.isCircle, forKey: .circle)
            try c.encode(layer.opacity, forKey: .opacity)
        case .frame(let layer):
            try layer.box.encode(to: encoder)
            var c = encoder.container(keyedBy: FrameKeys.self)
            try c.encode("frame", forKey: .type)
            try c.encode(layer.layout, forKey: .layout)
            try c.encodeIfPresent(layer.fill.map(PaintJSON.init), forKey: .fill)
            try c.encodeIfPresent(layer.image.map(FrameImageJSON.init), forKey: .image)
            try CardLayer.encode(layer.border, into: &c, forKey: .border)
            try c.encodeCorners(layer.cornerRadius, forKey: .cornerRadius)
            try c.encode(layer.clipsContent, forKey: .clip)
            try c.encode(layer.opacity, forKey: .opacity)
            if !layer.shadows.isEmpty { try c.encode(layer.shadows, forKey: .shadows) }
            if layer.blur != 0 { try c.encode(layer.blur, forKey: .blur) }
            if layer.backgroundBlur != 0 { try c.encode(layer.backgroundBlur, forKey: .backgroundBlur) }
            if layer.blendMode != .normal { try c.encode(layer.blendMode, forKey: .blendMode) }
            if !layer.paths.isEmpty { try c.encode(layer.paths.map(CardPathJSON.init), forKey: .paths) }
            try c.encodeIfPresent(layer.mask.map(MaskJSON.init), forKey: .mask)
            if layer.isMask { try c.encode(true, forKey: .isMask) }
            try c.encode(layer.layers, forKey: .layers)
        }
    }
}
