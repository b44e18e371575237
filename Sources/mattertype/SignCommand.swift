import ArgumentParser
import Foundation
import MatterTypeWire

/// `mattertype sign`: a template's image URL signed for a server that asks for signed URLs (``URLSignature``).
struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a template's image URL for a server started with --url-signing-key (prints the signed URL).",
        discussion: """
            The secret is read from the environment variable \(SignCommand.secretVariable), never from the command \
            line (where other users of the machine could read it). The URL keeps its scheme, host, path and \
            parameters; kid, exp (with --expires) and sig are added, any earlier ones dropped. Its parameters are \
            written in the order and encoding signed (Docs/Server.md#signed-template-urls).
            """)

    /// The environment variable holding the secret.
    static let secretVariable = "MATTERTYPE_URL_SIGNING_SECRET"

    @Argument(help: "The URL: https://host/v1/templates/NAME.png?title=… (or the path and query alone).")
    var url: String

    @Option(help: ArgumentHelp("The id of the server's key the secret belongs to (sent as kid).", valueName: "id"))
    var keyID: String

    @Option(help: ArgumentHelp("Valid for this many seconds from now (sent as exp, in Unix seconds); "
                               + "without it the URL does not expire.", valueName: "seconds"))
    var expires: Int?

    func validate() throws {
        guard !keyID.isEmpty else { throw ValidationError("--key-id: give the id of the server's key") }
        if let expires, !(1...(100 * 365 * 86_400)).contains(expires) {
            throw ValidationError("--expires \(expires): give 1 or more seconds (at most a hundred years)")
        }
    }

    func run() throws {
        guard let secret = ProcessInfo.processInfo.environment[Self.secretVariable], !secret.isEmpty else {
            throw CLIError(description: "set \(Self.secretVariable) to the secret of key \(keyID)")
        }
        let expiry = expires.map { Int(Date().timeIntervalSince1970) + $0 }
        do throws(URLSignatureError) {
            print(try URLSignature(keyID: keyID, secret: Data(secret.utf8)).signed(url, expires: expiry))
        } catch {
            throw CLIError(description: error.description)
        }
    }
}
