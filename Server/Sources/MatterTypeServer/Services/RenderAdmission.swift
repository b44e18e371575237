import Foundation
import HTTPTypes
import MatterType
import MatterTypeWire

/// Whether a render may run, and where: at most N at once in arrival order (``RenderLimiter``), within its
/// request's deadline, and within the image memory the server allows renders in all. Text renders and cards are
/// both given this one service, so they share its slots and budget.
struct RenderAdmission: Sendable {
    let limiter: RenderLimiter
    let limits: any ServerArguments
    /// Image memory reserved by renders drawing now, in bytes, against ``ServerArguments/maxRenderMemory``.
    let memoryInUse = Locked(0)

    /// The most characters a layout runs without leaving the request's task: 2,000 distinct supplementary-plane
    /// characters (the costliest kind: each a fallback lookup) take 4.3 ms in all, 2,000 of mixed Arabic,
    /// Devanagari and Thai 3.0 ms (`mattertype bench --task request`, release, this 2-core machine).
    static let shortLayoutScalars = 2_000
    /// The most pixels a PNG is drawn and encoded in without leaving the request's task: 1 megapixel takes 7.2 ms
    /// (lossless WebP takes 45 ms and `"compression": "small"` ~100 ms, so both always go to the thread pool).
    static let shortImagePixels = 1_000_000

    /// Whether `request`'s layout is short enough to run in the request's task.
    static func layoutIsShort(_ request: RenderRequest) -> Bool {
        request.scalarCount <= shortLayoutScalars
    }

    /// Runs `work` in a render slot: 503 with `Retry-After` when no slot frees up in time or `deadline` passes
    /// while it waits; a ``RenderRequestError`` thrown by `work` answers as the API's error.
    func withSlot<T: Sendable>(deadline: ContinuousClock.Instant,
                               _ work: (RenderLimiter.Slot) async throws -> T) async throws -> T {
        do {
            return try await limiter.withSlot { slot in
                try Self.check(deadline, stage: "waiting for a render slot")
                return try await work(slot)
            }
        } catch RenderLimiterError.busy {
            let seconds = max(1, Int(limits.renderWait.components.seconds))
            throw APIError(.serviceUnavailable, .busy,
                           "every render slot stayed busy for \(seconds) s; retry later",
                           headers: [.retryAfter: String(seconds)])
        } catch let error as RenderRequestError {
            throw APIError(error)
        }
    }

    /// Runs `work` with `bytes` of image memory reserved against ``ServerArguments/maxRenderMemory``, released
    /// after: 503 with `Retry-After` when renders already use too much, 413 for a single image over the whole
    /// budget.
    func withMemory<T>(_ bytes: Int, _ work: () async throws -> T) async throws -> T {
        let budget = limits.maxRenderMemory
        guard bytes <= budget else {
            throw APIError(.contentTooLarge, .imageTooLarge,
                           "the image needs about \(bytes >> 20) MiB, over the server's \(budget >> 20) MiB for renders; "
                           + "use a smaller scale, width or text")
        }
        let reserved = memoryInUse.withLock { used in
            guard used + bytes <= budget else { return false }
            used += bytes
            return true
        }
        guard reserved else {
            throw APIError(.serviceUnavailable, .memoryBusy,
                           "renders in progress use the server's memory for images; retry shortly",
                           headers: [.retryAfter: "1"])
        }
        defer {
            memoryInUse.withLock { $0 -= bytes }
            // A large reservation is mostly a large JSON tree's small blocks, which the heaps would keep.
            if bytes >= Self.releaseAfterBytes { FreedMemory.releaseFreedMemory() }
        }
        return try await work()
    }

    /// Reservations from which on the freed memory is given back after: 64 MiB, a megabyte of JSON parsed (below
    /// it, the heaps keep what they free, as ``FreedMemory/keepFreedMemory(upTo:)`` set them to).
    static let releaseAfterBytes = 64 << 20

    /// Answers 503 with `Retry-After` when `deadline` has passed (`stage` says after what).
    static func check(_ deadline: ContinuousClock.Instant, stage: String) throws {
        guard ContinuousClock.now > deadline else { return }
        throw deadlineError("after \(stage)")
    }

    /// 503 with `Retry-After` for a request past its deadline `when` ("after layout", "while drawing text").
    static func deadlineError(_ when: String) -> APIError {
        APIError(.serviceUnavailable, .deadlineExceeded,
                 "the request took longer than the server allows (past its deadline \(when)); "
                 + "retry later or send a smaller request", headers: [.retryAfter: "1"])
    }
}

extension APIError {
    /// The answer to a request that cannot be carried out: 400 for a body that is not JSON, 422 for one that is
    /// not a valid request, 413 for an image too large, 503 past the deadline.
    init(_ error: RenderRequestError) {
        self = switch error {
        case .malformedJSON: APIError(.badRequest, .malformedJson, error.description)
        case .invalidJSON, .invalid: APIError(.unprocessableContent, .invalidRequest, error.description)
        case .unknownToken: APIError(.unprocessableContent, .unknownToken, error.description)
        case .layout: APIError(.unprocessableContent, .invalidTypography, error.description)
        case .render(.imageTooLarge), .render(.tooLargeForWebP), .render(.tooLargeForJPEG):
            APIError(.contentTooLarge, .imageTooLarge, error.description)
        case .render(.deadlineExceeded(let stage)): RenderAdmission.deadlineError("while drawing \(stage)")
        case .render: APIError(.internalServerError, .renderFailed, error.description)
        }
    }
}
