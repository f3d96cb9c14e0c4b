/// A sine carrier computed by complex rotation instead of a polynomial per sample, for the
/// steady part of a continuous voice (the render loop's voice-major path).
///
/// The carrier is kept as four phasors `(cos φₖ, sin φₖ)`, one per sample of the current
/// absolute 4-sample group (samples `4m … 4m+3`), in two `SIMD4` registers; moving to the next
/// group rotates all four by 4θ — four multiplies and two adds for four samples, no lane
/// shuffles, and a dependency chain of one rotation per group, so the loop is throughput-bound.
/// The values depend only on absolute sample positions, never on how the render is split.
///
/// Frequency changes (``retune(radiansPerSample:)``) happen only on group boundaries and keep
/// the phase continuous: the group is rebuilt from its first phasor, renormalized (one Newton
/// step towards |z| = 1), so rounding never accumulates into amplitude drift.
///
/// Float, so a group is one SSE register: the carrier only feeds a drive voltage, where Float's
/// 6e-8 relative resolution is ~140 dB below full scale; the rotation constants are computed in
/// Double and rounded once, and between retunes (one control period, ≤ 16 rotations) the
/// phasors' error stays below 1e-6. O(1) per sample, no libm, no allocation.
public struct RotatingCarrier: Sendable {
    /// `sin φₖ` and `cos φₖ` at the four samples of the current group.
    var sines: SIMD4<Float>
    var cosines: SIMD4<Float>
    /// `cos 4θ` and `±sin 4θ` in every lane: one group ahead. Kept as vectors (and the
    /// minus sign folded into a constant) so the rotation is four multiplies and two adds —
    /// scalar operands made the optimizer interleave lane shuffles into the loop.
    var stepCos: SIMD4<Float>
    var stepSin: SIMD4<Float>
    var stepMinusSin: SIMD4<Float>
    /// e^{i·16·chirp}: how each group's steps move on while the frequency glides.
    var chirpCos = SIMD4<Float>(repeating: 1)
    var chirpSin = SIMD4<Float>(repeating: 0)
    var chirping = false
    /// θ, radians per sample, at the last retune.
    var theta: Double
    /// θ, radians per sample.
    public var radiansPerSample: Double { theta }

    /// A carrier whose group starts at `phase` (in cycles, [0, 1)) and does not move until
    /// retuned.
    public init(phase: Double) {
        var quarter = phase + 0.25
        if quarter >= 1 { quarter -= 1 }
        sines = SIMD4(repeating: Float(SineOscillator.sin2pi(phase)))
        cosines = SIMD4(repeating: Float(SineOscillator.sin2pi(quarter)))
        stepCos = SIMD4(repeating: 1)
        stepSin = SIMD4(repeating: 0)
        stepMinusSin = SIMD4(repeating: 0)
        theta = 0
    }

    /// Sets the frequency from lane `lane` of the current group on: `theta` radians per sample
    /// there, gliding by `chirp` radians per sample per sample (the phase at `m` samples on is
    /// `φ + θ·m + chirp·m(m − 1)/2`, what summing a linearly moving frequency sample by sample
    /// gives). The group is rebuilt around that lane's phasor, renormalized (lanes before it take
    /// the phases the new glide would have given them, so the next group's rotation lands every
    /// lane right). `theta` must be below π/4 (any carrier below fs/8). O(1).
    public mutating func retune(radiansPerSample theta: Double, chirp: Double = 0, lane: Int = 0) {
        if theta == self.theta && chirp == 0 && !chirping {
            // Same frequency (the common case: no sharpness change): only renormalize, each
            // phasor by its own Newton step.
            let f = 1.5 - 0.5 * (sines * sines + cosines * cosines)
            sines *= f
            cosines *= f
            return
        }
        var c0 = Double(cosines[lane]), s0 = Double(sines[lane])
        let f = 1.5 - 0.5 * (c0 * c0 + s0 * s0)  // Newton step for 1/√m near 1
        c0 *= f
        s0 *= f
        let (c1, s1) = Self.rotation(theta)
        let c2 = c1 * c1 - s1 * s1, s2 = 2 * c1 * s1
        let c3 = c2 * c1 - s2 * s1, s3 = s2 * c1 + c2 * s1
        let c4 = c2 * c2 - s2 * s2, s4 = 2 * c2 * s2
        for k in 0..<4 {
            // φₖ = φ_lane + θ·m + chirp·m(m − 1)/2, m = k − lane.
            let m = k &- lane
            let (cm, sm): (Double, Double) = switch m < 0 ? -m : m {
            case 0: (1, 0)
            case 1: (c1, s1)
            case 2: (c2, s2)
            default: (c3, s3)
            }
            let (cg, sg) = Self.rotation(chirp * Double(m * (m &- 1)) / 2)
            let sk = m < 0 ? -sm : sm
            let (ck, sk2) = (cm * cg - sk * sg, sk * cg + cm * sg)
            sines[k] = Float(s0 * ck + c0 * sk2)
            cosines[k] = Float(c0 * ck - s0 * sk2)
            // Lane k moves on by 4θ + chirp·(4m + 6) to the next group.
            let (cs, ss) = Self.rotation(chirp * Double(4 * m + 6))
            stepCos[k] = Float(c4 * cs - s4 * ss)
            stepSin[k] = Float(s4 * cs + c4 * ss)
        }
        stepMinusSin = -stepSin
        let (cc, sc) = Self.rotation(16 * chirp)
        chirpCos = SIMD4(repeating: Float(cc))
        chirpSin = SIMD4(repeating: Float(sc))
        chirping = chirp != 0
        self.theta = theta
    }

    /// Retunes to the frequency `ramp` has at sample `at` (the group's lane `at & 3`), gliding
    /// as it does: at a ramp's start, or on a grid point inside a held ramp (same frequency:
    /// the phasors are only renormalized). O(1).
    @inline(__always)
    mutating func retune(to ramp: DriveRamp, at: Int64, radiansPerHz: Double) {
        retune(radiansPerSample: radiansPerHz * ramp.point(at: at).hz, chirp: radiansPerHz * ramp.hzSlope,
               lane: Int(at & 3))
    }

    /// cos α and sin α by Taylor series: |α| < π/4 keeps the error below 1e-16. O(1).
    @inline(__always)
    static func rotation(_ alpha: Double) -> (cos: Double, sin: Double) {
        let t2 = alpha * alpha
        var c: Double = 1.0 / 479_001_600
        c = c * -t2 + 1.0 / 3_628_800
        c = c * -t2 + 1.0 / 40_320
        c = c * -t2 + 1.0 / 720
        c = c * -t2 + 1.0 / 24
        c = c * -t2 + 0.5
        var s: Double = 1.0 / 6_227_020_800
        s = s * -t2 + 1.0 / 39_916_800
        s = s * -t2 + 1.0 / 362_880
        s = s * -t2 + 1.0 / 5_040
        s = s * -t2 + 1.0 / 120
        s = s * -t2 + 1.0 / 6
        return (1 - t2 * c, alpha - alpha * t2 * s)
    }

    /// Moves the four phasors to the next group (rotation by each lane's step), and the steps
    /// on by the chirp when the frequency glides. O(1).
    @inline(__always)
    public mutating func nextGroup() {
        let s = sines * stepCos + cosines * stepSin
        let c = cosines * stepCos + sines * stepMinusSin
        sines = s
        cosines = c
        if chirping {
            let sc = stepSin * chirpCos + stepCos * chirpSin
            stepCos = stepCos * chirpCos - stepSin * chirpSin
            stepSin = sc
            stepMinusSin = -sc
        }
    }
}
