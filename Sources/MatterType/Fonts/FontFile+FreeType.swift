import CFreeType
import Foundation

extension FontFile {
    /// Reads every face in the file and describes it from its name and OS/2 tables.
    ///
    /// Fails with a clear reason if FreeType cannot open the file, if a face is not TrueType/OpenType (HarfBuzz
    /// shapes only those), has no PostScript name, or has a table that runs past the end of the file.
    func faceDescriptors() throws(FontRegistrationError) -> [FontDescriptor] {
        let results: [Result<FontDescriptor, FontRegistrationError>]
        do {
            results = try FreeTypeLibrary.shared.withLibrary { (library) throws(FreeTypeError) in
                let count = try withFace(library: library, index: -1) { face in face.pointee.num_faces }
                var results: [Result<FontDescriptor, FontRegistrationError>] = []
                for index in 0..<max(Int(count), 0) {
                    results.append(try withFace(library: library, index: index) { face in
                        describe(face, index: index, library: library)
                    })
                }
                return results
            }
        } catch {
            throw .unreadableFont(path: path, reason: error.message)
        }
        guard !results.isEmpty else { throw .unreadableFont(path: path, reason: "it contains no face") }
        return try results.map { (result) throws(FontRegistrationError) in try result.get() }
    }

    /// Opens face `index` (or -1 to count faces) over the file's bytes; the caller closes it with FT_Done_Face.
    /// Call only inside `FreeTypeLibrary.withLibrary`.
    func openFace(library: FT_Library, index: Int) throws(FreeTypeError) -> FT_Face {
        var face: FT_Face?
        try FreeTypeError.check(
            FT_New_Memory_Face(library, bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
                               FT_Long(bytes.count), FT_Long(index), &face),
            "FT_New_Memory_Face")
        guard let face else { throw FreeTypeError(function: "FT_New_Memory_Face", code: -1) }
        return face
    }

    /// Opens face `index` (or -1 to count faces), runs `body`, and closes the face.
    /// Call only inside `FreeTypeLibrary.withLibrary`.
    private func withFace<T>(library: FT_Library, index: Int,
                             _ body: (FT_Face) -> T) throws(FreeTypeError) -> T {
        let face = try openFace(library: library, index: index)
        defer { FT_Done_Face(face) }
        return body(face)
    }

    /// The descriptor of an open face, or why it cannot be used.
    private func describe(_ face: FT_Face, index: Int,
                          library: FT_Library) -> Result<FontDescriptor, FontRegistrationError> {
        func failure(_ reason: String) -> Result<FontDescriptor, FontRegistrationError> {
            .failure(.unreadableFont(path: path, reason: reason))
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SFNT) != 0 else {
            let format = FT_Get_Font_Format(face).map { String(cString: $0) } ?? "unknown"
            return failure("FreeType reads it as \(format); MatterType needs TrueType or OpenType (.ttf, .otf, .ttc)")
        }
        if let table = truncatedTable(faceIndex: index) {
            return failure("table '\(table)' runs past the end of the file; the file is truncated or damaged")
        }
        let names = NameTable(face)
        let familyName = names[16] ?? names[1] ?? face.pointee.family_name.map { String(cString: $0) }
        let styleName = names[17] ?? names[2] ?? face.pointee.style_name.map { String(cString: $0) }
        // A face without a PostScript name (name ID 6) is named from its family and style, spaces and the
        // characters PostScript names exclude removed ("Nameless Sans" Bold → NamelessSans-Bold). Fontconfig 2.14
        // derives the family alone ("Nameless-Sans"), which would make two such faces of one family collide.
        let derivedName = familyName.map { family in
            (family + "-" + (styleName ?? "Regular")).filter { !" \t\r\n()/<>[]{}%".contains($0) }
        }
        guard let postScriptName = FT_Get_Postscript_Name(face).map({ String(cString: $0) }) ?? names[6]
                ?? derivedName, !postScriptName.isEmpty else {
            return failure("face \(index) has neither a PostScript name (name ID 6) nor a family name (ID 1)")
        }
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
        let styleFlags = face.pointee.style_flags
        let weight = os2.map { Int($0.pointee.usWeightClass) }
            ?? (styleFlags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400)
        let isItalic = os2.map { $0.pointee.fsSelection & 1 != 0 }
            ?? (styleFlags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0)
        let width = FontWidth(widthClass: os2.map { Int($0.pointee.usWidthClass) } ?? 5)
        let (axes, instances) = variations(face, names: names, library: library)
        return .success(FontDescriptor(postScriptName: postScriptName,
                                       familyName: familyName ?? postScriptName,
                                       styleName: styleName ?? "Regular",
                                       weight: weight, isItalic: isItalic, width: width, path: path,
                                       faceIndex: index, axes: axes, namedInstances: instances))
    }

