public import Foundation
public import MatterType
public import MatterTypeWire
public import Logging

/// The server's fonts: a ``FontStore`` and the `FontRegistry` renders use, kept in step.
///
/// Uploads are checked in a scratch registry, saved in the store (one transaction), then registered from
/// memory; deletes go the same way. A replica re-reads the store's index when told of a change and registers or
/// unregisters what differs. One actor, so this process's own changes never interleave.
public actor FontLibrary {
    /// The registry renders resolve against.
    public nonisolated let registry: FontRegistry
    private let store: any FontStore
    private let logger: Logger
    /// Each registered PostScript name's file, by SHA-256, as this process has it.
    private var registered: [String: String] = [:]
    private let readiness = Locked(false)
    /// Changes run one at a time: an actor lets another call in at every `await`, and an upload interleaved with a
    /// delete of the same name could otherwise leave the registry and the store disagreeing.
    private let changes = FIFOGate(limit: 1)
    private let stateDigest = Locked(SHA256.hex(of: Data()))

    /// A library over `store`, registering into a new registry (which may use the system's fonts).
    public init(store: any FontStore, includesSystemFonts: Bool = true,
                maximumDecompressedFontSize: Int = 64 << 20, logger: Logger) {
        registry = FontRegistry(includesSystemFonts: includesSystemFonts,
                                maximumDecompressedFontSize: maximumDecompressedFontSize)
        self.store = store
        self.logger = logger
    }

    /// Whether the store has been loaded (`/readyz`).
    public nonisolated var isReady: Bool { readiness.withLock { $0 } }

    /// A digest of which fonts are registered (names and files): part of every render's ETag.
    public nonisolated var digest: String { stateDigest.withLock { $0 } }

    /// Loads every stored font into the registry, then follows the store's changes until cancelled. A store that
    /// cannot be read at start (PostgreSQL down) is tried again with backoff (1 s, doubling to 30 s) until it can,
    /// `/readyz` answering 503 meanwhile; the process does not exit.
    public func run() async throws {
        var delay = Duration.seconds(1)
        while true {
            do {
                try await synchronize()
                break
            } catch {
                logger.error("cannot read the font store; trying again", metadata: ["error": "\(error)",
                                                                                   "retry": "\(delay)"])
                try await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(30))
            }
        }
        readiness.withLock { $0 = true }
        try await store.followChanges { [weak self] in
            do {
                try await self?.synchronize()
            } catch {
                self?.logger.error("cannot re-read the font store", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Re-reads the store's index and registers or unregisters what differs from this process's registry.
    public func synchronize() async throws(StoreError) {
        try await oneAtATime { () async throws(StoreError) in try await synchronizeNow() }
    }

    private func synchronizeNow() async throws(StoreError) {
        let index = try await store.index()
        let changed = index.filter { registered[$0.key] != $0.value }.map(\.key)
        let removed = registered.keys.filter { index[$0] == nil }
        for name in removed {
            _ = try? registry.unregister(postScriptName: name)
            registered[name] = nil
        }
        if !changed.isEmpty {
            for file in try await store.fetch(names: changed) {
                // The bytes are keyed by their SHA-256: bytes that no longer have it were damaged in the store.
                guard SHA256.hex(of: file.data) == file.sha256 else {
                    logger.error("a stored font's bytes do not match their SHA-256; skipped — upload it again",
                                 metadata: ["sha256": "\(file.sha256)",
                                                                   "names": "\(file.postScriptNames)"])
                    continue
                }
                do {
                    // Only the faces the store names for this file: a collection's face deleted on its own, or
                    // replaced by another file's, stays so.
                    try registry.register(data: file.data, name: file.sha256, faces: Set(file.postScriptNames),
                                          replacingExisting: true)
                    for name in file.postScriptNames { registered[name] = file.sha256 }
                } catch {
                    logger.error("a stored font cannot be registered; skipped",
                                 metadata: ["sha256": "\(file.sha256)", "error": "\(error)"])
                }
            }
        }
        updateDigest()
    }

    /// Checks, stores and registers an uploaded font file; returns its faces.
    /// - Throws: ``FontLibraryError``: not a usable font, a name taken (without `replacing`), or the store failing.
    public func upload(_ data: Data, replacing: Bool) async throws(FontLibraryError) -> [FontRecord] {
        try await oneAtATime { () async throws(FontLibraryError) in try await uploadNow(data, replacing: replacing) }
    }

    private func uploadNow(_ data: Data, replacing: Bool) async throws(FontLibraryError) -> [FontRecord] {
        let sha256 = SHA256.hex(of: data)
        let descriptors: [FontDescriptor]
        do {
            descriptors = try FontRegistry(includesSystemFonts: false,
                                           maximumDecompressedFontSize: registry.maximumDecompressedFontSize)
                .register(data: data, name: sha256)
        } catch {
            throw .unusableFont("\(error)")
        }
        let names = descriptors.map(\.postScriptName)
        do {
            try await store.save(StoredFontFile(sha256: sha256, data: data, postScriptNames: names),
                                 replacing: replacing)
        } catch {
            throw .store(error)
        }
        do {
            try registry.register(data: data, name: sha256, replacingExisting: true)
        } catch {
            // Checked above, so this is not expected; undo the save so that store and registry agree.
            try? await store.delete(names: names)
            throw .unusableFont("\(error)")
        }
        for name in names { registered[name] = sha256 }
        updateDigest()
        return descriptors.map { FontRecord($0, source: "registered", sha256: sha256) }
    }

    /// Deletes faces by PostScript name, all or none.
    /// - Throws: ``FontLibraryError/store(_:)`` with ``StoreError/namesNotFound(_:)`` when one is not stored.
    public func delete(names: [String]) async throws(FontLibraryError) {
        try await oneAtATime { () async throws(FontLibraryError) in try await deleteNow(names: names) }
    }

    private func deleteNow(names: [String]) async throws(FontLibraryError) {
        do {
            try await store.delete(names: names)
        } catch {
            throw .store(error)
        }
        for name in names {
            _ = try? registry.unregister(postScriptName: name)
            registered[name] = nil
        }
        updateDigest()
    }

    /// The registered faces, sorted by PostScript name.
    public func fonts() -> [FontRecord] {
        registry.registeredFonts.map { FontRecord($0, source: "registered", sha256: registered[$0.postScriptName]) }
    }

    /// The registered face with this PostScript name, or `nil`.
    public func font(named name: String) -> FontRecord? {
        registry.font(named: name).map { FontRecord($0, source: "registered", sha256: registered[name]) }
    }

    /// The number of registered faces.
    public nonisolated var count: Int { registry.registeredFonts.count }

    /// Runs `change` when no other change of this library runs, in arrival order.
    private func oneAtATime<T, E: Error>(_ change: () async throws(E) -> T) async throws(E) -> T {
        _ = await changes.enter()
        do {
            let result = try await change()
            await changes.leave()
            return result
        } catch {
            await changes.leave()
            throw error
        }
    }

    private func updateDigest() {
        let state = registered.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        stateDigest.withLock { $0 = SHA256.hex(of: Data(state.utf8)) }
    }
}

/// Why an upload or delete failed.
public enum FontLibraryError: Error, Sendable, CustomStringConvertible {
    /// The bytes are not a usable font (the reason says why).
    case unusableFont(String)
    /// The store refused or failed.
    case store(StoreError)

    /// The message.
    public var description: String {
        switch self {
        case .unusableFont(let reason): reason
        case .store(let error): error.description
        }
    }
}
