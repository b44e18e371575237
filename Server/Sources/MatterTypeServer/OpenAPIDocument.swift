import Foundation
import MatterType
import MatterTypeCards
import MatterTypeWire

/// The OpenAPI document served at `/openapi.yaml`: the package's resource `openapi.yaml`, with the request's and
/// spans' field properties written in from their declarations (``RequestField``) and the card layer kinds' schemas
/// from theirs (``CardField``), so that a field or a layer key added to the library is documented at once, its
/// help as its description.
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

    /// The line of the template that the card layer kinds' schemas replace.
    static let cardLayersLine = "    # generated: the card layer kinds of MatterTypeCards' CardField declarations"

    /// `template` with the generated properties in place of their lines.
    static func filled(_ template: String) -> String {
        let request = properties(TypographyFields.fields) + properties(LimitFields.fields)
            + properties(OutputFields.fields)
        return template.replacingOccurrences(of: requestFieldsLine, with: request.joined(separator: "\n"))
            .replacingOccurrences(of: spanFieldsLine, with: properties(SpanStyle.fields).joined(separator: "\n"))
            .replacingOccurrences(of: cardLayersLine, with: cardLayers.joined(separator: "\n"))
    }

    /// One property line a field: `        key: {"description": "…", …schema}` (JSON, which is YAML too).
    static func properties<Group>(_ fields: [RequestField<Group>]) -> [String] {
        fields.map { property($0.key, help: $0.help, schema: $0.schema) }
    }

    /// `        key: {"description": "…", …schema}`.
    static func property(_ key: String, help: String, schema: String) -> String {
        let description = (try? JSONEncoder().encode(help)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        return "        \(key): {\"description\": \(description), " + schema.dropFirst()
    }

    /// The schemas `CardTextLayer`, `CardRectLayer`, `CardImageLayer` and `CardFrameLayer`: each kind's keys, a
    /// text layer's request keys beside its own.
    static var cardLayers: [String] {
        func kind<Layer>(_ type: String, _ fields: [CardField<Layer>], extra: [String] = []) -> [String] {
            let required = ["type"] + fields.filter(\.isRequired).map(\.key)
            return ["    Card\(type.prefix(1).uppercased() + type.dropFirst())Layer:", "      type: object",
                    "      required: [\(required.joined(separator: ", "))]", "      additionalProperties: false",
                    "      properties:", "        type: {type: string, enum: [\(type)]}"]
                + fields.map { property($0.key, help: $0.help, schema: $0.schema) } + extra
        }
        let own = Set(CardTextLayer.fields.keys()).union(CardTextLayer.cardWideKeys)
        func requestProperties<Group>(_ fields: [RequestField<Group>]) -> [String] {
            properties(fields.filter { !own.contains($0.key) })
        }
        let request = ["        text: {type: string, maxLength: 100000}",
                       "        token: {type: string, description: 'A typography token of the server''s --tokens file.'}"]
            + requestProperties(TypographyFields.fields) + requestProperties(LimitFields.fields)
            + requestProperties(OutputFields.fields)
        return kind("text", CardTextLayer.fields, extra: request) + kind("rect", CardRectLayer.fields)
            + kind("image", CardImageLayer.fields) + kind("frame", CardFrameLayer.fields)
    }
}
