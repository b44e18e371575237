public import MatterType
import MatterTypeCards
import MatterTypeWire

/// A font family a frame's texts ask for that no registered, bundled or installed font has: its texts are drawn
/// in another family, usually wider or narrower, so fixed boxes break differently.
public struct FigmaFontFallback: Sendable, Hashable {
    /// The family asked for (`"Poppins"`).
    public let family: String
    /// The family drawn instead (`"Noto Sans"`).
    public let replacement: String
    /// The text nodes asking for it, in document order: `node 1:2 "Title"`.
    public let nodes: [String]

    /// `family`, drawn in `replacement`, asked for by `nodes`.
    public init(family: String, replacement: String, nodes: [String]) {
        self.family = family
        self.replacement = replacement
        self.nodes = nodes
    }

    /// The fallbacks as one line a designer can act on: each family, how many nodes and the first three, and what
    /// to do (`fonts not installed: Poppins for 12 text nodes (node 1:2 "Title", …; drawn in Noto Sans);
    /// install them or give --font-dir`); `nil` when there are none.
    public static func summary(_ fallbacks: [FigmaFontFallback]) -> String? {
        guard !fallbacks.isEmpty else { return nil }
        let families = fallbacks.map { fallback in
            let shown = fallback.nodes.prefix(3).joined(separator: ", ") + (fallback.nodes.count > 3 ? ", …" : "")
            return "\(fallback.family) for \(fallback.nodes.count) text node\(fallback.nodes.count == 1 ? "" : "s") "
                + "(\(shown); drawn in \(fallback.replacement))"
        }
        return "fonts not installed: " + families.joined(separator: ", ") + "; install them or give --font-dir"
    }
}

extension FigmaFrame {
    /// The families this frame's texts ask for (each text's and its spans') that `registry` resolves to another
    /// family, with the nodes asking, in the order they first come.
    public func fontFallbacks(in registry: FontRegistry) -> [FigmaFontFallback] {
        var order: [String] = [], nodes: [String: [String]] = [:], replacements: [String: String] = [:]
        var resolutions: [String: FontResolution?] = [:]
        func visit(_ layers: [CardLayer], path: [Int]) {
            for (index, layer) in layers.enumerated() {
                let place = path + [index]
                switch layer {
                case .frame(let frame):
                    visit(frame.layers, path: place)
                case .text(let text):
                    let families = (text.request.typography.family ?? [])
                        + (text.request.spans ?? []).flatMap { $0.style.familyNames ?? [] }
                    for family in Set(families).sorted() {
                        if resolutions[family] == nil {
                            resolutions[family] = .some(try? registry.resolve(familyName: family, weight: .regular))
                        }
                        guard let resolved = resolutions[family] ?? nil, resolved.isFallback else { continue }
                        if nodes[family] == nil { order.append(family) }
                        let node = "node \(nodeIDs[place] ?? "?") \"\(nodeNames[place] ?? "")\""
                        nodes[family, default: []].append(node.escapingControls)
                        replacements[family] = resolved.font.familyName
                    }
                case .rect, .image:
                    break
                }
            }
        }
        visit(card.layers, path: [])
        return order.map { FigmaFontFallback(family: $0, replacement: replacements[$0] ?? "", nodes: nodes[$0] ?? []) }
    }
}
