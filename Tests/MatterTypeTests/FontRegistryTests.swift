import Foundation
import Testing
import MatterType

@Suite("Font registry")
struct FontRegistryTests {
    @Test("installed families are Fontconfig's (fc-list's names); none without system fonts")
    func installedFamilies() throws {
        let listed = try TestSupport.run("/usr/bin/fc-list", [":", "family"])
        // fc-list prints each face's family names separated by commas (localized names too).
        let names = Set(listed.output.split(separator: "\n").flatMap { $0.split(separator: ",") }.map(String.init))
        let installed = FontRegistry().installedFamilyNames
        #expect(!installed.isEmpty && Set(installed).isSubset(of: names),
                "\(Set(installed).subtracting(names).prefix(5))")
        #expect(installed == installed.sorted())
        if names.contains("DejaVu Sans") { #expect(installed.contains("DejaVu Sans")) }
        #expect(FontRegistry(includesSystemFonts: false).installedFamilyNames.isEmpty)
    }

    @Test("a collection registers every face with its index")
    func collection() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let faces = try registry.register(fileAt: TestSupport.fixture("Duo.ttc"))
        // fc-scan Duo.ttc: index 0 Duo-Regular "Regular" weight 80 (OpenType 400), roman;
        // index 1 Duo-BoldItalic "Bold Italic" weight 200 (OpenType 700), slant 100 (italic).
        #expect(faces.map(\.postScriptName) == ["Duo-Regular", "Duo-BoldItalic"])
        #expect(faces.map(\.faceIndex) == [0, 1])
        #expect(faces.map(\.weight) == [400, 700])
        #expect(faces.map(\.isItalic) == [false, true])
        #expect(faces.map(\.familyName) == ["Duo", "Duo"])
        #expect(faces.map(\.styleName) == ["Regular", "Bold Italic"])
        #expect(registry.registeredFonts.map(\.postScriptName) == ["Duo-BoldItalic", "Duo-Regular"])
    }

    @Test("look up one or several PostScript names")
    func lookup() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        try registry.register(fileAt: TestSupport.fixture("Acme-Regular.ttf"))
        try registry.register(fileAt: TestSupport.fixture("Acme-Medium.ttf"))
        #expect(registry.font(named: "Acme-Medium")?.weight == 500)
        #expect(registry.font(named: "acme-medium") == nil)  // PostScript names are exact
        #expect(registry.fonts(named: ["Acme-Medium", "Nope", "Acme-Regular"]).map(\.postScriptName)
                == ["Acme-Medium", "Acme-Regular"])
    }

    @Test("a missing file is fileNotFound")
    func missingFile() {
        let registry = FontRegistry(includesSystemFonts: false)
        #expect(throws: FontRegistrationError.fileNotFound(path: "/no/such/dir/Font.ttf")) {
            try registry.register(fileAt: "/no/such/dir/Font.ttf")
        }
    }

    @Test("a directory is unreadableFile")
    func directory() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let directory = try TestSupport.scratchDirectory().path
        let error = #expect(throws: FontRegistrationError.self) { try registry.register(fileAt: directory) }
        #expect(error == .unreadableFile(path: directory, reason: "it is a directory"))
    }

    @Test("a file that is not a font names FreeType's reason")
    func notAFont() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let path = try TestSupport.scratchFile("notes.ttf", contents: Data(String(repeating: "Just some text, not a font.\n", count: 40).utf8))
        let error = #expect(throws: FontRegistrationError.self) { try registry.register(fileAt: path) }
        #expect(error == .unreadableFont(path: path, reason: "unknown file format"))
        #expect(error?.description == "\(path): not a font file MatterType can use (unknown file format)")
        // FreeType's words for a file too short to hold any font header.
        let short = try TestSupport.scratchFile("short.ttf", contents: Data("hi".utf8))
        #expect(throws: FontRegistrationError.unreadableFont(path: short, reason: "invalid stream operation")) {
            try registry.register(fileAt: short)
        }
        let empty = try TestSupport.scratchFile("empty.ttf", contents: Data())
        #expect(throws: FontRegistrationError.unreadableFont(path: empty, reason: "the file is empty")) {
            try registry.register(fileAt: empty)
        }
    }

    @Test("a truncated font is rejected and nothing is registered", arguments: [12, 300, 4096, 200_000, 512_000, 512_670])
    func truncated(length: Int) throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestSupport.bundled("NotoSans-Regular.ttf")))
        let path = try TestSupport.scratchFile("Truncated.ttf", contents: whole.prefix(length))
        let error = #expect(throws: FontRegistrationError.self) { try registry.register(fileAt: path) }
        guard case .unreadableFont(let errorPath, let reason)? = error else {
            Issue.record("expected unreadableFont, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(!reason.isEmpty)
        // Past 200 KB FreeType opens the face and drops the cut tables (fontTools: GSUB ends at 512662, DSIG at
        // 512672), so only the table-directory check can say why.
        if length >= 200_000 {
            #expect(reason.contains("runs past the end of the file"))
        }
        #expect(registry.registeredFonts.isEmpty)
    }

    @Test("registering a PostScript name twice is an error unless replacing")
    func doubleRegistration() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let original = TestSupport.fixture("Acme-Regular.ttf")
        try registry.register(fileAt: original)
        let copy = try TestSupport.scratchFile("Copy.ttf", contents: Data(contentsOf: URL(fileURLWithPath: original)))
        #expect(throws: FontRegistrationError.alreadyRegistered(postScriptName: "Acme-Regular",
                                                                existingPath: original)) {
            try registry.register(fileAt: copy)
        }
        #expect(registry.font(named: "Acme-Regular")?.path == original)
        try registry.register(fileAt: copy, replacingExisting: true)
        #expect(registry.font(named: "Acme-Regular")?.path == copy)
        #expect(registry.registeredFonts.count == 1)
    }

    @Test("unregistering what is not registered is an error")
    func unregisterUnknown() {
        let registry = FontRegistry(includesSystemFonts: false)
        #expect(throws: FontRegistrationError.notRegistered(postScriptName: "Nope-Regular")) {
            try registry.unregister(postScriptName: "Nope-Regular")
        }
        let path = TestSupport.fixture("Acme-Regular.ttf")
        #expect(throws: FontRegistrationError.fileNotRegistered(path: path)) {
            try registry.unregister(fileAt: path)
        }
    }

    @Test("register → unregister → lookup and match fail → register again works")
    func unregisterRemovesEverywhere() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let path = TestSupport.fixture("Acme-DemiBold.ttf")
        let acme = DefaultFontFamily(familyName: "Acme")  // asks for "Acme-SemiBold": found only by a match
        try registry.register(fileAt: path)
        let matched = try registry.resolve(family: acme, weight: .semibold)
        #expect(matched.font.postScriptName == "Acme-DemiBold")
        #expect(matched.source == .registered)

        #expect(try registry.unregister(postScriptName: "Acme-DemiBold").path == path)
        #expect(registry.font(named: "Acme-DemiBold") == nil)
        #expect(registry.registeredFonts.isEmpty)
        let afterwards = try registry.resolve(family: acme, weight: .semibold)
        #expect(afterwards.font.postScriptName == "NotoSans-SemiBold")
        #expect(afterwards.source == .bundled)

        try registry.register(fileAt: path)
        #expect(try registry.resolve(family: acme, weight: .semibold).font.postScriptName == "Acme-DemiBold")
        #expect(try registry.unregister(fileAt: path).map(\.postScriptName) == ["Acme-DemiBold"])
        #expect(try registry.resolve(family: acme, weight: .semibold).source == .bundled)
    }

    @Test("unregistering a collection file removes every face")
    func unregisterCollection() throws {
        let registry = FontRegistry(includesSystemFonts: false)
        let path = TestSupport.fixture("Duo.ttc")
        try registry.register(fileAt: path)
        try registry.unregister(postScriptName: "Duo-Regular")
        #expect(registry.registeredFonts.map(\.postScriptName) == ["Duo-BoldItalic"])
        #expect(try registry.unregister(fileAt: path).map(\.postScriptName) == ["Duo-BoldItalic"])
        #expect(registry.registeredFonts.isEmpty)
    }

    @Test("a design's font folder registers every font file in it once, subfolders included")
    func folder() throws {
        let folder = try TestSupport.scratchDirectory()
        let sub = folder.appendingPathComponent("Static/Acme")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        for name in ["Acme-Regular.ttf", "Acme-Medium.ttf"] {
            try FileManager.default.copyItem(atPath: TestSupport.fixture(name), toPath: sub.appendingPathComponent(name).path)
        }
        // The same face twice (a folder holding a family as OTF and TTF), and a file that is no font.
        try FileManager.default.copyItem(atPath: TestSupport.fixture("Acme-Regular.ttf"),
                                         toPath: folder.appendingPathComponent("Acme-Regular copy.TTF").path)
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("README.txt"))
        let registry = FontRegistry(includesSystemFonts: false)
        let faces = try registry.register(folderAt: folder.path)
        #expect(faces.map(\.postScriptName).sorted() == ["Acme-Medium", "Acme-Regular"])
        #expect(registry.registeredFonts.count == 2)
        // A corrupt font file registers nothing of its folder and is named; so are a missing and an empty folder.
        try Data("corrupt".utf8).write(to: folder.appendingPathComponent("Broken.otf"))
        let other = FontRegistry(includesSystemFonts: false)
        #expect(throws: FontRegistrationError.self) { try other.register(folderAt: folder.path) }
        do {
            try other.register(folderAt: folder.path)
        } catch {
            #expect("\(error)".contains("Broken.otf"), "\(error)")
        }
        #expect(other.registeredFonts.isEmpty)
        let empty = try TestSupport.scratchDirectory()
        #expect(throws: FontRegistrationError.self) { try other.register(folderAt: empty.path) }
        #expect(throws: FontRegistrationError.fileNotFound(path: "/nonexistent/fonts")) {
            try other.register(folderAt: "/nonexistent/fonts")
        }
    }
}
