public import Foundation

/// A card document's `{{name}}` placeholders (``CardTemplate`` reads, fills and stands in for them).
extension Card {
    /// Reads a card from JSON, filling each `{{name}}` in its strings from `values` first: a
    /// ``CardTemplate`` read for one card (a document drawn for many values is read once, as a ``CardTemplate``).
    /// - Throws: ``CardError`` naming what is wrong: not JSON, a key, a missing value, a value that is not one of
    ///   its choices.
    public static func decode(from data: Data, values: [String: String] = [:]) throws(CardError) -> Card {
        try CardTemplate(data).card(values: values)
    }

    /// A transparent 1 × 1 PNG, standing in for an image placeholder (made by Python's zlib; decodes with libpng).
    static let transparentPixel = "data:image/png;base64,"
        + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="

    /// The placeholders `{{name}}` of `text`, in order (names of letters, digits, `_`, `-` and `.`): each `}}`
    /// closes the last `{{` before it (`{{{name}}` is a brace and a placeholder). One pass: a text of a
    /// hundred thousand braces costs what its length does.
    public static func placeholders(in text: String) -> [(range: Range<String.Index>, name: String)] {
        var found: [(Range<String.Index>, String)] = []
        let utf8 = text.utf8
        var open: String.Index?
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            guard next < utf8.endIndex else { break }
            if utf8[index] == UInt8(ascii: "{"), utf8[next] == UInt8(ascii: "{") {
                open = index
            } else if utf8[index] == UInt8(ascii: "}"), utf8[next] == UInt8(ascii: "}"), let start = open {
                let end = utf8.index(after: next)
                let name = text[utf8.index(start, offsetBy: 2)..<index]
                if !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0)
                                                                    || "_-.".unicodeScalars.contains($0) }) {
                    found.append((start..<end, String(name)))
                }
                open = nil
                index = end
                continue
            }
            index = next
        }
        return found
    }
}
