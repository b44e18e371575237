import CFreeType

/// The process's FreeType library.
///
/// FreeType allows creating and destroying faces on one `FT_Library` from one thread at a time only, so every
/// such call goes through `withLibrary`, which holds a lock.
final class FreeTypeLibrary: Sendable {
    /// The one library shared by the process.
    static let shared = FreeTypeLibrary()

    /// The FT_Library handle, or the FreeType error that prevented creating it. FreeType objects made from it are
    /// created and destroyed only while holding this lock, as FreeType requires of a shared FT_Library.
    // nonisolated(unsafe): the FT_Library (a C pointer) is used only inside `withLibrary`, under this lock.
    nonisolated(unsafe) private let library: Locked<Result<FT_Library, FreeTypeError>>

    private init() {
        var handle: FT_Library?
        let error = FT_Init_FreeType(&handle)
        if error == 0, let handle {
            library = Locked(.success(handle))
        } else {
            library = Locked(.failure(FreeTypeError(function: "FT_Init_FreeType", code: error)))
        }
    }

    /// Runs `body` with the library while no other thread creates or destroys a face.
    func withLibrary<T: Sendable>(_ body: (FT_Library) throws(FreeTypeError) -> T) throws(FreeTypeError) -> T {
        try library.withLock { (state) throws(FreeTypeError) -> T in
            switch state {
            case .success(let handle): return try body(handle)
            case .failure(let error): throw error
            }
        }
    }
}

extension FreeTypeLibrary {
    /// Runs `body` with a FreeType library of its own, made for this call and freed after it: for work that holds
    /// it long (decompressing a web font) without holding the shared library's lock that every render needs.
    static func withPrivateLibrary<T>(_ body: (FT_Library) throws(FreeTypeError) -> T) throws(FreeTypeError) -> T {
        var handle: FT_Library?
        try FreeTypeError.check(FT_Init_FreeType(&handle), "FT_Init_FreeType")
        guard let handle else { throw FreeTypeError(function: "FT_Init_FreeType", code: -1) }
        defer { FT_Done_FreeType(handle) }
        return try body(handle)
    }
}

/// A failed FreeType call: the function's name and FreeType's message for its error code.
struct FreeTypeError: Error, Sendable, CustomStringConvertible {
    /// The C function that failed, e.g. `FT_New_Memory_Face`.
    let function: String
    /// The FT_Error it returned.
    let code: Int32

    /// FreeType's message, e.g. "unknown file format".
    var message: String { String(cString: mattertype_ft_error_string(code)) }

    var description: String { "\(function): \(message) (FreeType error \(code))" }

    /// Throws a `FreeTypeError` when `code` is not 0.
    static func check(_ code: FT_Error, _ function: String) throws(FreeTypeError) {
        if code != 0 { throw FreeTypeError(function: function, code: code) }
    }
}
