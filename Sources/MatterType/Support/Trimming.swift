extension StringProtocol {
    /// The text without the characters at either end that `isTrimmed` accepts.
    func trimming(while isTrimmed: (Character) -> Bool) -> SubSequence {
        guard let first = firstIndex(where: { !isTrimmed($0) }),
              let last = lastIndex(where: { !isTrimmed($0) }) else { return self[endIndex...] }
        return self[first...last]
    }

    /// The text without the spaces at either end, scalar by scalar, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` does — tab, Unicode's space separators (Zs) and, as CoreFoundation
    /// has it, U+200B; never line breaks — without building a character set: request parsing trims every family,
    /// weight and color it reads.
    func trimmingSpaces() -> SubSequence {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t"
                || (!scalar.isASCII && (scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator))
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[first..<scalars.index(after: last)]
    }
}
