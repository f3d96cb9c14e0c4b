/// The tone's waveform from its fundamental, one sample or four at a time.
///
/// The renderer gets the fundamental's sine and cosine from a ``TonePhasor`` (a rotation per
/// four samples) and sums the harmonics here by Clenshaw's recurrence; ``next(frequency:brightness:inverseSampleRate:)``
/// gets them from the polynomial sine of its phase. The scalar version is lane 0 of the
/// four-lane one, so a sample has the same bits whether the renderer computed it in a group of
/// four or alone (at the edges of a block).
extension ToneOscillator {
    /// The normalized tone for a fundamental with sine `s1` and cosine `twoCos / 2`, with the
    /// current weights: lane 0 of ``samples(sines:twoCosines:)``, so the scalar and four-lane
    /// results cannot differ. O(harmonics).
    @inline(__always)
    @usableFromInline package func sample(sine s1: Float, twoCosine twoCos: Float) -> Float {
        samples(sines: SIMD4(repeating: s1), twoCosines: SIMD4(repeating: twoCos))[0]
    }

    /// The normalized tone for four fundamentals (sines and twice the cosines) with the current
    /// weights: `Σ w_k·sin(kφ)` by Clenshaw's recurrence, `b_k = w_k + 2cos φ·b_{k+1} − b_{k+2}`
    /// from the top harmonic down, then `b_1·sin φ` — three operations per harmonic instead of
    /// the four of generating each `sin(kφ)` and weighting it. Stable here: `b_1 = Σ w_k·U_{k−1}(cos φ)`
    /// and `|U_{k−1}| ≤ k ≤ 8`, so its rounding stays within a few Float ulps of the sum's
    /// bound. O(harmonics).
    @inline(__always)
    package func samples(sines s1: SIMD4<Float>, twoCosines twoCos: SIMD4<Float>)
        -> SIMD4<Float>
    {
        // AudioMapping.toneHarmonics = 8: b_8 = w_8, b_7 = w_7 + 2cos·b_8, then the recurrence,
        // written out (constant lane indices keep the weights in registers).
        typealias F4 = SIMD4<Float>
        let w = weights
        let b8 = F4(repeating: w[7])
        let b7 = w[6] + twoCos * b8
        let b6 = (w[5] + twoCos * b7) - b8
        let b5 = (w[4] + twoCos * b6) - b7
        let b4 = (w[3] + twoCos * b5) - b6
        let b3 = (w[2] + twoCos * b4) - b5
        let b2 = (w[1] + twoCos * b3) - b4
        let b1 = (w[0] + twoCos * b2) - b3
        return b1 * s1 * normalization
    }

    /// The normalized tone at `phase` (cycles, in [0, 1)) with the current weights — what
    /// ``next(frequency:brightness:inverseSampleRate:)`` returns before it advances. O(1).
    @inline(__always)
    @usableFromInline package func sample(atPhase phase: Float) -> Float {
        sample(sine: sinCycles(phase), twoCosine: 2 * sinCycles(phase + 0.25))
    }
}
