/// A sine carrier computed by complex rotation instead of a polynomial per sample, for the
/// steady part of a continuous voice (the render loop's voice-major path).
///
/// The phasor `(cos φ, sin φ)` is kept at the first sample of each absolute 4-sample group
/// (samples `4m … 4m+3`); the group's four sines come from one multiply-add with the
/// precomputed `cos kθ, sin kθ` (k = 0…3) as `SIMD4`, and the phasor moves to the next group
/// by one rotation by 4θ. The dependency chain is one complex multiply per four samples, so
/// the loop is throughput-bound, and the values depend only on absolute sample positions —
/// never on how the render is split into blocks.
///
/// Frequency changes (``retune(radiansPerSample:)``) happen only on group boundaries and keep
/// the phase continuous; each retune renormalizes the phasor (one Newton step towards |z| = 1),
/// so rounding never accumulates into amplitude drift. Accuracy: |error| ≲ 1e-14 per sample.
/// O(1) per sample, no libm, no allocation.
@frozen public struct RotatingCarrier: Sendable {
    /// Phasor at the first sample of the current group.
    @usableFromInline var cosine: Double
    @usableFromInline var sine: Double
    /// `cos kθ` and `sin kθ` for the four samples of a group.
    @usableFromInline var groupCos: SIMD4<Double>
    @usableFromInline var groupSin: SIMD4<Double>
    /// `cos 4θ`, `sin 4θ`: one group ahead.
    @usableFromInline var stepCos: Double
    @usableFromInline var stepSin: Double
    /// θ, radians per sample.
    @usableFromInline var theta: Double
    /// θ, radians per sample.
    @inlinable public var radiansPerSample: Double { theta }

    /// A carrier at `phase` (in cycles, [0, 1)) that does not move until retuned.
    @inlinable @_noLocks
    public init(phase: Double) {
        var quarter = phase + 0.25
        if quarter >= 1 { quarter -= 1 }
        cosine = SineOscillator.sin2pi(quarter)
        sine = SineOscillator.sin2pi(phase)
        groupCos = SIMD4(1, 1, 1, 1)
        groupSin = SIMD4(0, 0, 0, 0)
        stepCos = 1
        stepSin = 0
        theta = 0
    }

    /// Sets the frequency from the current group on (call on a group boundary) and
    /// renormalizes the phasor. `theta` must be below π/4 (any carrier below fs/8). O(1).
    @inlinable @_noLocks
    public mutating func retune(radiansPerSample theta: Double) {
        let m = cosine * cosine + sine * sine
        let f = 1.5 - 0.5 * m  // Newton step for 1/√m near 1
        cosine *= f
        sine *= f
        // cos θ and sin θ by Taylor series: |θ| < π/4 keeps the error below 1e-16.
        let t2 = theta * theta
        var c: Double = 1.0 / 479_001_600
        c = c * -t2 + 1.0 / 3_628_800
        c = c * -t2 + 1.0 / 40_320
        c = c * -t2 + 1.0 / 720
        c = c * -t2 + 1.0 / 24
        c = c * -t2 + 0.5
        let c1 = 1 - t2 * c
        var s: Double = 1.0 / 6_227_020_800
        s = s * -t2 + 1.0 / 39_916_800
        s = s * -t2 + 1.0 / 362_880
        s = s * -t2 + 1.0 / 5_040
        s = s * -t2 + 1.0 / 120
        s = s * -t2 + 1.0 / 6
        let s1 = theta - theta * t2 * s
        let c2 = c1 * c1 - s1 * s1, s2 = 2 * c1 * s1
        let c3 = c2 * c1 - s2 * s1, s3 = s2 * c1 + c2 * s1
        groupCos = SIMD4(1, c1, c2, c3)
        groupSin = SIMD4(0, s1, s2, s3)
        stepCos = c2 * c2 - s2 * s2
        stepSin = 2 * c2 * s2
        self.theta = theta
    }

    /// The carrier's sines at the four samples of the current group:
    /// `sin(φ + kθ) = sin φ·cos kθ + cos φ·sin kθ`. O(1).
    @inlinable @inline(__always) @_noLocks
    public func groupSines() -> SIMD4<Double> {
        groupCos * sine + groupSin * cosine
    }

    /// Moves the phasor to the next group. O(1).
    @inlinable @inline(__always) @_noLocks
    public mutating func nextGroup() {
        let c = cosine * stepCos - sine * stepSin
        let s = sine * stepCos + cosine * stepSin
        cosine = c
        sine = s
    }
}
