import Foundation
@testable import mattertype
import MatterTypeWire
import Testing

/// The CLI's field options, written from the request fields' declarations: each spelling ArgumentParser took
/// before (`--size 18`, `--size=18`, `--letter-spacing -0.5`, a flag) still works, and text after `--` is text.
@Suite("Field options on the command line")
struct FieldOptionsTests {
    @Test("--key value, --key=value, negative values and flags become --field key=value")
    func rewriting() throws {
        #expect(try FieldArguments.rewritten(["measure", "Hi", "--size", "18", "--line-height=1.5em",
                                              "--letter-spacing", "-0.5", "--italic", "--json"])
                == ["measure", "Hi", "--field", "size=18", "--field", "lineHeight=1.5em",
                    "--field", "letterSpacing=-0.5", "--field", "italic=true", "--json"])
        // Only the fields the command takes: shape has no limits, so --width is left to ArgumentParser.
        #expect(try FieldArguments.rewritten(["shape", "Hi", "--width", "10"]) == ["shape", "Hi", "--width", "10"])
        // After --, everything is text.
        #expect(try FieldArguments.rewritten(["measure", "--size", "9", "--", "--size"])
                == ["measure", "--field", "size=9", "--", "--size"])
        // Commands without fields are untouched.
        #expect(try FieldArguments.rewritten(["fonts", "--size", "9"]) == ["fonts", "--size", "9"])
        #expect(throws: CLIError.self) { try FieldArguments.rewritten(["measure", "Hi", "--size"]) }
    }

    @Test("a text that looks like an option is measured after --; a field the command lacks is an error")
    func textAndUnknownOptions() throws {
        let measured = try CLIRun("measure", "--no-system-fonts", "--json", "--", "--size")
        #expect(measured.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: measured.stdoutData) as? [String: Any])
        #expect((json["lines"] as? [[String: Any]])?.first?["text"] as? String == "--size")
        let shape = try CLIRun("shape", "Hi", "--width", "10")
        #expect(shape.status == 1 && shape.stderr.contains("--width"))
    }

    @Test("every field of the groups a command takes is listed in its help with its value")
    func help() throws {
        let help = FieldArguments.help(for: "render")
        func expectListed<Group>(_ fields: [RequestField<Group>]) {
            for field in fields {
                #expect(help.contains("  \(field.option)\(field.isFlag ? "\n" : " <\(field.valueName)>")"),
                        "\(field.option)")
            }
        }
        expectListed(TypographyFields.fields)
        expectListed(LimitFields.fields)
        expectListed(OutputFields.fields)
        #expect(!FieldArguments.help(for: "resolve").contains("\n  --line-height"))
    }
}
