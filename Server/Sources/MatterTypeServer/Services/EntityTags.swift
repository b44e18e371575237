import Foundation
import HTTPTypes
import Hummingbird
import MatterType

/// The entity tags of rendered images: a digest of everything an image depends on, so that a client's
/// `If-None-Match` is answered 304 without drawing.
struct EntityTags: Sendable {
    let library: FontLibrary
    /// The tokens' part of every tag: a digest of what they resolve to.
    let tokensDigest: String

    /// The tag of an image made from `body`: the JSON body in canonical form (so key order and spacing do not
    /// matter), `extra` (what else the image depends on: a card's values and format), the fonts registered, the
    /// token files and the library version.
    func tag(for body: Data, extra: String = "") -> String {
        var identity = CanonicalJSON.bytes(of: Array(body))
        identity.append(contentsOf: Array("\n\(extra)\n\(library.digest)\n\(tokensDigest)\n\(MatterTypeVersion.current)".utf8))
        return "\"" + SHA256.hex(of: Data(identity)).prefix(32) + "\""
    }

    /// Whether the request's `If-None-Match` names `tag` (or `*`); weak tags compare as strong, as RFC 9110 says
    /// for it.
    static func matches(_ request: Request, _ tag: String) -> Bool {
        guard let header = request.headers[.ifNoneMatch] else { return false }
        return header.split(separator: ",").contains { item in
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            let candidate = trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
            return candidate == tag || candidate == "*"
        }
    }
}

extension HTTPField.Name {
    /// The response header giving where the text's top-left corner is in a rendered image: `x,y` in points.
    static let textOrigin = HTTPField.Name("MatterType-Text-Origin")!  // a valid token, checked by its tests
    /// What a render or card warns about (a family not found, hyphenation not done), as the CLI's `warning:` line.
    static let warning = HTTPField.Name("MatterType-Warning")!  // a valid token, checked by its tests
}

/// `warnings` as one `MatterType-Warning` value, each once, joined by "; ": characters outside printable ASCII (a
/// family name in another script) are written `\u{…}`, as a header value must be visible ASCII. At most
/// ``warningHeaderLimit`` bytes: the warnings that do not fit are counted (`; and 15983 more`), since clients
/// refuse longer header lines (Python's at 64 KiB; 999 spans of 16 missing families were 1 MB). `nil` when none.
func warningHeaderValue(_ warnings: [String]) -> String? {
    var unique: [String] = [], seen = Set<String>()
    for warning in warnings where seen.insert(warning).inserted { unique.append(warning) }
    guard !unique.isEmpty else { return nil }
    var value = ""
    for (index, warning) in unique.enumerated() {
        let escaped = warning.unicodeScalars.map { scalar in
            (0x20...0x7E).contains(scalar.value)
                ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }.joined()
        let part = (index == 0 ? "" : "; ") + escaped
        guard value.utf8.count + part.utf8.count <= warningHeaderLimit else {
            return value + "; and \(unique.count - index) more"
        }
        value += part
    }
    return value
}

/// The most bytes of warnings a `MatterType-Warning` header carries before the rest are counted: 8 KiB.
let warningHeaderLimit = 8 << 10