    /// The face's `fvar` axes and named instances (names from the `name` table), or none for a static face.
    private func variations(_ face: FT_Face, names: NameTable,
                            library: FT_Library) -> ([FontAxis], [FontNamedInstance]) {
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 else { return ([], []) }
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return ([], []) }
        defer { FT_Done_MM_Var(library, master) }
        // 16.16 values as the 32-bit signed numbers `fvar` stores: FreeType hands some (named instances'
        // coordinates) over zero-extended, so slnt −8 would read as 65528.
        func fixed(_ value: FT_Fixed) -> Double { Double(Int32(truncatingIfNeeded: value)) / 65536 }
        let axisCount = Int(master.pointee.num_axis)
        var axes: [FontAxis] = []
        for a in 0..<axisCount {
            guard let axis = master.pointee.axis?[a] else { continue }
            let name = names[Int(axis.strid)] ?? axis.name.map { String(cString: $0) } ?? OpenTypeTag(rawValue: axis.tag).text
            axes.append(FontAxis(tag: OpenTypeTag(rawValue: axis.tag).text, name: name, minimum: fixed(axis.minimum),
                                 defaultValue: fixed(axis.def), maximum: fixed(axis.maximum)))
        }
        var instances: [FontNamedInstance] = []
        for i in 0..<Int(master.pointee.num_namedstyles) {
            guard let style = master.pointee.namedstyle?[i], let coords = style.coords else { continue }
            var coordinates: [String: Double] = [:]
            for (a, axis) in axes.enumerated() where a < axisCount { coordinates[axis.tag] = fixed(coords[a]) }
            instances.append(FontNamedInstance(name: names[Int(style.strid)] ?? "Instance \(i + 1)",
                                               postScriptName: style.psid == 0xFFFF ? nil : names[Int(style.psid)],
                                               coordinates: coordinates))
        }
        return (axes, instances)
    }
}

/// The strings of a face's `name` table, preferring Windows English, then any Windows or Unicode entry,
/// then Mac Roman.
private struct NameTable {
    private var entries: [Int: (rank: Int, value: String)] = [:]

    init(_ face: FT_Face) {
        let count = FT_Get_Sfnt_Name_Count(face)
        for index in 0..<count {
            var name = FT_SfntName()
            guard FT_Get_Sfnt_Name(face, index, &name) == 0, let string = name.string else { continue }
            let bytes = UnsafeBufferPointer(start: string, count: Int(name.string_len))
            let decoded: String
            let rank: Int
            switch (name.platform_id, name.encoding_id) {
            case (3, 1), (3, 10), (0, _):
                decoded = NameTable.utf16BigEndian(bytes)
                rank = name.platform_id == 3 && name.language_id == 0x409 ? 0 : (name.platform_id == 3 ? 1 : 2)
            case (1, 0):
                // Mac Roman: ASCII for every name a font menu shows; other bytes become "?".
                decoded = String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
                rank = name.language_id == 0 ? 3 : 4
            default:
                continue
            }
            let id = Int(name.name_id)
            let trimmed = String(decoded.trimmingSpaces())
            guard !trimmed.isEmpty else { continue }
            if entries[id].map({ rank < $0.rank }) ?? true { entries[id] = (rank, trimmed) }
        }
    }

    subscript(nameID: Int) -> String? { entries[nameID]?.value }

    private static func utf16BigEndian(_ bytes: UnsafeBufferPointer<FT_Byte>) -> String {
        let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        return String(decoding: units, as: UTF16.self)
    }
}

