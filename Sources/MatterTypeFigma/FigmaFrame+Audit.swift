public import MatterTypeCards

extension FigmaFrame {
    /// The audit of the card `values` make of this frame (``CardRenderer/audit(of:options:until:)``, with Figma's
    /// text model as the frame is converted), each problem's layer (and a collision's other layer) named by its
    /// Figma node id.
    /// - Throws: ``CardError`` as ``card(values:)`` and the audit do.
    public func audit(values: [String: String], renderer: CardRenderer,
                      options: CardAuditOptions = CardAuditOptions()) throws(CardError) -> [CardAuditProblem] {
        let (frame, card) = try drawn(values: values)
        func node(_ pointer: String) -> String { Self.path(ofPointer: pointer).flatMap { frame.nodeIDs[$0] } ?? pointer }
        return try renderer.audit(of: card, options: options).map { problem in
            var named = problem
            named.layer = node(problem.layer)
            named.other = problem.other.map(node)
            return named
        }
    }
}

extension CardSource {
    /// The audit of the card `values` make (a card document's layers named by JSON Pointer, a Figma frame's by
    /// node id: ``FigmaFrame/audit(values:renderer:options:)``).
    /// - Throws: ``CardError`` for values the template cannot take, or a card that cannot be laid out or drawn.
    public func audit(values: [String: String], renderer: CardRenderer,
                      options: CardAuditOptions = CardAuditOptions()) throws(CardError) -> [CardAuditProblem] {
        switch self {
        case .card(let template): try renderer.audit(of: try template.card(values: values), options: options)
        case .figma(let frame): try frame.audit(values: values, renderer: renderer, options: options)
        }
    }
}
