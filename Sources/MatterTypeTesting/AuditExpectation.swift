public import Foundation
public import MatterTypeCards
import MatterTypeFigma
public import Testing
import XCTest

/// Audits in Swift tests: a template (a card document, or a Figma document's node) drawn with each row of values
/// and checked as `mattertype audit` checks it (``CardRenderer/audit(of:options:until:)``), from Swift Testing
/// (``expectAudit(template:node:rows:options:failOn:renderer:sourceLocation:)``) or XCTest
/// (``assertAudit(template:node:rows:options:failOn:renderer:file:line:)``).
public enum AuditCheck {
    /// Audits `template` with each of `rows` and returns one message per problem that fails — every error, and
    /// with `failOn` `.warning` every warning — as `row 2 /layers/1: overflow: its lines reach 12 points past the
    /// bottom of its box` (rows count from 1; a Figma template's layers are node ids), or why a row or the template
    /// could not be audited.
    public static func run(template: URL, node: String? = nil, rows: [[String: String]],
                           options: CardAuditOptions = CardAuditOptions(),
                           failOn: CardAuditProblem.Severity = .error,
                           renderer: CardRenderer = CardRenderer()) -> [String] {
        let source: CardSource
        do {
            source = try CardSource.read(try Data(contentsOf: template), node: node, renderer: renderer)
        } catch {
            return ["\(template.path) could not be audited: \(error)"]
        }
        var failures: [String] = []
        for (index, values) in rows.enumerated() {
            do {
                for problem in try source.audit(values: values, renderer: renderer, options: options)
                where problem.kind.severity == .error || (failOn == .warning && problem.kind.severity == .warning) {
                    failures.append("row \(index + 1) \(problem.layer): \(problem.kind.rawValue): \(problem.message)")
                }
            } catch {
                failures.append("row \(index + 1) could not be drawn: \(source.describe(error))")
            }
        }
        return failures
    }
}

/// One audit failure as ``expectAudit(template:node:rows:options:failOn:renderer:sourceLocation:)`` records it.
public struct AuditFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence: the row, the layer, the kind and what is wrong.
    public let description: String
}

/// Checks, in a Swift Testing test, that `template` drawn with each of `rows` has no error (and, with `failOn`
/// `.warning`, no warning): one issue per problem (see ``AuditCheck/run(template:node:rows:options:failOn:renderer:)``).
///
/// ```swift
/// @Test func everyLocaleFits() {
///     expectAudit(template: root.appendingPathComponent("og-card.json"),
///                 rows: [["title": "Ship faster"], ["title": "Schneller ausliefern, überall"]])
/// }
/// ```
public func expectAudit(template: URL, node: String? = nil, rows: [[String: String]],
                        options: CardAuditOptions = CardAuditOptions(), failOn: CardAuditProblem.Severity = .error,
                        renderer: CardRenderer = CardRenderer(), sourceLocation: SourceLocation = #_sourceLocation) {
    for failure in AuditCheck.run(template: template, node: node, rows: rows, options: options, failOn: failOn,
                                  renderer: renderer) {
        Issue.record(AuditFailure(description: failure), sourceLocation: sourceLocation)
    }
}

/// The XCTest form of ``expectAudit(template:node:rows:options:failOn:renderer:sourceLocation:)``: one `XCTFail`
/// per problem.
public func assertAudit(template: URL, node: String? = nil, rows: [[String: String]],
                        options: CardAuditOptions = CardAuditOptions(), failOn: CardAuditProblem.Severity = .error,
                        renderer: CardRenderer = CardRenderer(), file: StaticString = #filePath,
                        line: UInt = #line) {
    for failure in AuditCheck.run(template: template, node: node, rows: rows, options: options, failOn: failOn,
                                  renderer: renderer) {
        XCTFail(failure, file: file, line: line)
    }
}
