/// The per-sample form of the carrier (docs/physics.md, Continuous recipe): `sin(2π·phase)` with
/// the phase, in cycles, integrated in Double from a frequency that may change every sample without
/// clicks.
///
/// The haptic drivers' per-sample path (``ContinuousDriver``, ``TransientDriver``) and the
/// reference engine use it; ``RotatingCarrier``, the block form, seeds its groups from the
/// same Double phase and this sine. It stays a form of its own because the per-sample path
/// computes the drive in Double, one sample at a time, while the onset overdrive and the
/// brakes read the actuator, and because it is the definition the block form is checked
/// against: computing it by the block form's Float rotation would change the drive's bits.
///
/// An odd Taylor polynomial of degree 13 on the folded quarter-wave, so the loop uses no libm
/// (rejected by `@_noLocks`) and no tables. Error ≤ 7e-10 (|θ| ≤ π/2 remainder bound
/// (π/2)¹⁵/15!). Because the *phase*, not the output, is integrated, a frequency change bends
/// the waveform's slope only: no discontinuity. O(1): ~10 mul + 9 add per sample.
package struct SineOscillator: Sendable, Hashable {
    /// Current phase in cycles, [0, 1).
    package var phase: Double
    let inverseSampleRate: Double

    package init(sampleRate: Double, phase: Double = 0) {
        self.inverseSampleRate = 1 / sampleRate
        self.phase = phase
    }

    /// Returns sin(2π·phase) and advances the phase by `hz`/sampleRate (hz ≥ 0).
    package mutating func next(hz: Double) -> Double {
        let y = Self.sin2pi(phase)
        var p = phase + hz * inverseSampleRate
        if p >= 1 { p -= Double(Int(p)) }
        phase = p
        return y
    }

    /// sin(2π·p) for p in [0, 1). Polynomial; no libm.
    package static func sin2pi(_ p: Double) -> Double {
        // sin(2πp) = −sin(2π(p − ½)); fold x = p − ½ ∈ [−½, ½) onto [−¼, ¼] by symmetry.
        var x = p - 0.5
        if x > 0.25 { x = 0.5 - x } else if x < -0.25 { x = -0.5 - x }
        let t = 2 * Double.pi * x
        let t2 = t * t
        // Horner form of −sin(t)/t = −1 + t²/3! − t⁴/5! + … + t¹²/13!.
        var s = -1.0 / 6_227_020_800
        s = s * t2 + 1.0 / 39_916_800
        s = s * t2 - 1.0 / 362_880
        s = s * t2 + 1.0 / 5_040
        s = s * t2 - 1.0 / 120
        s = s * t2 + 1.0 / 6
        s = s * t2 - 1
        return s * t  // s = −sin(t)/t, and sin(2πp) = −sin(t)
    }
}
