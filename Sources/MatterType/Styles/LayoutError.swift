/// Why a typography or text could not be laid out.
public indirect enum LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A length (font size, line height, width…) is not a usable number; `allowed` says what is.
    case invalidValue(name: String, value: Double, allowed: String)
    /// An OpenType feature string HarfBuzz cannot parse.
    case invalidFeature(String)
    /// `maxLines` is negative.
    case invalidMaxLines(Int)
    /// No font could be resolved (see ``FontResolutionError``).
    case noFont(FontResolutionError)
    /// The resolved font could not be loaded.
    case unloadableFont(FontRegistrationError)
    /// Span `index` (0-based) of a ``StyledText`` has a style that cannot be laid out.
    case invalidSpan(index: Int, LayoutError)
    /// A ``StyledText`` has more distinct span styles than ``StyledText/maximumDistinctStyles``.
    case tooManySpanStyles(Int)
    /// A typography names more families than ``Typography/maximumFamilyCount``.
    case tooManyFamilies(count: Int, limit: Int)
    /// A family name is longer than ``Typography/maximumFamilyNameLength`` characters.
    case familyNameTooLong(length: Int, limit: Int)
    /// A ruby annotation or its base holds a line break (``SpanStyle/ruby``).
    case rubyAcrossLines
    /// An inline box in a vertical writing mode, where boxes are not placed.
    case boxInVerticalText

    public var description: String {
        switch self {
        case .invalidValue(let name, let value, let allowed):
            "\(name) \(value) is not allowed; use \(allowed)"
        case .invalidFeature(let feature):
            "'\(feature)' is not an OpenType feature setting; write it as HarfBuzz does, e.g. tnum, liga=0, -kern"
        case .invalidMaxLines(let count):
            "maxLines \(count) is not allowed; use 0 (unlimited) or a positive number"
        case .noFont(let error):
            error.description
        case .unloadableFont(let error):
            error.description
        case .invalidSpan(let index, let error):
            "span \(index): \(error.description)"
        case .tooManySpanStyles(let count):
            "the text has more than \(count) distinct span styles; merge spans that look alike"
        case .tooManyFamilies(let count, let limit):
            "the typography names \(count) families; name at most \(limit) (the family and its fallbacks)"
        case .familyNameTooLong(let length, let limit):
            "a family name has \(length) characters; family names have at most \(limit)"
        case .boxInVerticalText:
            "inline boxes are placed in rows only; use writingMode horizontal-tb for a text with boxes, or draw the "
                + "icon as its own layer beside the columns"
        case .rubyAcrossLines:
            "a ruby annotation and the text it annotates are set on one line; take the line break out of them"
        }
    }

    /// Checks that `value` is finite and within `range`.
    static func check(_ name: String, _ value: Double, in range: ClosedRange<Double>,
                      allowed: String) throws(LayoutError) {
        guard value.isFinite, range.contains(value) else {
            throw .invalidValue(name: name, value: value, allowed: allowed)
        }
    }
}
