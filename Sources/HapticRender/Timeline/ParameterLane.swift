import HapticPattern

/// One dynamic-parameter lane: the control value over time as a piecewise-linear function
/// stored as breakpoints with slopes.
///
/// Breakpoint `k` starts at sample ``sample``[k] with value ``value``[k] and changes by
/// ``slope``[k] per sample until the next breakpoint, so the value at sample `n` on line `k` is
/// `value[k] + slope[k] × (n − sample[k])` — computed from the line equation, never accumulated
/// (AudioKit's parameter-ramper rule). A step is a breakpoint with slope 0 (a jump happens between
/// two breakpoints at consecutive or equal samples). Before the first breakpoint the parameter lane
/// holds ``initialValue`` (the neutral control value); after the last it holds the last line's
/// line, which by construction has slope 0.
@usableFromInline package struct ParameterLane: Sendable, Hashable {
    /// Control value before the first breakpoint (1 for multiplying controls, 0 otherwise).
    package var initialValue: Double
    /// Breakpoint positions, non-decreasing.
    @usableFromInline package var sample: [Int64]
    /// Value at each breakpoint.
    package var value: [Double]
    /// Change per sample from each breakpoint to the next.
    package var slope: [Double]

    package init(
        initialValue: Double = 0, sample: [Int64] = [], value: [Double] = [], slope: [Double] = []
    ) {
        self.initialValue = initialValue
        self.sample = sample
        self.value = value
        self.slope = slope
    }

    /// Number of breakpoints. O(1).
    @inlinable package var count: Int { sample.count }

    /// The parameter lane value at sample `n`. O(log count) — for tests and tools, not the render
    /// loop.
    package func value(at n: Int64) -> Double {
        // The first breakpoint after n; the one before it holds n.
        let after = sample.partitioningIndex { !($0 <= n) }
        guard after > 0 else { return initialValue }
        let k = after - 1
        return value[k] + slope[k] * Double(n - sample[k])
    }
}
