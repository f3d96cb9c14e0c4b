#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loudness envelope the haptics follow: RMS per block with an instant attack and an
/// exponential release (a peak follower, as a designer's envelope rises with a hit and
/// decays with its tail), and the reference level it is read against.
public enum LevelEnvelope {
    /// RMS amplitude per block from mean squares, instant attack, release time constant
    /// `release` seconds (0 = none). O(blocks).
    public static func follow(meanSquare: [Float], blockSeconds: Double, release: Double) -> [Float]
    {
        let keep = release > 0 ? Float(exp(-blockSeconds / release)) : 0
        var out = [Float](repeating: 0, count: meanSquare.count)
        var state: Float = 0
        for i in meanSquare.indices {
            let x = meanSquare[i].squareRoot()
            state = x > state ? x : keep * state + (1 - keep) * x
            out[i] = state
        }
        return out
    }

    /// The level that only 0.1 % of the blocks exceed (at least one block): a sound's peak, a
    /// long file's loud passages without a lone click setting the scale. From a histogram in
    /// 0.1 dB steps down to 120 dB below the maximum, so O(blocks) and exact to 0.1 dB.
    public static func reference(_ envelope: [Float]) -> Float {
        guard let top = envelope.max(), top > 0 else { return 0 }
        let steps = 1_200
        var histogram = [Int](repeating: 0, count: steps + 1)
        for x in envelope where x > 0 {
            let below = 20 * log10(Double(top) / Double(x))
            histogram[min(steps, Int((below * 10).rounded(.down)))] += 1
        }
        let allowed = envelope.count / 1_000
        var above = 0
        for step in 0...steps {
            above += histogram[step]
            if above > allowed { return Float(Double(top) * pow(10, -Double(step) / 200)) }
        }
        return top
    }
}
