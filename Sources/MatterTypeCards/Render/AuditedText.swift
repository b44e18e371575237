import Foundation
import MatterType
import MatterTypeWire

/// A text layer as an audit looks at it: laid out, in the canvas's points, with the clipping frames around it.
struct AuditedText {
    /// Its JSON Pointer.
    let path: String
    let layer: CardTextLayer
    let layout: TextLayout
    /// Its box.
    let frame: Rect
    /// The boxes of the frames around it that clip their content.
    let clips: [Rect]
    /// Each line's box (its advance and line height).
    let lineBoxes: [Rect]
    /// Each line's ink; lines that draw nothing left out.
    let lineInks: [Rect]

    /// The text layers of `laid` and its children, in document order, with the clips around them.
    static func collect(_ laid: LaidOutLayer, clips: [Rect], into texts: inout [AuditedText]) {
        switch laid.layer {
        case .text(let layer):
            guard let layout = laid.text else { return }
            // From the layout's coordinates to the canvas's (through the layer's turn, when it has one).
            func placed(_ rect: Rect) -> Rect {
                let inBox = laid.turned(Rect(x: laid.textLeft + rect.x, y: laid.textTop + rect.y, width: rect.width,
                                             height: rect.height))
                return Rect(x: laid.frame.x + inBox.x, y: laid.frame.y + inBox.y, width: inBox.width,
                            height: inBox.height)
            }
            let boxes = layout.lineBoxes.map(placed)
            let inks = layout.lines.indices.map { layout.inkBounds(ofLine: $0) }.filter { !$0.isEmpty }.map(placed)
            texts.append(AuditedText(path: laid.path.map { "/layers/\($0)" }.joined(), layer: layer, layout: layout,
                                     frame: laid.frame, clips: clips, lineBoxes: boxes, lineInks: inks))
        case .frame(let frame):
            let inner = frame.clipsContent ? clips + [laid.frame] : clips
            for child in laid.children { collect(child, clips: inner, into: &texts) }
        case .rect, .image:
            return
        }
    }

    /// All its ink.
    var ink: Rect { lineInks.reduce(Rect.zero) { $0.union($1) } }

    /// Its color: a solid fill's, a gradient's stops' mean, else the request's; `nil` for an image fill.
    var color: Color? {
        let stops: [GradientStop]
        switch layer.fill {
        case nil: return layer.request.output.color ?? .black
        case .color(let color)?: return color
        case .linear(let gradient)?: stops = gradient.stops
        case .radial(let gradient)?: stops = gradient.stops
        case .conic(let gradient)?: stops = gradient.stops
        case .diamond(let gradient)?: stops = gradient.stops
        }
        guard !stops.isEmpty else { return nil }
        func mean(_ channel: (Color) -> UInt8) -> UInt8 {
            UInt8((Double(stops.reduce(0) { $0 + Int(channel($1.color)) }) / Double(stops.count)).rounded())
        }
        return Color(red: mean(\.red), green: mean(\.green), blue: mean(\.blue), alpha: mean(\.alpha))
    }

    /// Whether WCAG counts it as large: at least 24 points, or 18.66 at weight 700 or more.
    var isLarge: Bool {
        let size = layout.typography.fontSize, weight = layout.typography.typography.fontWeight.rawValue
        return size >= 24 || (size >= 18.66 && weight >= 700)
    }

    /// Whether a line's ink of each overlaps the other's by more than half a point both ways.
    /// Where a line's ink of each overlaps the other's by more than half a point both ways: the first such
    /// overlap; `nil` when none does.
    func collision(with other: AuditedText) -> Rect? {
        for mine in lineInks {
            for theirs in other.lineInks {
                let x = max(mine.x, theirs.x), y = max(mine.y, theirs.y)
                let width = min(mine.maxX, theirs.maxX) - x, height = min(mine.maxY, theirs.maxY) - y
                if width > 0.5, height > 0.5 { return Rect(x: x, y: y, width: width, height: height) }
            }
        }
        return nil
    }

    /// Its lines' box (their advances and line heights).
    var linesBox: Rect { lineBoxes.reduce(Rect.zero) { $0.union($1) } }

    /// Its problems but collisions and contrast: its line count, overflow, truncation, fitting, characters; each
    /// at its lines' box.
    func problems(canvas: Rect, options: CardAuditOptions) -> [CardAuditProblem] {
        var found = ownProblems(canvas: canvas, options: options)
        let box = linesBox.isEmpty ? frame : linesBox
        for index in found.indices { found[index].box = box }
        return found
    }

    private func ownProblems(canvas: Rect, options: CardAuditOptions) -> [CardAuditProblem] {
        var found: [CardAuditProblem] = []
        let count = layout.lines.count
        var lines = CardAuditProblem(kind: .lines, layer: path, message: "\(count) line\(count == 1 ? "" : "s")")
        lines.lines = count
        found.append(lines)
        found += overflow(canvas: canvas)
        if layout.isTruncated {
            let end = layout.lines.last?.range.upperBound ?? layout.text.startIndex
            let lost = end <= layout.text.endIndex ? layout.text[end...].trimmingCharacters(in: .whitespacesAndNewlines) : ""
            var problem = CardAuditProblem(kind: .truncated, layer: path, message: "lines were dropped: \""
                                           + Self.shortened(lost) + "\" is not drawn")
            problem.lost = lost
            found.append(problem)
        }
        if layer.request.limits.fit == true {
            let minimum = layer.request.limits.minFontSize ?? 1
            let size = layout.typography.fontSize
            // The most height: the request's, else its box's (sizes fitted are on a 0.25-point grid).
            let overHeight = layout.height > (layer.request.limits.maxHeight ?? frame.height) + 0.01
            if size < minimum + 0.25, layout.isTruncated || layout.breaksInsideWord || overHeight {
                var problem = CardAuditProblem(kind: .fitMinimum, layer: path, message: "fitting stopped at its "
                                               + "minimum size, \(size) points, and the text still does not fit")
                problem.fontSize = size
                found.append(problem)
            }
        }
        if !layout.missingCharacters.isEmpty {
            let names = layout.missingCharacters.map(CardAuditProblem.name)
            var problem = CardAuditProblem(kind: .missingGlyph, layer: path, message: "no font draws "
                                           + names.joined(separator: ", ") + ": drawn as a box")
            problem.characters = names
            found.append(problem)
        }
        found += fallbacks(options: options)
        return found
    }

