/// The tone's fundamental — `sin` and `cos` of 2π·phase — from a ``RotatingCarrier``, four
/// samples at a time: where its groups start, when they are seeded and how far they turn.
///
/// Why: evaluating two polynomial sines per sample was the larger half of a tone's cost. Here
/// the (cos, sin) pairs of four consecutive samples (a *group*) advance to the next group by
/// one complex multiply by e^{i·2π·4·step}: four multiplies and two adds for four samples.
///
/// Determinism, independent of how the render is cut into blocks: every value is a function of
/// absolute sample positions only. The phase is a closed form from the last *anchor* (the
/// voice's first sample, or a sample where the pitch — the step — changed):
/// `phase(n) = frac(φ_anchor + (n − n_anchor)·step)` in Double, continuous across anchors.
/// Groups start at the anchor and every four samples after it; a group is *seeded* (its four
/// pairs from the polynomial sine at `phase(n…n+3)`) at an anchor and at the first group
/// boundary at least ``reseedSamples`` after the last seed, otherwise it is the previous group
/// rotated. A seed's lane k equals the scalar polynomial sine at `phase(n + k)` bit for bit, so
/// when and whether a group is seeded (lazily, or not at all for a lone sample at an anchor)
/// never changes a value. A block boundary inside a group only means the caller reads the stored group's
/// remaining lanes on its next call. Rotation drift between seeds is at most 16 roundings of
/// Float (measured ≤ 1.4e-6 of full scale, −117 dB; tested < 2e-6), reset at every seed.
/// O(1) per group, no allocation.
struct TonePhasor: Sendable {
    /// Samples between seeds, at most (the first group boundary at or after this distance).
    static var reseedSamples: Int64 { 64 }

    /// Phase increment per sample in cycles (the pitch); meaningful once ``isAnchored``.
    var step: Float = 0
    var isAnchored = false
    var anchorPhase: Double = 0
    var anchorSample: Int64 = 0
    var seedSample: Int64 = 0
    /// First sample of the current group; lane `n − groupStart` holds sample n.
    var groupStart: Int64 = 0
    /// cos and sin of 2π·phase for the group's four samples; its step is e^{i·2π·4·step}
    /// for the step `rotationStep`.
    var carrier = RotatingCarrier(phase: 0)
    /// The current group is a seeded one whose lanes are not computed yet.
    var needsSeed = false
    /// The step the carrier's rotation was computed for (NaN: not computed yet).
    var rotationStep: Float = .nan

    init() {}

    /// The phase at sample `n` in cycles, [0, 1), from the current anchor. O(1).
    @inline(__always)
    func phase(at n: Int64) -> Double {
        let x = anchorPhase + Double(n &- anchorSample) * Double(step)
        // Below 2 (a pitch that moves every sample re-anchors one sample on, so this is a
        // serial chain) the fraction by compare and subtract — exact, and the same value as
        // through an integer, without the ≈ 15 cycles of latency of that round trip.
        if x < 1 { return x }
        if x < 2 { return x - 1 }
        return x - Double(Int64(x))
    }

    /// Uses `newStep` from sample `n` on: re-anchors if it differs from the step in use (or
    /// nothing sounded yet), else continues the current groups. O(1).
    @inline(__always)
    mutating func setStep(_ newStep: Float, at n: Int64) {
        if !isAnchored || newStep != step { anchor(step: newStep, at: n) }
    }

    /// The lane of sample `n`, the sample after the last one read (or the anchor): moves to the
    /// next group first when `n` starts it. O(1).
    @inline(__always)
    mutating func lane(at n: Int64) -> Int {
        if n &- groupStart == 4 { advanceGroup(to: n) }
        return Int(n &- groupStart)
    }

    /// sin and 2·cos of the fundamental for the current group's four samples. O(1).
    @inline(__always)
    mutating func groupFundamentals() -> (sines: SIMD4<Float>, twoCosines: SIMD4<Float>) {
        seedIfNeeded()
        return (carrier.sines, 2 * carrier.cosines)
    }

    /// sin and 2·cos of the fundamental at sample `n`, lane `lane` of the current group. A pitch
    /// that moves every sample re-anchors every sample: such a sample, at its anchor in a group
    /// not computed yet, takes the polynomial sine of its phase directly — the bits the seed's
    /// lane would have — instead of seeding four lanes for one. O(1).
    @inline(__always)
    mutating func fundamental(lane: Int, at n: Int64) -> (sine: Float, twoCosine: Float) {
        if needsSeed && n == anchorSample {
            let p = Float(anchorPhase)  // = phase(at: anchorSample)
            return (sinCycles(p), 2 * sinCycles(p + 0.25))
        }
        seedIfNeeded()
        return (carrier.sines[lane], 2 * carrier.cosines[lane])
    }

    /// Starts sounding, or changes the step, at sample `n`: the phase continues from where the
    /// old step left it (0 at the first call) and a seeded group starts at `n`, its lanes
    /// computed when first read (``seedIfNeeded()``). O(1).
    @inline(__always)
    mutating func anchor(step newStep: Float, at n: Int64) {
        anchorPhase = isAnchored ? phase(at: n) : 0
        anchorSample = n
        isAnchored = true
        step = newStep
        startSeededGroup(at: n)
    }

    /// Computes the current group's lanes if it is a seeded group not computed yet. O(1).
    @inline(__always)
    mutating func seedIfNeeded() {
        if needsSeed { seed(at: groupStart) }
    }

    /// Moves to the group starting at `n` (= ``groupStart`` + 4): a seeded group if the last
    /// seed is ``reseedSamples`` or more behind, else the current group rotated (computed first
    /// if it was not). Which groups are seeded depends on positions only, never on which lanes
    /// were read, so laziness cannot change a bit. O(1).
    @inline(__always)
    mutating func advanceGroup(to n: Int64) {
        if n &- seedSample >= Self.reseedSamples {
            startSeededGroup(at: n)
            return
        }
        seedIfNeeded()
        if rotationStep.bitPattern != step.bitPattern {
            // e^{i·2π·4·step}, once per step value.
            carrier.setStep(cycles: wrapCycles(4 * step))
            rotationStep = step
        }
        carrier.rotate()
        groupStart = n
    }

    @inline(__always)
    mutating func startSeededGroup(at n: Int64) {
        groupStart = n
        seedSample = n
        needsSeed = true
    }

    mutating func seed(at n: Int64) {
        // Each phase below 1 in Double, at most 1 in Float: what seed(cycles:) takes.
        carrier.seed(
            cycles: SIMD4<Float>(
                Float(phase(at: n)), Float(phase(at: n &+ 1)),
                Float(phase(at: n &+ 2)), Float(phase(at: n &+ 3))))
        needsSeed = false
    }
}
