import Foundation
import Hummingbird
import MatterType
import MatterTypeCards
import MatterTypeFigma

extension CardController {
    /// The most rows one audit request may hold.
    static let maximumAuditRows = 1_000

    /// `POST /v1/templates/{name}/audit`: the stored template drawn with each row and checked as `mattertype
    /// audit` checks it. The body is the rows as JSON Lines (`Content-Type: application/jsonl`, or a JSON array of
    /// objects as `application/json`), each an object of values (numbers and booleans taken as their text), at most
    /// ``maximumAuditRows`` of them and `--max-body-bytes`; each row's values at most `--max-text-length`
    /// characters. The answer is `mattertype audit --json`'s: `{"rows": [{"row", "values", "problems"}],
    /// "summary": {kind: count}}`; a row that cannot be drawn has `"error"` instead of its problems. 503 when the
    /// request's deadline passes.
    func audit(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let deadline = ContinuousClock.now + limits.requestDeadline
        try authorization.requireRender(request)
        let name = try Self.templateName(context)
        let body = try await bodies.body(of: request, what: "rows", jsonLines: true)
        let rows = try Self.auditRows(body)
        let maxTextLength = limits.maxTextLength
        for (index, values) in rows.enumerated() {
            let scalars = values.values.reduce(0) { $0 + $1.unicodeScalars.count }
            guard scalars <= maxTextLength else {
                throw APIError(.contentTooLarge, .textTooLong,
                               "row \(index + 1)'s values have \(scalars) characters, over \(maxTextLength)")
            }
        }
        let found = try await Self.answering { () async throws(StoreError) in try await templates.template(named: name) }
        guard let template = found else {
            throw APIError(.notFound, .templateNotFound, StoreError.templateNotFound(name).description)
        }
        let renderer = renderer(forTemplates: true)
        let answer = try await admission.withSlot(deadline: deadline) { slot in
            try await slot.run(short: false) { [templates] in
                let source: CardSource
                do throws(FigmaError) {
                    source = try templates.figmaFrame(of: template, renderer: renderer).map(CardSource.figma)
                        ?? .card(template.card)
                } catch {
                    throw APIError(.unprocessableContent, .invalidRequest, error.description)
                }
                var answer = AuditAnswer()
                for (index, values) in rows.enumerated() {
                    try RenderAdmission.check(deadline, stage: "auditing \(index) of \(rows.count) rows")
                    var row = AuditAnswer.Row(row: index + 1, values: values)
                    do {
                        row.problems = try source.audit(values: values, renderer: renderer)
                        for problem in row.problems ?? [] { answer.summary[problem.kind.rawValue, default: 0] += 1 }
                    } catch let error as CardError {
                        row.error = source.describe(error)
                    }
                    answer.rows.append(row)
                }
                return answer
            }
        }
        return .json(answer)
    }

    /// The rows of an audit request: JSON Lines of objects, or a JSON array of them.
    static func auditRows(_ body: Data) throws -> [[String: String]] {
        let decoder = JSONDecoder()
        var rows: [[String: AuditValue]] = []
        if body.first(where: { !Character(UnicodeScalar($0)).isWhitespace }) == UInt8(ascii: "[") {
            guard let array = try? decoder.decode([[String: AuditValue]].self, from: body) else {
                throw APIError(.unprocessableContent, .invalidRequest,
                               "the rows must be JSON objects of text, numbers and booleans")
            }
            rows = array
        } else {
            let lines = String(decoding: body, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
                guard let row = try? decoder.decode([String: AuditValue].self, from: Data(line.utf8)) else {
                    throw APIError(.unprocessableContent, .invalidRequest,
                                   "line \(number + 1) of the rows must be a JSON object of text, numbers and booleans")
                }
                rows.append(row)
            }
        }
        guard rows.count <= maximumAuditRows else {
            throw APIError(.contentTooLarge, .bodyTooLarge, "\(rows.count) rows, over the \(maximumAuditRows) one "
                           + "audit takes; send them in several requests")
        }
        return rows.map { $0.mapValues(\.text) }
    }
}

/// A row's value: text, a number or a boolean, taken as its text (`12`, `true`).
private struct AuditValue: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            text = flag ? "true" : "false"
        } else if let number = try? container.decode(Double.self) {
            text = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        } else {
            text = try container.decode(String.self)
        }
    }
}

/// The answer of `POST /v1/templates/{name}/audit`.
struct AuditAnswer: Encodable, Sendable {
    /// One row: its number (from 1), its values, and its problems or why it could not be drawn.
    struct Row: Encodable, Sendable {
        var row: Int
        var values: [String: String]
        var problems: [CardAuditProblem]?
        var error: String?
    }

    var rows: [Row] = []
    /// How many problems of each kind.
    var summary: [String: Int] = [:]
}

