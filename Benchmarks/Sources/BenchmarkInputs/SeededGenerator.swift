/// A tiny deterministic random source (SplitMix64) so generated benchmark inputs are the
/// same on every machine and every run: benchmark numbers are only comparable when the work
/// is identical. O(1) per draw, no allocation.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform draw in [0, 1) from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    /// A uniform draw in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// A draw in `range` rounded to milliseconds, as hand-written AHAP times usually are.
    public mutating func milliseconds(_ range: ClosedRange<Double>) -> Double {
        (uniform(range) * 1000).rounded() / 1000
    }
}
