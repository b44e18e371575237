import Foundation

/// SplitMix64: a small seeded random number generator, so that a seed always gives the same values (the
/// request generator's cases, the corrupted fonts of the hostile-font tests).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The state; each value advances it.
    public var state: UInt64

    /// A generator starting from `state`.
    public init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One of `choices`, each as likely.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &self)] }

    /// One of `valid`, or (one time in thirty) one of `invalid`: values a request may not have, so that each
    /// case is mostly valid and refusals are still tried.
    mutating func pick<T>(_ valid: [T], else invalid: [T]) -> T { chance(1.0 / 30) ? pick(invalid) : pick(valid) }

    /// True with probability `chance` (0…1).
    mutating func chance(_ chance: Double) -> Bool { Double.random(in: 0..<1, using: &self) < chance }
}
