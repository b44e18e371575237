import Foundation
import GRDB

/// The embedded store of fonts and card templates: one SQLite file through GRDB, in WAL mode, each change one
/// transaction (a crash mid-upload leaves the state before it).
///
/// A full disk must not lock fonts in: deleting writes too (SQLite's log), so the store keeps a reserve file of
/// ``reserveSize`` bytes beside the database (`PATH-reserve`) and gives it up when a delete finds the disk full,
/// then makes it again when there is room; an upload is refused (disk full) while the reserve cannot be made, so
/// that uploads never take the space deletes need.
public final class SQLiteStore: FontStore, TemplateStore {
    private let pool: DatabasePool
    /// The reserve file's path.
    private let reservePath: String
    /// The space kept for deletes on a full disk: 1 MiB.
    static let reserveSize = 1 << 20

    /// Opens (or makes) the database at `path` and brings its schema up to date.
    public init(path: String) throws(StoreError) {
        do {
            var configuration = Configuration()
            // Debian's SQLite overwrites deleted rows with zeros (SQLITE_SECURE_DELETE): deleting a large template
            // then writes all of it again into the log, more than the reserve holds on a full disk. FAST zeroes
            // only what the delete writes anyway.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA secure_delete = FAST") }
            pool = try DatabasePool(path: path, configuration: configuration)  // WAL by default
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1") { db in
                try db.execute(sql: """
                    CREATE TABLE font_file (
                        sha256 TEXT PRIMARY KEY NOT NULL,
                        bytes BLOB NOT NULL,
                        created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
                    CREATE TABLE font_face (
                        post_script_name TEXT PRIMARY KEY NOT NULL,
                        sha256 TEXT NOT NULL REFERENCES font_file(sha256));
                    CREATE INDEX font_face_sha256 ON font_face(sha256);
                    """)
            }
            migrator.registerMigration("v2: card templates") { db in
                try db.execute(sql: """
                    CREATE TABLE card_template (
                        name TEXT PRIMARY KEY NOT NULL,
                        sha256 TEXT NOT NULL,
                        document BLOB NOT NULL,
                        updated_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
                    """)
            }
            migrator.registerMigration("v3: a Figma template's document") { db in
                try db.execute(sql: """
                    ALTER TABLE card_template ADD COLUMN figma_document BLOB;
                    ALTER TABLE card_template ADD COLUMN figma_node TEXT;
                    """)
            }
            migrator.registerMigration("v4: a Figma template's variables") { db in
                try db.execute(sql: "ALTER TABLE card_template ADD COLUMN figma_variables BLOB;")
            }
            migrator.registerMigration("v5: templates drawn only for signed URLs") { db in
                try db.execute(sql: "ALTER TABLE card_template ADD COLUMN signed INTEGER NOT NULL DEFAULT 0;")
            }
            try migrator.migrate(pool)
        } catch {
            throw .database("\(path): \(error)")
        }
        reservePath = path + "-reserve"
        keepReserve()
    }

    /// Makes the reserve file when it is missing (an upload may not take the space deletes need).
    /// - Throws: ``StoreError/diskFull`` when there is no room for it.
    private func requireReserve() throws(StoreError) {
        keepReserve()
        guard FileManager.default.fileExists(atPath: reservePath) else { throw .diskFull }
    }

    /// Makes the reserve file when it is missing and the disk has room (a failure leaves no partial file).
    private func keepReserve() {
        guard !FileManager.default.fileExists(atPath: reservePath) else { return }
        let temporary = reservePath + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else { return }
        do {
            try handle.write(contentsOf: Data(count: SQLiteStore.reserveSize))
            try handle.synchronize()
            try handle.close()
            try FileManager.default.moveItem(atPath: temporary, toPath: reservePath)
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: temporary)
        }
    }

    /// Which file (by SHA-256) each stored PostScript name comes from.
    public func index() async throws(StoreError) -> [String: String] {
        try await run { db in
            var index: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT post_script_name, sha256 FROM font_face") {
                index[row["post_script_name"]] = row["sha256"]
            }
            return index
        }
    }

    /// The files holding these PostScript names (every file for `nil`), each once.
    public func fetch(names: [String]?) async throws(StoreError) -> [StoredFontFile] {
        try await run { db in
            let faces = try Row.fetchAll(db, sql: "SELECT post_script_name, sha256 FROM font_face ORDER BY post_script_name")
            var namesByFile: [String: [String]] = [:]
            for face in faces { namesByFile[face["sha256"], default: []].append(face["post_script_name"]) }
            let wanted = names.map(Set.init)
            let hashes = namesByFile.filter { _, faceNames in wanted.map { !$0.isDisjoint(with: faceNames) } ?? true }
                .keys.sorted()
            return try hashes.map { sha256 in
                let bytes = try Data.fetchOne(db, sql: "SELECT bytes FROM font_file WHERE sha256 = ?",
                                              arguments: [sha256]) ?? Data()
                return StoredFontFile(sha256: sha256, data: bytes, postScriptNames: namesByFile[sha256] ?? [])
            }
        }
    }

    /// Stores the file and points its faces' names at it, in one transaction (see ``FontStore``).
    public func save(_ file: StoredFontFile, replacing: Bool) async throws(StoreError) {
        try requireReserve()
        try await write { db in
            if !replacing {
                let taken = try file.postScriptNames.filter {
                    try Bool.fetchOne(db, sql: "SELECT 1 FROM font_face WHERE post_script_name = ?", arguments: [$0]) ?? false
                }
                if !taken.isEmpty { throw StoreError.namesTaken(taken) }
            }
            try db.execute(sql: "INSERT OR IGNORE INTO font_file (sha256, bytes) VALUES (?, ?)",
                           arguments: [file.sha256, file.data])
            for name in file.postScriptNames {
                try db.execute(sql: """
                    INSERT INTO font_face (post_script_name, sha256) VALUES (?, ?)
                    ON CONFLICT(post_script_name) DO UPDATE SET sha256 = excluded.sha256
                    """, arguments: [name, file.sha256])
            }
            try SQLiteStore.removeUnusedFiles(db)
        }
    }

    /// Removes these names, all or none, and the files no name points at any more, in one transaction.
    public func delete(names: [String]) async throws(StoreError) {
        do {
            try await deleteRows(names)
        } catch .diskFull {
            // Give the reserve up so that SQLite can write its log, delete, and give the space back to the file
            // system before keeping a reserve again.
            try? FileManager.default.removeItem(atPath: reservePath)
            try await deleteRows(names)
            _ = try? await pool.write { db in try db.checkpoint(.truncate) }
        }
        keepReserve()
    }

    private func deleteRows(_ names: [String]) async throws(StoreError) {
        try await write { db in
            let missing = try names.filter {
                try !(Bool.fetchOne(db, sql: "SELECT 1 FROM font_face WHERE post_script_name = ?", arguments: [$0]) ?? false)
            }
            if !missing.isEmpty { throw StoreError.namesNotFound(missing) }
            for name in names {
                try db.execute(sql: "DELETE FROM font_face WHERE post_script_name = ?", arguments: [name])
            }
            try SQLiteStore.removeUnusedFiles(db)
        }
    }

    /// Each stored template's name and the SHA-256 of its document.
    public func templateIndex() async throws(StoreError) -> [String: String] {
        try await run { db in
            var index: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, sha256 FROM card_template") { index[row["name"]] = row["sha256"] }
            return index
        }
    }

    /// The template named `name`, or `nil`.
    public func template(named name: String) async throws(StoreError) -> StoredTemplate? {
        try await run { db in
            try Row.fetchOne(db, sql: "SELECT document, sha256, figma_document, figma_node, figma_variables, signed "
                             + "FROM card_template "
                             + "WHERE name = ?", arguments: [name])
                .map { row in
                    let figma: Data? = row["figma_document"], node: String? = row["figma_node"]
                    let variables: Data? = row["figma_variables"]
                    return StoredTemplate(name: name, document: row["document"], storedSHA256: row["sha256"],
                                          figma: figma.flatMap { data in
                                              node.map {
                                                  StoredTemplate.FigmaSource(document: data, node: $0,
                                                                             variables: variables)
                                              }
                                          }, signed: row["signed"])
                }
        }
    }

    /// Stores the template, replacing one of the same name; whether it replaced one.
    public func save(_ template: StoredTemplate) async throws(StoreError) -> Bool {
        try requireReserve()
        return try await write { db in
            let existed = try Bool.fetchOne(db, sql: "SELECT 1 FROM card_template WHERE name = ?",
                                            arguments: [template.name]) ?? false
            try db.execute(sql: """
                INSERT INTO card_template (name, sha256, document, figma_document, figma_node, figma_variables, signed)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(name) DO UPDATE SET sha256 = excluded.sha256, document = excluded.document,
                    figma_document = excluded.figma_document, figma_node = excluded.figma_node,
                    figma_variables = excluded.figma_variables, signed = excluded.signed,
                    updated_at = CURRENT_TIMESTAMP
                """, arguments: [template.name, template.sha256, template.document, template.figma?.document,
                                 template.figma?.node, template.figma?.variables, template.signed])
            return existed
        }
    }

    /// Removes the template named `name`; a full disk is handled as for fonts.
    public func deleteTemplate(named name: String) async throws(StoreError) {
        func deleteRow() async throws(StoreError) {
            try await write { db in
                try db.execute(sql: "DELETE FROM card_template WHERE name = ?", arguments: [name])
                if db.changesCount == 0 { throw StoreError.templateNotFound(name) }
            }
        }
        do {
            try await deleteRow()
        } catch .diskFull {
            try? FileManager.default.removeItem(atPath: reservePath)
            try await deleteRow()
            _ = try? await pool.write { db in try db.checkpoint(.truncate) }
        }
        keepReserve()
    }

    /// One process owns the file: nothing to follow.
    public func followChanges(_ onChange: @escaping @Sendable () async -> Void) async throws {}

    /// Closes the database connections.
    public func close() async {
        try? pool.close()
    }

    private static func removeUnusedFiles(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM font_file WHERE sha256 NOT IN (SELECT sha256 FROM font_face)")
    }

    private func run<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await pool.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }

    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await pool.write(body)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            throw .diskFull
        } catch {
            throw .database("\(error)")
        }
    }
}
