/// The block form of the carrier that every synthesized voice rides on: `sin` and `cos` of a
/// phase in cycles, four consecutive samples (a *group*) at a time, by complex rotation instead
/// of a polynomial per sample. The steady haptic voices (``ContinuousHapticVoice``, drive =
/// volts × sine) and the audio tone (``TonePhasor``, harmonics from the fundamental's sine and
/// cosine) both use it; ``SineOscillator`` is the per-sample form, which the reference engine
/// and the haptic voices' per-sample path use.
///
/// The four phasors `(cos φₖ, sin φₖ)` sit in two `SIMD4` registers; moving to the next group
/// (``rotate()``) multiplies each by its lane's step `e^{iΔₖ}` — four multiplies and two adds
/// for four samples, no lane shuffles, and a dependency chain of one rotation per group, so a
/// voice's loop is throughput-bound. The values depend only on absolute sample positions (each
/// owner starts groups on positions of the pattern's, never of the block size).
///
/// Each owner keeps its phase in Double and *seeds* the phasors from it (``init(phase:)``, or
/// ``seed(cycles:)``) often enough that the Float rotation's rounding never accumulates: the
/// haptic voice whenever its frequency changes or glides, renormalizing on every grid point
/// between (``retune(radiansPerSample:chirp:lane:)``); the tone at least every 64 samples. The two seeds differ because their definitions do: the
/// haptic drive is checked against ``SineOscillator``'s Double sine, the tone against the Float
/// ``sinCycles(_:)`` of its reference oscillator (``ToneOscillator``).
///
/// Float, so a group is one SSE register: the carrier feeds a drive voltage or a tone, where
/// Float's 6e-8 relative resolution is ~140 dB below full scale. O(1) per sample, no libm, no
/// allocation.
struct RotatingCarrier: Sendable {
    /// `sin φₖ` and `cos φₖ` at the four samples of the current group.
    var sines: SIMD4<Float>
    var cosines: SIMD4<Float>
    /// `cos Δₖ` and `sin Δₖ`: how far lane k moves to the next group (4θ at a steady
    /// frequency). Vectors, even when all lanes agree, so the rotation is four multiplies and
    /// two adds: scalar operands made the optimizer interleave lane shuffles into the loop.
    var stepCos = SIMD4<Float>(repeating: 1)
    var stepSin = SIMD4<Float>(repeating: 0)
    /// e^{i·16·chirp}: how each group's steps move on while the frequency glides (haptic
    /// voices only, see ``retune(radiansPerSample:chirp:lane:)``).
    var chirpCos = SIMD4<Float>(repeating: 1)
    var chirpSin = SIMD4<Float>(repeating: 0)
    var chirping = false
    /// θ, radians per sample, at the last retune (haptic voices only).
    var radiansPerSample: Double = 0

    /// A carrier whose four lanes sit at `phase` (in cycles, [0, 1)) — `sin` and `cos` from
    /// ``SineOscillator/sin2pi(_:)``, the per-sample carrier's sine, rounded once — and do not
    /// move until retuned. O(1).
    init(phase: Double) {
        var quarter = phase + 0.25
        if quarter >= 1 { quarter -= 1 }
        sines = SIMD4(repeating: Float(SineOscillator.sin2pi(phase)))
        cosines = SIMD4(repeating: Float(SineOscillator.sin2pi(quarter)))
    }

    /// Lanes at the phases `cycles` (each in [0, 1]) by the Float polynomial sine
    /// ``sinCycles4(_:)``: lane k has the bits of `sinCycles(cycles[k])`. O(1).
    @inline(__always)
    mutating func seed(cycles: SIMD4<Float>) {
        sines = sinCycles4(cycles)
        cosines = sinCycles4(cycles + 0.25)  // arguments stay in [0, 2), as sinCycles4 needs
    }

    /// Every lane moves on by the same step, `e^{i·2π·turn}` for `turn` in cycles, in [0, 1),
    /// its `sin` and `cos` from ``sinCycles(_:)``. O(1).
    @inline(__always)
    mutating func setStep(cycles turn: Float) {
        stepSin = SIMD4(repeating: sinCycles(turn))
        stepCos = SIMD4(repeating: sinCycles(turn + 0.25))
    }

    /// `(sines, cosines)` rotated by `(cos, sin)` lane-wise: `s·cos + c·sin`, `c·cos − s·sin`.
    /// The one rotation every caller uses, so a group has the same bits whichever loop (one
    /// voice's, two voices' fused, the tone's) computed it. O(1).
    @inline(__always)
    static func rotated(
        sines s: SIMD4<Float>, cosines c: SIMD4<Float>, cos: SIMD4<Float>, sin: SIMD4<Float>
    )
        -> (sines: SIMD4<Float>, cosines: SIMD4<Float>)
    {
        (s * cos + c * sin, c * cos - s * sin)
    }

    /// Moves the four phasors to the next group. O(1).
    @inline(__always)
    mutating func rotate() {
        (sines, cosines) = Self.rotated(sines: sines, cosines: cosines, cos: stepCos, sin: stepSin)
    }

    /// Moves the four phasors to the next group, and the steps on by the chirp when the
    /// frequency glides. O(1).
    @inline(__always)
    mutating func nextGroup() {
        rotate()
        if chirping { glide() }
    }
}
