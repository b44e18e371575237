import Foundation
public import Logging
import PostgresNIO

/// The replicas' store of fonts and card templates: PostgreSQL through postgres-nio. Every change is one
/// transaction that ends with `NOTIFY mattertype_fonts` (delivered at commit), and every replica LISTENs on that
/// channel (``followChanges(_:)``), so a font or template saved or deleted through one is used or dropped by all.
public final class PostgresStore: FontStore, TemplateStore {
    /// The notification channel.
    static let channel = "mattertype_fonts"

    private let client: PostgresClient
    private let logger: Logger
    private let runTask: Task<Void, Never>
    private let schemaCreated = Locked(false)
    /// How long one operation may take, connecting included: postgres-nio keeps retrying a connection that
    /// fails, so an unreachable server would otherwise make a request wait for ever.
    private let operationTimeout: Duration

    /// Connects to `url` (`postgres://user:password@host:port/database`); the tables are made if missing on first
    /// use. An operation that cannot finish within `operationTimeout` (the server down, a wrong database) fails.
    public init(url: String, logger: Logger, operationTimeout: Duration = .seconds(10)) throws(StoreError) {
        self.operationTimeout = operationTimeout
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty,
              let user = components.user, !user.isEmpty else {
            throw .unsupportedURL(PostgresStore.redacted(url))
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user,
            password: components.password, database: database.isEmpty ? nil : database, tls: .disable)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.logger = logger
        runTask = Task { await client.run() }
    }

