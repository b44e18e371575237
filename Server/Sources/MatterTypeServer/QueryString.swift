import Foundation
import MatterTypeWire

/// A URL's query read as browsers write it (`application/x-www-form-urlencoded`, as HTML forms,
/// `URLSearchParams` and Python's `urlencode` make it): `name=value` pairs split at `&`, a `+` is a space, and
/// percent-escapes are decoded after that, so `?title=C%2B%2B+tips` is "C++ tips". A malformed escape is kept as
/// written, as `URLSearchParams` keeps it.
struct QueryString: Sendable {
    /// The pairs in order; a name without `=` has an empty value.
    let pairs: [(name: String, value: String)]

    /// The pairs of `query` (the part after `?`, without it); `nil` has none.
    init(_ query: String?) {
        pairs = URLSignature.pairs(query)
    }

    /// The first value of `name`, or `nil` when the query has none.
    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }
}
