/// The synthesized `AudioContinuous` tone: a phase-continuous additive oscillator whose pitch
/// and brightness may change every sample without clicks.
///
/// The weighted harmonics are summed by Clenshaw's recurrence on `sin(kφ) = 2cos φ·sin((k−1)φ) − sin((k−2)φ)`,
/// so a sample costs the fundamental's sine and cosine and three operations per harmonic,
/// whatever the brightness. ``next(frequency:brightness:inverseSampleRate:)`` takes them from two
/// polynomial sines of its Float phase (the reference oscillator); the renderer takes them from
/// a ``TonePhasor`` (a rotation per four samples, phase in Double) and keeps only the weights
/// here. See ``AudioMapping`` for the pitch and brightness laws.
package struct ToneOscillator: Sendable {
    /// Phase in cycles, [0, 1).
    package var phase: Float
    /// The harmonic amplitudes `b^(k−1)/k` and the loudness normalization depend on the
    /// brightness only: kept for the last brightness, recomputed (with the same arithmetic, so
    /// the samples are bit-identical) when it changes. 2 is outside the 0…1 brightness range.
    var weightsBrightness: Float = 2
    var weights: SIMD8<Float> = SIMD8(repeating: 0)
    var normalization: Float = 0

    package init(phase: Float = 0) { self.phase = phase }

    /// Returns the next sample (unit RMS-normalized tone, peak ≈ 1) and advances the phase.
    /// - Parameters:
    ///   - frequency: Fundamental in Hz (< Nyquist / harmonics).
    ///   - brightness: Effective `AudioBrightness`, 0…1.
    ///   - sampleRate: Output rate in Hz (reciprocal passed to avoid a division per sample).
    @inline(__always)
    package mutating func next(frequency: Float, brightness: Float, inverseSampleRate: Float)
        -> Float
    {
        if brightness != weightsBrightness { setWeights(brightness: brightness) }
        let x = sample(atPhase: phase)
        phase = wrapCycles(phase + frequency * inverseSampleRate)
        return x
    }

    /// Harmonic k's amplitude `b^(k−1)/k` and `1/√(Σ amplitude²)` for brightness `b`. O(8).
    mutating func setWeights(brightness: Float) {
        weightsBrightness = brightness
        var weight: Float = 1  // b^(k−1)
        var energy: Float = 0
        var k: Float = 1
        for i in 0..<8 {
            let a = weight / k
            weights[i] = a
            energy += a * a
            weight *= brightness
            k += 1
        }
        normalization = reciprocalSquareRoot(energy)
    }
}

/// `1/√x` for x in [1, 2] (the tone's harmonic energy) by Newton's iteration from a fixed
/// start. Four iterations from y₀ = 0.85 reach Float precision on that interval; its bits
/// define the tone's normalization (`1 / x.squareRoot()` rounds differently). O(1).
@inline(__always)
func reciprocalSquareRoot(_ x: Float) -> Float {
    var y: Float = 0.85
    for _ in 0..<4 { y = y * (1.5 - 0.5 * x * y * y) }
    return y
}