    /// Makes the tables if missing, once per process (again after a failure, e.g. while the database was down).
    private func ensureSchema() async throws {
        if schemaCreated.withLock({ $0 }) { return }
        // One replica at a time makes the schema (CREATE … IF NOT EXISTS races otherwise).
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(7418245)", logger: self.logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS font_file (
                    sha256 TEXT PRIMARY KEY,
                    bytes BYTEA NOT NULL,
                    created_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """, logger: self.logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS font_face (
                    post_script_name TEXT PRIMARY KEY,
                    sha256 TEXT NOT NULL REFERENCES font_file(sha256))
                """, logger: self.logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS card_template (
                    name TEXT PRIMARY KEY,
                    sha256 TEXT NOT NULL,
                    document BYTEA NOT NULL,
                    updated_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """, logger: self.logger)
            // A Figma template's document (added after the table; a store made before gets the columns here).
            try await connection.query("""
                ALTER TABLE card_template ADD COLUMN IF NOT EXISTS figma_document BYTEA,
                    ADD COLUMN IF NOT EXISTS figma_node TEXT, ADD COLUMN IF NOT EXISTS figma_variables BYTEA,
                    ADD COLUMN IF NOT EXISTS signed BOOLEAN NOT NULL DEFAULT FALSE
                """, logger: self.logger)
        }
        schemaCreated.withLock { $0 = true }
    }

    /// `url` without its password, for messages.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "postgres://…"
    }

    /// Which file (by SHA-256) each stored PostScript name comes from.
    public func index() async throws(StoreError) -> [String: String] {
        try await run {
            var index: [String: String] = [:]
            let rows = try await self.client.query("SELECT post_script_name, sha256 FROM font_face", logger: self.logger)
            for try await (name, sha256) in rows.decode((String, String).self) { index[name] = sha256 }
            return index
        }
    }

    /// The files holding these PostScript names (every file for `nil`), each once.
    public func fetch(names: [String]?) async throws(StoreError) -> [StoredFontFile] {
        let index = try await index()
        let wanted = names.map(Set.init)
        var namesByFile: [String: [String]] = [:]
        for (name, sha256) in index.sorted(by: { $0.key < $1.key }) { namesByFile[sha256, default: []].append(name) }
        let hashes = namesByFile.filter { _, faceNames in wanted.map { !$0.isDisjoint(with: faceNames) } ?? true }
            .keys.sorted()
        let faceNames = namesByFile
        return try await run {
            var files: [StoredFontFile] = []
            for sha256 in hashes {
                let rows = try await self.client.query("SELECT bytes FROM font_file WHERE sha256 = \(sha256)",
                                                       logger: self.logger)
                for try await bytes in rows.decode(Data.self) {
                    files.append(StoredFontFile(sha256: sha256, data: bytes, postScriptNames: faceNames[sha256] ?? []))
                }
            }
            return files
        }
    }

    /// Stores the file and points its faces' names at it, in one transaction (see ``FontStore``).
    public func save(_ file: StoredFontFile, replacing: Bool) async throws(StoreError) {
        try await run {
            try await self.client.withTransaction(logger: self.logger) { connection in
                let names = file.postScriptNames
                let taken = try await connection.query(
                    "SELECT post_script_name FROM font_face WHERE post_script_name = ANY(\(names)) FOR UPDATE",
                    logger: self.logger)
                var takenNames: [String] = []
                for try await name in taken.decode(String.self) { takenNames.append(name) }
                if !replacing, !takenNames.isEmpty { throw StoreError.namesTaken(takenNames.sorted()) }
                try await connection.query("""
                    INSERT INTO font_file (sha256, bytes) VALUES (\(file.sha256), \(file.data))
                    ON CONFLICT (sha256) DO NOTHING
                    """, logger: self.logger)
                for name in names {
                    try await connection.query("""
                        INSERT INTO font_face (post_script_name, sha256) VALUES (\(name), \(file.sha256))
                        ON CONFLICT (post_script_name) DO UPDATE SET sha256 = EXCLUDED.sha256
                        """, logger: self.logger)
                }
                try await PostgresStore.finishChange(connection, logger: self.logger)
            }
        }
    }

    /// Removes these names, all or none, and the files no name points at any more, in one transaction.
    public func delete(names: [String]) async throws(StoreError) {
        try await run {
            try await self.client.withTransaction(logger: self.logger) { connection in
                let rows = try await connection.query(
                    "SELECT post_script_name FROM font_face WHERE post_script_name = ANY(\(names)) FOR UPDATE",
                    logger: self.logger)
                var found = Set<String>()
                for try await name in rows.decode(String.self) { found.insert(name) }
                let missing = names.filter { !found.contains($0) }
                if !missing.isEmpty { throw StoreError.namesNotFound(missing) }
                try await connection.query("DELETE FROM font_face WHERE post_script_name = ANY(\(names))",
                                           logger: self.logger)
                try await PostgresStore.finishChange(connection, logger: self.logger)
            }
        }
    }

    /// Each stored template's name and the SHA-256 of its document.
    public func templateIndex() async throws(StoreError) -> [String: String] {
        try await run {
            var index: [String: String] = [:]
            let rows = try await self.client.query("SELECT name, sha256 FROM card_template", logger: self.logger)
            for try await (name, sha256) in rows.decode((String, String).self) { index[name] = sha256 }
            return index
        }
    }

    /// The template named `name`, or `nil`.
    public func template(named name: String) async throws(StoreError) -> StoredTemplate? {
        try await run {
            let rows = try await self.client.query(
                """
                SELECT document, sha256, figma_document, figma_node, figma_variables, signed FROM card_template
                    WHERE name = \(name)
                """,
                logger: self.logger)
            for try await (document, sha256, figma, node, variables, signed)
                in rows.decode((Data, String, Data?, String?, Data?, Bool).self) {
                return StoredTemplate(name: name, document: document, storedSHA256: sha256,
                                      figma: figma.flatMap { data in
                                          node.map {
                                              StoredTemplate.FigmaSource(document: data, node: $0, variables: variables)
                                          }
                                      }, signed: signed)
            }
            return nil
        }
    }

    /// Stores the template, replacing one of the same name, and tells every replica; whether it replaced one.
    public func save(_ template: StoredTemplate) async throws(StoreError) -> Bool {
        try await run {
            try await self.client.withTransaction(logger: self.logger) { connection in
                let rows = try await connection.query(
                    "SELECT 1 FROM card_template WHERE name = \(template.name) FOR UPDATE", logger: self.logger)
                var existed = false
                for try await _ in rows { existed = true }
                try await connection.query("""
                    INSERT INTO card_template (name, sha256, document, figma_document, figma_node, figma_variables,
                        signed)
                        VALUES (\(template.name), \(template.sha256), \(template.document), \(template.figma?.document),
                        \(template.figma?.node), \(template.figma?.variables), \(template.signed))
                    ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256, document = EXCLUDED.document,
                        figma_document = EXCLUDED.figma_document, figma_node = EXCLUDED.figma_node,
                        figma_variables = EXCLUDED.figma_variables, signed = EXCLUDED.signed, updated_at = now()
                    """, logger: self.logger)
                try await connection.query("SELECT pg_notify(\(PostgresStore.channel), 'changed')", logger: self.logger)
                return existed
            }
        }
    }

    /// Removes the template named `name` and tells every replica.
    public func deleteTemplate(named name: String) async throws(StoreError) {
        try await run {
            try await self.client.withTransaction(logger: self.logger) { connection in
                let rows = try await connection.query(
                    "DELETE FROM card_template WHERE name = \(name) RETURNING name", logger: self.logger)
                var deleted = false
                for try await _ in rows { deleted = true }
                if !deleted { throw StoreError.templateNotFound(name) }
                try await connection.query("SELECT pg_notify(\(PostgresStore.channel), 'changed')", logger: self.logger)
            }
        }
    }

    /// Removes files no face points at and tells every replica (at commit).
    private static func finishChange(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            "DELETE FROM font_file WHERE sha256 NOT IN (SELECT sha256 FROM font_face)", logger: logger)
        try await connection.query("SELECT pg_notify(\(channel), 'changed')", logger: logger)
    }

    /// LISTENs on the channel until cancelled, calling `onChange` for every notification and after every
    /// (re)connection (changes made while not listening are then picked up); reconnects after a second.
    public func followChanges(_ onChange: @escaping @Sendable () async -> Void) async throws {
        while !Task.isCancelled {
            do {
                try await ensureSchema()
                try await client.withConnection { connection in
                    try await connection.listen(on: PostgresStore.channel) { notifications in
                        await onChange()
                        for try await _ in notifications { await onChange() }
                    }
                }
            } catch is CancellationError {
                return
            } catch {
                if Task.isCancelled { return }
                logger.warning("font store notifications interrupted; reconnecting", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Closes the database connections.
    public func close() async {
        runTask.cancel()
        _ = await runTask.value
    }


    private func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws(StoreError) -> T {
        // A race between the work and a timer, answered by whichever ends first; the loser is cancelled (a
        // cancelled connection lease stops retrying) and never waited for.
        let outcome: Result<T, any Error> = await withCheckedContinuation { continuation in
            let answered = Locked(false)
            @Sendable func answer(_ result: Result<T, any Error>) -> Bool {
                guard answered.withLock({ done in defer { done = true }; return !done }) else { return false }
                continuation.resume(returning: result)
                return true
            }
            let work = Task {
                do {
                    try await self.ensureSchema()
                    _ = answer(.success(try await body()))
                } catch {
                    _ = answer(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: self.operationTimeout)
                if answer(.failure(StoreError.database(
                    "PostgreSQL did not answer within \(self.operationTimeout); check that it runs and the store URL's "
                    + "host, port, user and database"))) {
                    work.cancel()
                }
            }
        }
        do {
            return try outcome.get()
        } catch {
            throw PostgresStore.storeError(error)
        }
    }

    /// The store error an error from postgres-nio stands for: a refusal from inside a transaction as itself, a
    /// server error by its message.
    private static func storeError(_ error: any Error) -> StoreError {
        switch error {
        case let error as StoreError: error
        case let error as PostgresTransactionError:
            storeError(error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError
                       ?? StoreError.database("the transaction failed"))
        case let error as PSQLError: .database(error.serverInfo?[.message] ?? "\(error.code)")
        default: .database("\(error)")
        }
    }
}
