/// Arithmetic in token values, as Tokens Studio evaluates it: `+ - * /`, parentheses, numbers with an optional
/// unit (`px`, `rem`, `em`, `%`), the unit carried to the result (`"8px * 2"` → 16 px). Adding or subtracting two
/// different units, multiplying two united numbers or dividing by a united number (other than the same unit)
/// is an error.
enum TokenMath {
    /// A number and its unit (`nil`: unitless).
    struct Quantity: Equatable {
        var value: Double
        var unit: String?

        /// As a token string: `"16px"`, `"1.5"`.
        var text: String {
            let number = value == value.rounded() && value.magnitude < 1e15 ? String(Int(value)) : String(value)
            return number + (unit ?? "")
        }
    }

    /// Why an expression cannot be evaluated.
    struct Failure: Error {
        let reason: String
    }

    static let units = ["px", "rem", "em", "%"]

    /// The value of `text` when it is an expression with at least one operator; `nil` when it is not one (a
    /// name, a plain number, a list of families…). Throws when it is one but cannot be evaluated.
    static func evaluate(_ text: String) throws(Failure) -> Quantity? {
        guard let tokens = tokenize(text), tokens.contains(where: \.isOperator) else { return nil }
        // "-2%" and "-0.5px" are numbers, not subtractions.
        if tokens.count == 2, case .symbol("-") = tokens[0], case .number = tokens[1] { return nil }
        var parser = Parser(tokens: tokens)
        let result = try parser.sum(depth: 0)
        guard parser.index == tokens.count else { throw Failure(reason: "\"\(text)\" has an unexpected \(parser.describeNext())") }
        guard result.value.isFinite else { throw Failure(reason: "\"\(text)\" is not a finite number") }
        return result
    }

    private enum Token {
        case number(Quantity)
        case symbol(Character)

        var isOperator: Bool {
            if case .symbol(let s) = self { return "+-*/".contains(s) }
            return false
        }
    }

    /// The tokens of `text`, or `nil` when it holds anything but numbers, units, operators, parentheses and spaces.
    private static func tokenize(_ text: String) -> [Token]? {
        var tokens: [Token] = []
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == " " || c == "\t" { i += 1; continue }
            if "+-*/()".contains(c) { tokens.append(.symbol(c)); i += 1; continue }
            guard c.isASCII, c.isNumber || c == "." else { return nil }
            var end = i
            while end < characters.count, characters[end].isASCII, characters[end].isNumber || characters[end] == "." {
                end += 1
            }
            guard let value = Double(String(characters[i..<end])) else { return nil }
            var unit: String?
            for candidate in units {
                let letters = Array(candidate)
                if end + letters.count <= characters.count, Array(characters[end..<end + letters.count]) == letters,
                   end + letters.count == characters.count || !characters[end + letters.count].isLetter {
                    unit = candidate
                    end += letters.count
                    break
                }
            }
            if end < characters.count, characters[end].isLetter { return nil }
            tokens.append(.number(Quantity(value: value, unit: unit)))
            i = end
        }
        return tokens
    }

    private struct Parser {
        let tokens: [Token]
        var index = 0

        func describeNext() -> String {
            guard index < tokens.count else { return "end" }
            switch tokens[index] {
            case .number(let q): return "number \(q.text)"
            case .symbol(let s): return "'\(s)'"
            }
        }

        mutating func sum(depth: Int) throws(Failure) -> Quantity {
            var left = try product(depth: depth)
            while index < tokens.count, case .symbol(let op) = tokens[index], op == "+" || op == "-" {
                index += 1
                let right = try product(depth: depth)
                guard left.unit == right.unit || left.unit == nil || right.unit == nil else {
                    throw Failure(reason: "cannot \(op == "+" ? "add" : "subtract") \(right.text) and \(left.text): "
                                  + "the units differ")
                }
                left = Quantity(value: op == "+" ? left.value + right.value : left.value - right.value,
                                unit: left.unit ?? right.unit)
            }
            return left
        }

        mutating func product(depth: Int) throws(Failure) -> Quantity {
            var left = try factor(depth: depth)
            while index < tokens.count, case .symbol(let op) = tokens[index], op == "*" || op == "/" {
                index += 1
                let right = try factor(depth: depth)
                if op == "*" {
                    guard left.unit == nil || right.unit == nil else {
                        throw Failure(reason: "cannot multiply \(left.text) by \(right.text): both have units")
                    }
                    left = Quantity(value: left.value * right.value, unit: left.unit ?? right.unit)
                } else {
                    guard right.value != 0 else { throw Failure(reason: "division by zero") }
                    if let unit = right.unit {
                        guard unit == left.unit else {
                            throw Failure(reason: "cannot divide \(left.text) by \(right.text)")
                        }
                        left = Quantity(value: left.value / right.value, unit: nil)
                    } else {
                        left = Quantity(value: left.value / right.value, unit: left.unit)
                    }
                }
            }
            return left
        }

        mutating func factor(depth: Int) throws(Failure) -> Quantity {
            guard depth < 64 else { throw Failure(reason: "parentheses nest deeper than 64") }
            guard index < tokens.count else { throw Failure(reason: "the expression ends too early") }
            switch tokens[index] {
            case .number(let quantity):
                index += 1
                return quantity
            case .symbol("-"):
                index += 1
                let inner = try factor(depth: depth + 1)
                return Quantity(value: -inner.value, unit: inner.unit)
            case .symbol("+"):
                index += 1
                return try factor(depth: depth + 1)
            case .symbol("("):
                index += 1
                let inner = try sum(depth: depth + 1)
                guard index < tokens.count, case .symbol(")") = tokens[index] else {
                    throw Failure(reason: "a parenthesis is not closed")
                }
                index += 1
                return inner
            case .symbol(let s):
                throw Failure(reason: "unexpected '\(s)'")
            }
        }
    }
}
