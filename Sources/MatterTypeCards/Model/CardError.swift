public import Foundation
public import MatterType
public import MatterTypeWire

/// Why a card cannot be read or drawn, in one line naming the place.
public enum CardError: Error, Sendable, CustomStringConvertible {
    /// The document is not JSON at all.
    case malformedJSON(String)
    /// The document is JSON but not a card (the message names the key).
    case invalidJSON(String)
    /// A `{{name}}` placeholder has no value.
    case missingValue(String)
    /// A placeholder with ``Card`` `choices` was given `value`, which is none of them (`choices`, sorted).
    case notAChoice(placeholder: String, value: String, choices: [String])
    /// A field has a value that is not allowed.
    case invalid(field: String, reason: String)
    /// The layer at `path` (the 0-based indices of `layers` down to it: `[2]` for a card's third layer, `[0, 1]`
    /// for the second child of the first, a frame) cannot be laid out or drawn.
    case layer(path: [Int], RenderRequestError)
    /// An image cannot be read: `place` says where the card uses it ("layer 2", "the background"), `reason` why
    /// (missing file, not an image, too large…).
    case image(place: String, reason: String)
    /// The image cannot be made or encoded.
    case render(RenderError)

    /// The message, one line (values from the card with their controls escaped, as
    /// ``RenderRequestError/description`` does).
    public var description: String {
        let message = switch self {
        case .malformedJSON(let message), .invalidJSON(let message): message
        case .missingValue(let name): "no value for {{\(name)}}"
        case .notAChoice(let name, let value, let choices):
            "{{\(name)}} is \"\(value.prefix(100))\", which is not one of its choices; use "
                + (choices.count == 1 ? choices[0] : choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? ""))
        case .invalid(let field, let reason): "\"\(field)\": \(reason)"
        case .layer(let path, let error): "\(CardError.place(path)): \(error)"
        case .image(let place, let reason): "\(place): \(reason)"
        case .render(let error): "\(error)"
        }
        return message.escapingControls
    }

    /// A layer's path in words, as decoding errors name it: `layer 2`, `layer 0, layer 1`.
    static func place(_ path: [Int]) -> String {
        path.map { "layer \($0)" }.joined(separator: ", ")
    }
}