extension FontFile {
    /// The OpenType font a WOFF or WOFF2 file wraps: FreeType decompresses the tables (zlib for WOFF, Brotli and
    /// the `glyf`/`loca` transform for WOFF2) and they are written out as a plain sfnt, tables in tag order,
    /// each 4-byte aligned with its checksum.
    ///
    /// The sizes the file declares are checked first (``checkDeclaredSizes(_:path:limit:)``), and FreeType works
    /// in a library of its own, so a large font never holds the lock renders need.
    static func decompressWebFont(_ data: Data, path: String,
                                  limit: Int = FontFile.maximumDecompressedSize) throws(FontRegistrationError) -> Data {
        let format = data.prefix(4).elementsEqual("wOF2".utf8) ? "WOFF2" : "WOFF"
        try checkDeclaredSizes(data, path: path, limit: limit)
        let copy = [UInt8](data)
        let result: Result<Data, FontRegistrationError>
        do {
            result = try FreeTypeLibrary.withPrivateLibrary { (library) throws(FreeTypeError) in
                copy.withUnsafeBufferPointer { bytes -> Result<Data, FontRegistrationError> in
                    var opened: FT_Face?
                    let error = FT_New_Memory_Face(library, bytes.baseAddress, FT_Long(bytes.count), 0, &opened)
                    guard error == 0, let face = opened else {
                        return .failure(.unreadableFont(path: path, reason: "FreeType cannot decompress this "
                            + "\(format) file (\(String(cString: mattertype_ft_error_string(error))))"))
                    }
                    defer { FT_Done_Face(face) }
                    guard face.pointee.num_faces == 1 else {
                        return .failure(.unreadableFont(path: path, reason: "it is a \(format) font collection, "
                            + "which MatterType does not read; convert it to a .ttc"))
                    }
                    return sfnt(of: face).map(Result.success)
                        ?? .failure(.unreadableFont(path: path, reason: "its \(format) tables cannot be read"))
                }
            }
        } catch {
            throw .unreadableFont(path: path, reason: error.message)
        }
        return try result.get()
    }

    /// An sfnt file holding every table of `face`, or `nil` when one cannot be loaded.
    private static func sfnt(of face: FT_Face) -> Data? {
        var count: FT_ULong = 0
        FT_Sfnt_Table_Info(face, 0, nil, &count)
        guard count > 0, count < 1024 else { return nil }
        var tables: [(tag: FT_ULong, bytes: [UInt8])] = []
        for index in 0..<FT_UInt(count) {
            var tag: FT_ULong = 0
            var length: FT_ULong = 0
            guard FT_Sfnt_Table_Info(face, index, &tag, &length) == 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            var loaded = length
            guard FT_Load_Sfnt_Table(face, tag, 0, &bytes, &loaded) == 0 else { return nil }
            tables.append((tag, bytes))
        }
        tables.sort { $0.tag < $1.tag }
        var out = Data()
        func append32(_ value: UInt32) {
            out.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
        }
        func append16(_ value: Int) { out.append(contentsOf: [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]) }
        let isCFF = tables.contains { $0.tag == 0x4346_4620 || $0.tag == 0x4346_4632 }  // 'CFF ', 'CFF2'
        append32(isCFF ? 0x4F54_544F : 0x0001_0000)  // 'OTTO' or 1.0
        let n = tables.count
        var power = 1, log = 0
        while power * 2 <= n { power *= 2; log += 1 }
        append16(n)
        append16(power * 16)
        append16(log)
        append16(n * 16 - power * 16)
        var offset = 12 + 16 * n
        for table in tables {
            let padded = table.bytes + [UInt8](repeating: 0, count: (4 - table.bytes.count % 4) % 4)
            var checksum: UInt32 = 0
            for i in stride(from: 0, to: padded.count, by: 4) {
                var word = UInt32(padded[i]) << 24
                word |= UInt32(padded[i + 1]) << 16
                word |= UInt32(padded[i + 2]) << 8
                word |= UInt32(padded[i + 3])
                checksum &+= word
            }
            append32(UInt32(table.tag))
            append32(checksum)
            append32(UInt32(offset))
            append32(UInt32(table.bytes.count))
            offset += padded.count
        }
        for table in tables {
            out.append(contentsOf: table.bytes)
            out.append(contentsOf: [UInt8](repeating: 0, count: (4 - table.bytes.count % 4) % 4))
        }
        return out
    }
}
