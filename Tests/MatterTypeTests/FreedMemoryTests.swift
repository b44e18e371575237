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
    func canvasesReuseFreedPages() {
        #expect(FreedMemory.keepFreedMemory())
        /// What a photo card holds at once: a canvas, a decoded photograph, a copy (3,024,000 bytes each, written).
        func draw() -> Int {
            let images = (0..<3).map { _ in RGBAImage(width: 1200, height: 630, background: .white) }
            return images.reduce(0) { $0 + Int($1.pixels[$1.pixels.count / 2]) }
        }
        _ = draw()
        let before = FreedMemoryTests.minorFaults()
        var sum = 0
        for _ in 0..<40 { sum += draw() }
        // Freed and mapped anew (glibc's own thresholds give back what is freed at a heap's top beyond twice the
        // largest block freed), each round would fault in its 2,217 pages of 4 KiB: 88,680 over 40.
        let faults = FreedMemoryTests.minorFaults() - before
        #expect(sum == 40 * 3 * 255)
        #expect(faults < 4_000, "\(faults) page faults for 40 rounds")
    }
}
