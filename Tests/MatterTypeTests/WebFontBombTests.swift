import Foundation
import MatterType
import Testing

/// Web fonts whose headers declare more than they may unpack to are refused before anything is inflated.
@Suite("WOFF decompression bombs")
struct WebFontBombTests {
    /// A WOFF 1.0 file (header, one table record) declaring a `declared`-byte table that 64 bytes of deflate
    /// data are supposed to inflate to: the shape of the attack that took 51 s and 3.1 GB before.
    static func bomb(declared: Int) -> Data {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func be16(_ v: Int) -> [UInt8] { [8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        let payload = [UInt8](repeating: 0x78, count: 64)
        var bytes: [UInt8] = Array("wOFF".utf8) + be32(0x0001_0000) + be32(44 + 20 + payload.count) + be16(1)
            + be16(0) + be32(12 + 16 + declared) + be16(1) + be16(0) + be32(0) + be32(0) + be32(0) + be32(0)
            + be32(0)
        bytes += Array("glyf".utf8) + be32(64) + be32(payload.count) + be32(declared) + be32(0)
        bytes += payload
        return Data(bytes)
    }

    @Test("a WOFF declaring a 1 GiB table is refused, naming the limit; nothing is registered")
    func declaredGiB() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        do {
            try registry.register(data: WebFontBombTests.bomb(declared: 1 << 30), name: "bomb.woff")
            Issue.record("the bomb was registered")
        } catch {
            #expect(error.description.contains("over the limit of 67108864"))
        }
        #expect(registry.registeredFonts.isEmpty)
    }

    @Test("the limit is the registry's: a real WOFF and WOFF2 over it are refused, under it accepted",
          arguments: ["Webby-Regular.woff", "Webby-Regular.woff2"])
    func configurableLimit(file: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture(file)))
        #expect(throws: FontRegistrationError.self) {
            try FontRegistry(includesSystemFonts: false, maximumDecompressedFontSize: 1000)
                .register(data: data, name: file)
        }
        #expect(try FontRegistry(includesSystemFonts: false).register(data: data, name: file).count == 1)
    }

    @Test("the CLI refuses the bomb with one line and exit 1")
    func cli() throws {
        let path = try TestSupport.scratchFile("bomb.woff", contents: WebFontBombTests.bomb(declared: 1 << 30))
        let run = try CLIRun("fonts", "--font-file", path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("over the limit") && run.stderr.split(separator: "\n").count == 1)
    }
}
