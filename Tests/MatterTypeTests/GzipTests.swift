import Foundation
import MatterType
import Testing

/// `Gzip.decompressed(_:limit:)` on a file `gzip -9` made (Fixtures/figma/documents), its limit to the byte.
@Suite("gzip")
struct GzipTests {
    @Test("a gzip file decompresses to its bytes, and a limit one byte short, a damaged or a non-gzip file are refused")
    func limits() throws {
        let url = FigmaRealDocumentsTests.folder.appendingPathComponent("paleophonix--limbo--food_menu.json.gz")
        let gzipped = try Data(contentsOf: url)
        #expect(Gzip.isCompressed(gzipped) && !Gzip.isCompressed(Data("{}".utf8)))
        let json = try Gzip.decompressed(gzipped, limit: 64 << 20)
        // The gzip trailer's ISIZE (the last four bytes, little-endian) is the size gzip read.
        let size = gzipped.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(json.count == size && json.first == UInt8(ascii: "{"))
        #expect(try Gzip.decompressed(gzipped, limit: size) == json)
        for limit in [size - 1, 0] {
            #expect(throws: GzipError.tooLarge(limit: limit)) { try Gzip.decompressed(gzipped, limit: limit) }
        }
        #expect(throws: GzipError.self) { try Gzip.decompressed(gzipped.prefix(gzipped.count / 2), limit: 64 << 20) }
        #expect(throws: GzipError.self) { try Gzip.decompressed(json, limit: 64 << 20) }
    }
}
