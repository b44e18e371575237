import Foundation
import MatterType

/// A typographic length as requests and card text layers write it: points, or relative to the font size as CSS
/// writes it (`em`; `%` is hundredths of an em). JSON takes a number of points or a string — `"12"`, `"12px"`,
/// `"12pt"`, `"-0.02em"`, `"150%"` — and the CLI the same strings.
///
/// A length relative to the font size resolves against the typography's final size (the token's, or the request's
/// own `size`); for `size` itself, against 16 points, CSS's initial font size.
///
/// ```swift
/// let request = try RenderRequest.decode(from: Data(#"{"text": "Hi", "size": 40, "letterSpacing": "-0.02em"}"#.utf8))
/// try request.resolvedTypography().letterSpacing  // -0.8
/// ```
public struct Length: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral,
                      ExpressibleByFloatLiteral {
    /// What ``value`` counts.
    public enum Unit: String, Sendable, Hashable {
        /// Points (`px` and `pt` are points at @1x).
        case points
        /// Font sizes (`em`; a percentage is read as hundredths of one).
        case em
    }

    /// The number, in ``unit``s.
    public var value: Double
    /// What the number counts.
    public var unit: Unit

    /// The font size an `em` of `size` is measured against: CSS's initial font size.
    public static let rootFontSize = 16.0

    /// `value` points.
    public static func points(_ value: Double) -> Length { Length(value: value, unit: .points) }
    /// `value` times the font size.
    public static func em(_ value: Double) -> Length { Length(value: value, unit: .em) }

    /// A length of `value` in `unit`.
    public init(value: Double, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// Points, from an integer literal.
    public init(integerLiteral value: Int) { self.init(value: Double(value), unit: .points) }
    /// Points, from a float literal.
    public init(floatLiteral value: Double) { self.init(value: value, unit: .points) }

    /// The length written as `text`: a number (points), or a number followed by `px`, `pt`, `em` or `%`, any case,
    /// spaces around it allowed. `nil` for anything else (other units, no number, not finite).
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let suffixes: [(String, Double, Unit)] = [("px", 1, .points), ("pt", 1, .points), ("em", 1, .em),
                                                  ("%", 0.01, .em), ("", 1, .points)]
        for (suffix, factor, unit) in suffixes where trimmed.hasSuffix(suffix) {
            let number = trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
            // A number as JSON writes it: Double(_:) would also take "nan", "inf" and hex floats.
            guard !number.isEmpty, number.allSatisfy({ "0123456789.+-e".contains($0) }),
                  let value = Double(number), value.isFinite else { return nil }
            self.init(value: value * factor, unit: unit)
            return
        }
        return nil
    }

    /// Points, with an `em` measured against `fontSize`.
    public func points(fontSize: Double) -> Double {
        unit == .points ? value : value * fontSize
    }

    /// `12` for points, `-0.02em` for font sizes.
    public var description: String {
        let number = value == value.rounded() && value.magnitude < 1e15 ? String(Int(value)) : String(value)
        return unit == .points ? number : number + "em"
    }

    /// A number (points) or a string with a unit.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self.init(value: number, unit: .points)
            return
        }
        guard let text = try? container.decode(String.self), let length = Length(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription:
                "is not a length; use a number of points, or a string such as \"12px\", \"-0.02em\" or \"150%\"")
        }
        self = length
    }

    /// Points as a number, anything else as its string (`"-0.02em"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if unit == .points { try container.encode(value) } else { try container.encode(description) }
    }
}
