import Foundation
import MatterType
import MatterTypeWire

/// The OpenAPI document served at `/openapi.yaml`: the package's resource `openapi.yaml`, with the request's and
/// spans' field properties written in from their declarations (``RequestField``), so that a field added to
/// MatterTypeWire is documented at once, its CLI help as its description.
public enum OpenAPIDocument {
    /// The document's bytes, or `nil` when the resource bundle is not installed beside the executable.
    public static let data: [UInt8]? = Bundle.module.url(forResource: "openapi", withExtension: "yaml")
        .flatMap { try? String(contentsOf: $0, encoding: .utf8) }.map { Array(filled($0).utf8) }

    /// The line of the template that the request's field properties replace.
    static let requestFieldsLine = "        # generated: the fields of MatterTypeWire's RequestField declarations "
        + "(TypographyFields, LimitFields, OutputFields)"
    /// The line of the template that the spans' style properties replace.
    static let spanFieldsLine = "        # generated: the span fields of MatterTypeWire's RequestField declarations "
        + "(SpanStyle.fields)"

    /// `template` with the generated properties in place of their lines.
    static func filled(_ template: String) -> String {
        let request = properties(TypographyFields.fields) + properties(LimitFields.fields)
            + properties(OutputFields.fields)
        return template.replacingOccurrences(of: requestFieldsLine, with: request.joined(separator: "\n"))
            .replacingOccurrences(of: spanFieldsLine, with: properties(SpanStyle.fields).joined(separator: "\n"))
    }

    /// One property line a field: `        key: {"description": "…", …schema}` (JSON, which is YAML too).
    static func properties<Group>(_ fields: [RequestField<Group>]) -> [String] {
        fields.map { field in
            let description = (try? JSONEncoder().encode(field.help)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
            return "        \(field.key): {\"description\": \(description), " + field.schema.dropFirst()
        }
    }
}