    /// Where its text runs out of its box, or is cut by a frame clipping it or by the canvas: one problem an edge
    /// each. Out of its own box means a line that does not fit there — one whose middle is above or below the box,
    /// or whose advance passes its side by more than half a point — not a tall line box or a descender in a tight
    /// box, which designs have on purpose. Cut means a line's ink partly inside the frame or canvas and more than
    /// half a point past its edge; a text wholly outside (scrolled or parked out of view) is not drawn, and not
    /// reported.
    private func overflow(canvas: Rect) -> [CardAuditProblem] {
        var found: [CardAuditProblem] = []
        func report(_ edge: CardAuditProblem.Edge, _ points: Double, _ container: CardAuditProblem.Container) {
            let shown = (points * 100).rounded() / 100
            let what = switch container {
            case .box: "its box"
            case .clip: "the frame clipping it"
            case .canvas: "the canvas"
            }
            var problem = CardAuditProblem(kind: .overflow, layer: path, message: "its lines reach \(shown) "
                                           + "points past the \(edge.rawValue) of \(what)")
            problem.edge = edge
            problem.points = shown
            problem.container = container
            found.append(problem)
        }
        // Out of its box: lines that do not fit.
        let outside = lineBoxes.filter { $0.y + $0.height / 2 < frame.y || $0.y + $0.height / 2 > frame.maxY }
        if let top = outside.map(\.y).min(), top < frame.y { report(.top, frame.y - top, .box) }
        if let bottom = outside.map(\.maxY).max(), bottom > frame.maxY { report(.bottom, bottom - frame.maxY, .box) }
        let wide = lineBoxes.filter { !$0.isEmpty }
        if let right = wide.map(\.maxX).max(), right > frame.maxX + 0.5 { report(.right, right - frame.maxX, .box) }
        if let left = wide.map(\.x).min(), left < frame.x - 0.5 { report(.left, frame.x - left, .box) }
        // Cut: ink partly inside a clipping frame or the canvas, past its edge.
        for (container, rect) in clips.map({ (CardAuditProblem.Container.clip, $0) }) + [(.canvas, canvas)] {
            let seen = lineInks.filter { ink in
                min(ink.maxX, rect.maxX) > max(ink.x, rect.x) && min(ink.maxY, rect.maxY) > max(ink.y, rect.y)
            }
            let reach: [(CardAuditProblem.Edge, Double)] = [
                (.top, rect.y - (seen.map(\.y).min() ?? rect.y)),
                (.right, (seen.map(\.maxX).max() ?? rect.maxX) - rect.maxX),
                (.bottom, (seen.map(\.maxY).max() ?? rect.maxY) - rect.maxY),
                (.left, rect.x - (seen.map(\.x).min() ?? rect.x)),
            ]
            for (edge, points) in reach where points > 0.5 { report(edge, points, container) }
        }
        return found
    }

    /// Characters drawn by a family the layer does not name (nor `options` allow; an emoji font drawing emoji is
    /// not a fallback), one problem a family.
    private func fallbacks(options: CardAuditOptions) -> [CardAuditProblem] {
        var designed: [String] = []
        for style in layout.styles {
            for name in [style.typography.typography.familyName] + style.typography.typography.fallbackFamilyNames
            where !designed.contains(name) {
                designed.append(name)
            }
        }
        let accepted = Set((designed + options.allowedFallbacks).map { $0.lowercased() })
        // Each family's runs (where each starts in the text, for the message in reading order) and their
        // characters, each once.
        var byFamily: [(family: String, runs: [(Int, String)], scalars: [Unicode.Scalar])] = []
        for line in layout.lines {
            for run in line.runs {
                let family = run.font.familyName
                guard !accepted.contains(family.lowercased()), !family.lowercased().contains("emoji") else { continue }
                let scalars = run.text.unicodeScalars.filter { !$0.properties.isWhitespace }
                guard !scalars.isEmpty else { continue }
                let index = byFamily.firstIndex { $0.family == family } ?? {
                    byFamily.append((family, [], []))
                    return byFamily.count - 1
                }()
                byFamily[index].runs.append((run.scalarRange.lowerBound, run.text))
                for scalar in scalars where !byFamily[index].scalars.contains(scalar) {
                    byFamily[index].scalars.append(scalar)
                }
            }
        }
        return byFamily.map { family, runs, scalars in
            // In reading order; a space where another family's characters came between.
            var text = "", end: Int?
            for (start, piece) in runs.sorted(by: { $0.0 < $1.0 }) {
                if let end, start > end { text += " " }
                text += piece
                end = start + piece.unicodeScalars.count
            }
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            var problem = CardAuditProblem(kind: .fallback, layer: path, message: "\(family) draws \""
                                           + Self.shortened(text) + "\", not " + designed.joined(separator: ", "))
            problem.family = family
            problem.designed = designed
            problem.characters = scalars.map(CardAuditProblem.name)
            return problem
        }
    }

    /// `text` cut to 40 characters for a message.
    private static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(39)) + "…"
    }
}
