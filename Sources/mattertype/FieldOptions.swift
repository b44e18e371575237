import ArgumentParser
import Foundation
import MatterTypeWire

/// The request fields (``RequestField``) a command takes as options: `--line-height 1.5em`, `--italic`. They are
/// not declared to ArgumentParser one by one — ``FieldArguments/rewritten(_:)`` turns each into the hidden
/// `--field lineHeight=1.5em` before parsing — so that a field declared in MatterTypeWire is an option at once,
/// with its help (``FieldArguments/help(for:)``).
struct FieldOptions: ParsableArguments {
    @Option(name: .customLong("field"), help: .private)
    var values: [String] = []

    /// Sets each field given on `request`.
    /// - Throws: a `ValidationError` naming the option when a value is not one of the field.
    func apply(to request: inout RenderRequest) throws {
        for value in values {
            let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]), text = parts.count == 2 ? String(parts[1]) : ""
            do throws(UnacceptedValue) {
                if try request.typography.set(key, argument: text) { continue }
                if try request.limits.set(key, argument: text) { continue }
                if try request.output.set(key, argument: text) { continue }
            } catch {
                throw ValidationError("\(FieldArguments.option(key)): \(error)")
            }
            throw ValidationError("--field \(key): no such field")
        }
    }
}

/// The command line with every request field option written as `--field key=value`.
enum FieldArguments {
    /// A field of a group, as the CLI shows it.
    struct Entry {
        let key: String
        let option: String
        let help: String
        let valueName: String
        let isFlag: Bool
    }

    /// The entries of `group`.
    static func entries<Group: FieldGroup>(_: Group.Type) -> [Entry] {
        Group.fields.map { Entry(key: $0.key, option: $0.option, help: $0.help, valueName: $0.valueName, isFlag: $0.isFlag) }
    }

    /// The field groups each command takes, by command name.
    static let groups: [String: [(title: String, entries: [Entry])]] = {
        let typography = (title: "TYPOGRAPHY", entries: entries(TypographyFields.self))
        let limits = (title: "LIMITS", entries: entries(LimitFields.self))
        let output = (title: "OUTPUT", entries: entries(OutputFields.self))
        // resolve finds a face: only the fields that choose one.
        let face: Set = ["family", "weight", "italic", "fontWidth", "size", "variations", "boldText"]
        let resolve = (title: "FACE", entries: typography.entries.filter { face.contains($0.key) })
        return ["shape": [typography], "measure": [typography, limits], "render": [typography, limits, output],
                "resolve": [resolve]]
    }()

    /// `--line-height` for `lineHeight`.
    static func option(_ key: String) -> String {
        for entries in groups["render"] ?? [] {
            if let entry = entries.entries.first(where: { $0.key == key }) { return entry.option }
        }
        return "--" + key
    }

    /// `arguments` (without the program's name) with each option of a field the command takes rewritten as
    /// `--field key=value` (`--italic` as `--field italic=true`; `--size=18` and `--size 18` alike); nothing after
    /// `--` is touched.
    /// - Throws: ``CLIError`` for a field option at the end, without its value.
    static func rewritten(_ arguments: [String]) throws -> [String] {
        guard let command = arguments.first, let groups = groups[command] else { return arguments }
        var byOption: [String: Entry] = [:]
        for group in groups { for entry in group.entries { byOption[entry.option] = entry } }
        var result = [command]
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result += arguments[(index - 1)...]
                break
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard argument.hasPrefix("--"), let entry = byOption[String(parts[0])] else {
                result.append(argument)
                continue
            }
            let value: String
            if parts.count == 2 {
                value = String(parts[1])
            } else if entry.isFlag {
                value = "true"
            } else {
                guard index < arguments.count else {
                    throw CLIError(description: "\(entry.option) needs a value (\(entry.valueName))")
                }
                value = arguments[index]
                index += 1
            }
            result += ["--field", "\(entry.key)=\(value)"]
        }
        return result
    }

    /// The help of `command`'s field options, for its discussion: each option, its value and what it does.
    static func help(for command: String) -> String {
        (groups[command] ?? []).map { group in
            "\(group.title) (in JSON: the option in camel case, --line-height is lineHeight):\n"
                + group.entries.map { entry in
                    "  \(entry.option)\(entry.isFlag ? "" : " <\(entry.valueName)>")\n"
                        + wrapped(entry.help, indent: "        ", width: 78)
                }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// `text` in lines of at most `width` characters, each after `indent`.
    private static func wrapped(_ text: String, indent: String, width: Int) -> String {
        var lines: [String] = []
        var line = indent, length = indent.count
        for word in text.split(separator: " ") {
            let count = word.count
            if length > indent.count, length + 1 + count > width {
                lines.append(line)
                line = indent
                length = indent.count
            }
            if length > indent.count {
                line += " "
                length += 1
            }
            line += word
            length += count
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
