import Foundation
import MatterType
import Testing

/// FreedMemory: with it, an image's worth of memory freed and allocated again is not faulted in again.
@Suite("Freed memory")
struct FreedMemoryTests {
    /// Minor page faults of this thread so far (getrusage: tests on other threads fault too).
    static func minorFaults() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD (Linux), which Swift's Glibc does not import
        return usage.ru_minflt
    }

    @Test("A card's three 3 MB buffers drawn 40 times after keepFreedMemory fault their pages in once")
    func canvasesReuseFreedPages() async {
        #expect(FreedMemory.keepFreedMemory())
        /// What a photo card holds at once: a canvas, a decoded photograph, a copy (3,024,000 bytes each, written).
        @Sendable func draw() -> Int {
            let images = (0..<3).map { _ in RGBAImage(width: 1200, height: 630, background: .white) }
            return images.reduce(0) { $0 + Int($1.pixels[$1.pixels.count / 2]) }
        }
        // On a thread of its own, which glibc gives a malloc arena of its own: on a cooperative thread the arena is
        // shared with whatever the suite's other tests allocate there at the same time, and their blocks, in the
        // middle of the freed space, made a loaded run fault 29,560 pages here.
        let (sum, faults) = await withCheckedContinuation { continuation in
            Thread {
                _ = draw()
                let before = FreedMemoryTests.minorFaults()
                var sum = 0
                for _ in 0..<40 { sum += draw() }
                continuation.resume(returning: (sum, FreedMemoryTests.minorFaults() - before))
            }.start()
        }
        // Freed and mapped anew (glibc's own thresholds give back what is freed at a heap's top beyond twice the
        // largest block freed), each round would fault in its 2,217 pages of 4 KiB: 88,680 over 40.
        #expect(sum == 40 * 3 * 255)
        #expect(faults < 4_000, "\(faults) page faults for 40 rounds")
    }
}
