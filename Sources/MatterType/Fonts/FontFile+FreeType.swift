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
                        describe(face, index: index)
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
    private func describe(_ face: FT_Face, index: Int) -> Result<FontDescriptor, FontRegistrationError> {
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
        guard let postScriptName = FT_Get_Postscript_Name(face).map({ String(cString: $0) }) ?? names[6],
              !postScriptName.isEmpty else {
            return failure("face \(index) has no PostScript name (name ID 6)")
        }
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
        let styleFlags = face.pointee.style_flags
        let weight = os2.map { Int($0.pointee.usWeightClass) }
            ?? (styleFlags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400)
        let isItalic = os2.map { $0.pointee.fsSelection & 1 != 0 }
            ?? (styleFlags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0)
        let familyName = names[16] ?? names[1] ?? face.pointee.family_name.map { String(cString: $0) }
        let styleName = names[17] ?? names[2] ?? face.pointee.style_name.map { String(cString: $0) }
        return .success(FontDescriptor(postScriptName: postScriptName,
                                       familyName: familyName ?? postScriptName,
                                       styleName: styleName ?? "Regular",
                                       weight: weight, isItalic: isItalic, path: path, faceIndex: index))
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
            let trimmed = decoded.trimmingCharacters(in: .whitespaces)
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
