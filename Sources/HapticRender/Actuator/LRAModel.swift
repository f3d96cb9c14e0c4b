/// The real-time actuator: 2-state trapezoidal (bilinear, prewarped) update in physical
/// coordinates (x, v) with the driver's low-Z/Hi-Z state, the rail clamp and the end-stop
/// contact (docs/physics.md: Discrete-time model, Driver states, End stop).
///
/// Per sample: one lane of the group form (≈ 12 multiplies + 10 adds in Float, four lanes per
/// SSE instruction in the block kernel), two compare pairs (rail clamp, contact check), one
/// well-predicted regime branch, no divisions and no libm — O(1) time, no allocation.
///
/// State is Float (see Groups below). Measured (NumPy, pixel Hi-Z, Q_m = 60, pole radius
/// 1 − 6.5e-5, 1 s free decay): even a one-step Float32 recursion fits Q_m = 59.998 vs 59.997 in
/// Float64; the group form rounds a quarter as often.
///
/// Driver state (docs/physics.md, Driver states): a non-zero command switches to low-Z immediately;
/// after ``lowZHoldSamples`` consecutive zero commands the driver goes Hi-Z (i = 0, damping c_m
/// only). Choice: the hold defaults to 4·τ (real drivers hold low-Z for at least 2·τ); at 4·τ the
/// low-Z ring is −35 dB down, so the Hi-Z switch is inaudible in tests that fit decays down to
/// −30 dB.
///
/// End-stop (docs/physics.md, End stop): while |x| > x_max the step uses the contact set (stiffness
/// k + k_s) with the input offset ±k_s·x_max; ``contactSamples`` counts such samples (a test
/// failure in normal use).
///
/// Groups (the model's arithmetic): samples are taken in groups of four
/// (``ActuatorFeedback/groupSamples``) on absolute positions (4m … 4m + 3, counted from
/// creation / ``reset()``), and each sample's state is computed
/// directly from its group's first state — the *anchor* — by the k-step form of
/// ``LRAGroupCoefficients``, in Float; a regime switch (driver state, end-stop contact) inside a
/// group re-anchors at the switching sample. Why: four lanes are independent given the anchor,
/// so the block kernel ``process(_:count:into:allSignals:)`` computes a group as one
/// `SIMD4<Float>` for x and one for v, and the recursion advances four samples per
/// multiply-add chain. The rule is part of the model, so ``step(volts:)`` (which knows only the
/// inputs up to its sample) and the kernel give the same bits, and block size cannot change a
/// bit. Measured against the plain Double recursion (one step per sample): ≤ 1e-5 of peak
/// acceleration and excursion on every preset (`ActuatorBlockKernelTests`); the state is Float,
/// ~1e-7 relative, far below the model's own accuracy (the oracle comparison allows 2 %).
///
/// Feedback: whatever reads the actuator to decide the drive — the excursion guard, the
/// transient and offset brakes (back-EMF), the onset overdrive — reads the state from
/// ``ActuatorFeedback/latencySamples`` (3) samples before (``feedbackState()``; a group's four
/// are the lanes of ``recentX`` and ``recentV``, whose width is the group's): the same latency
/// at every sample, so the output does not depend on where an event falls on the group grid.
/// Three is the smallest delay for which a whole group's drive is known before the model steps
/// it, so the renderer runs brakes and onsets through the block kernel too.
///
/// Groups start over at exact rest: ``restartGroupsAtRest()`` (called by the renderer where a
/// voice may start) puts the next sample at a group's start when x = v = 0 and no force is
/// applied, and a zero-drive group that ends below the rest threshold
/// (``ActuatorFeedback/restFraction``) sets the state to exact zero. So a click from rest
/// gives the same bits wherever it falls.
///
/// The driver's output stage in front of the plant — excursion guard, rail clamp, slew limit —
/// is its own processor (``LRAOutputStage``); the kernel applies it group by group, lane for
/// lane the same operations. The driver decisions around the model — the brake's energy test,
/// the clamp — stay in Double, reading the Float state exactly; the excursion guard computes in
/// Float, one factor per group (``ExcursionGuard/factors(amplitudeSquared:)``). The rail clamp
/// is the largest Float not above the profile's clamp (at most 6e-8 relative below it), so a
/// clamped drive is one Float value whichever path clamps it.
@_spi(Testing) public struct LRAModel: ActuatorModel, Sendable {
    /// Displacement x, m.
    var excursion: Double { Double(x) }
    /// Velocity v, m/s.
    var velocity: Double { Double(v) }
    var x: Float = 0
    var v: Float = 0
    /// Previous total input force (trapezoidal rule needs u[n−1]).
    var uPrev: Float = 0
    /// Consecutive zero-drive samples (saturates at the hold length).
    var idleSamples: Int = 0
    /// Zero-drive samples after which the driver goes Hi-Z (``LRAProfile/lowZHoldSamples(sampleRate:timeConstants:)``).
    var lowZHoldSamples: Int
    /// Number of samples simulated in end-stop contact since creation / ``reset()``.
    var contactSamples: Int { contactCount }
    var contactCount: Int = 0

    /// The rail clamp (V), a Float value (see Groups).
    let voltageClamp: Double
    let maxExcursion: Double
    /// The end-stop margin x_max²·(1 − 1e-5): a group whose A² stays below it is clear of the
    /// stop (Float rounding of A²).
    let clear: Float
    let halfMass: Double
    let halfStiffness: Double
    /// The coefficient sets {low-Z, Hi-Z} × {free, contact}, in Double (their design) and in
    /// the group form the model steps.
    let sets: LRACoefficientSets
    let lowZGroup: LRAGroupCoefficients
    let hiZGroup: LRAGroupCoefficients
    let lowZContactGroup: LRAGroupCoefficients
    let hiZContactGroup: LRAGroupCoefficients
    /// Group set in use and its regime code (bit 0: Hi-Z, bit 1: contact).
    var active: LRAGroupCoefficients
    var regime: Int = 0
    /// The next sample's position in its group (absolute position mod 4).
    var groupPhase: Int = 0
    /// x and v before samples n − 3, n − 2, n − 1 and n (n: the next sample): lane 0 is what
    /// ``feedbackState()`` reports, and a group's four feedback states are these lanes.
    var recentX = SIMD4<Float>(repeating: 0)
    var recentV = SIMD4<Float>(repeating: 0)
    /// The last drive applied (after guard, clamp and slew), V.
    var applied: Float = 0
    /// The rest threshold's A² (``LRAProfile/restAmplitudeSquared``), m², and 1/ω0.
    let restSquared: Float
    let inverseOmega0: Float
    /// The current anchor: its state, its regime, the samples stepped from it (0…3) and their
    /// input sums (lane j; zero past them).
    var anchorX: Float = 0
    var anchorV: Float = 0
    var anchorRegime: Int = -1
    var anchorLane: Int = 0
    var anchorInputs = SIMD4<Float>(repeating: 0)

    /// Sample rate in Hz.
    let sampleRate: Double
    /// The output stage the renderer's kernel runs the drive through.
    let outputStage: LRAOutputStage

    /// A model at rest for `p` at `sampleRate`: the four coefficient sets
    /// (``LRACoefficientSets``) in their group form, and the output stage whose guard leads the
    /// profile's slew limit. Setup-time (libm); call ``LRAProfile/validate(sampleRate:)``
    /// first. `lowZHoldTimeConstants`: the driver's low-Z hold (a datasheet holds it forever).
    @_spi(Testing) public init(
        profile p: LRAProfile, sampleRate: Double = 48_000, lowZHoldTimeConstants: Double = 4
    ) {
        precondition(
            SIMD4<Float>.scalarCount == ActuatorFeedback.groupSamples,
            "the group form is one SIMD4 lane per sample of a group")
        self.sampleRate = sampleRate
        sets = LRACoefficientSets(profile: p, sampleRate: sampleRate)
        lowZGroup = LRAGroupCoefficients(sets.lowZ)
        hiZGroup = LRAGroupCoefficients(sets.hiZ)
        lowZContactGroup = LRAGroupCoefficients(sets.lowZContact)
        hiZContactGroup = LRAGroupCoefficients(sets.hiZContact)
        active = lowZGroup
        var rail = Float(p.voltageClamp)
        if Double(rail) > p.voltageClamp { rail = rail.nextDown }
        voltageClamp = Double(rail)
        maxExcursion = p.maxExcursion
        halfMass = p.reducedMass / 2
        halfStiffness = p.stiffness / 2
        lowZHoldSamples = p.lowZHoldSamples(
            sampleRate: sampleRate, timeConstants: lowZHoldTimeConstants)
        restSquared = Float(p.restAmplitudeSquared)
        inverseOmega0 = Float(1 / p.omega0)
        outputStage = LRAOutputStage(
            ExcursionGuard(
                profile: p, slewPerSample: p.slewPerSample(sampleRate: sampleRate),
                sampleRate: sampleRate),
            rail: rail)
        clear = Float(p.maxExcursion * p.maxExcursion * (1 - 1e-5))
    }

    /// Back to rest, low-Z, contact counter cleared, group positions restarted. O(1), real-time safe.
    mutating func reset() {
        x = 0
        v = 0
        uPrev = 0
        idleSamples = 0
        contactCount = 0
        applied = 0
        recentX = SIMD4(repeating: 0)
        recentV = SIMD4(repeating: 0)
        regime = 0
        active = lowZGroup
        groupPhase = 0
        anchorRegime = -1
    }

    /// Whether the actuator is at exact rest with no force applied: stepping it with zero drive
    /// leaves every value zero. O(1).
    var isAtRest: Bool { x == 0 && v == 0 && uPrev == 0 && applied == 0 }

    /// Accounts for `frames` zero-drive samples skipped at exact rest (``isAtRest``), where
    /// stepping would leave every value zero: counts them towards Hi-Z and starts the groups
    /// over. O(1).
    mutating func skipAtRest(frames: Int) {
        guard frames > 0 else { return }
        idleSamples =
            frames >= lowZHoldSamples &- idleSamples ? lowZHoldSamples : idleSamples &+ frames
        let code = idleSamples >= lowZHoldSamples ? 1 : 0
        if code != regime { select(code) }
        restartGroupsAtRest()
    }

    /// At exact rest, the next sample starts a group (see Feedback in the type's discussion),
    /// and the feedback history is all zero. O(1).
    mutating func restartGroupsAtRest() {
        guard isAtRest else { return }
        groupPhase = 0
        anchorRegime = -1
        recentX = SIMD4(repeating: 0)
        recentV = SIMD4(repeating: 0)
    }

    /// Sets the state to exact zero if the last sample had no force and the amplitude is below
    /// the rest threshold. Checked where a group ends. O(1).
    @inline(__always)
    mutating func settleAtRest() {
        let vw = v * inverseOmega0
        if uPrev == 0 && x * x + vw * vw < restSquared {
            x = 0
            v = 0
            recentX[3] = 0
            recentV[3] = 0
            anchorRegime = -1
        }
    }

    /// The state the driver reads before the next sample — excursion (m) and velocity (m/s)
    /// ``ActuatorFeedback/latencySamples`` samples old (see Feedback in the type's
    /// discussion). O(1).
    @inline(__always)
    func feedbackState() -> (excursion: Double, velocity: Double) {
        (Double(recentX[0]), Double(recentV[0]))
    }

    /// True while the driver outputs are open (Hi-Z). For tests.
    var isHighImpedance: Bool { idleSamples >= lowZHoldSamples }

    /// Stored mechanical energy ½μv² + ½kx² (J); the end-stop spring's energy is not included.
    var storedEnergy: Double {
        halfMass * velocity * velocity + halfStiffness * excursion * excursion
    }

    /// Forces the driver into Hi-Z now, until the next non-zero drive. For tests (the Hi-Z
    /// decay); the renderer lets the driver go Hi-Z after ``lowZHoldSamples`` of zero drive.
    mutating func enterHighImpedance() { idleSamples = lowZHoldSamples }

    /// Advances one sample with drive command `volts` (clamped to ±V_clamp): the plant alone,
    /// after the output stage. O(1). (The renderer's hot loop uses the block kernel
    /// ``process(_:count:into:allSignals:)``.)
    /// The clamp is two compares (what `min(max(·))` is for non-NaN input): the generic min/max
    /// add NaN handling, and a NaN drive never reaches the model.
    package mutating func step(volts command: Double) -> LRASample {
        stepChangingRegime(
            volts: command > voltageClamp
                ? voltageClamp : (command < -voltageClamp ? -voltageClamp : command))
    }

    /// ``step(volts:)`` after the clamp: the driver-state and end-stop bookkeeping, then the
    /// update.
    mutating func stepChangingRegime(volts: Double) -> LRASample {
        if volts != 0 {
            idleSamples = 0
        } else if idleSamples < lowZHoldSamples {
            idleSamples &+= 1
        }
        let position = Double(x)
        let side: Float = position > maxExcursion ? 1 : (position < -maxExcursion ? -1 : 0)
        let code = (idleSamples >= lowZHoldSamples ? 1 : 0) | (side != 0 ? 2 : 0)
        if code != regime { select(code) }
        if side != 0 { contactCount &+= 1 }
        return advance(volts: Float(volts), side: side)
    }

    /// The group-form update with the active set (see the type's discussion): re-anchors at a
    /// group's start or a regime switch, then computes this sample's lane from the anchor. O(1).
    @inline(__always)
    mutating func advance(volts: Float, side: Float) -> LRASample {
        // `active` is read in place, never bound to a local: a copy of the 272-byte set per
        // sample was a sixth of this step's cost.
        //
        // Clear of the end stop the force is the drive alone, as the block kernel computes it
        // (adding 0·stopForce = +0 would turn a −0 force into +0).
        let fpv = active.forcePerVoltLanes[0]
        let u = side == 0 ? fpv * volts : fpv * volts + side * active.stopForce
        let us = u + uPrev
        uPrev = u
        if groupPhase == 0 || regime != anchorRegime {
            anchorX = x
            anchorV = v
            anchorRegime = regime
            anchorLane = 0
            anchorInputs = SIMD4(repeating: 0)
        }
        let lane = anchorLane
        // A whole-vector blend, not an element store: a 4-byte store followed by the wider
        // load of the next sample cannot be store-forwarded (a measured 5 % of the render).
        anchorInputs.replace(
            with: us, where: SIMD4<Int32>(0, 1, 2, 3) .== Int32(truncatingIfNeeded: lane))
        let s = active.lane(lane, x0: anchorX, v0: anchorV, inputs: anchorInputs)
        x = s.x
        v = s.v
        anchorLane = lane &+ 1
        groupPhase = (groupPhase &+ 1) & 3
        recentX = SIMD4(recentX[1], recentX[2], recentX[3], x)
        recentV = SIMD4(recentV[1], recentV[2], recentV[3], v)
        let a = active.acceleration(force: u, x: x, v: v)
        let sample = LRASample(
            acceleration: Double(a), excursion: Double(x), velocity: Double(v), volts: Double(volts)
        )
        if groupPhase == 0 { settleAtRest() }
        return sample
    }

    mutating func select(_ code: Int) {
        regime = code
        switch code {
        case 0: active = lowZGroup
        case 1: active = hiZGroup
        case 2: active = lowZContactGroup
        default: active = hiZContactGroup
        }
    }

    /// Runs a block: `drive[i]` volts in, body acceleration in g out (`acceleration[i]`).
    /// `acceleration.count` must be ≥ `drive.count`. Per sample exactly `step(volts: drive[i])`,
    /// by the block kernel with an output stage whose guard never acts and no slew limit. O(n),
    /// no allocation. For tests and benchmarks of the model alone: the renderer runs the kernel
    /// with its output stage (``process(_:count:into:allSignals:)``).
    @_spi(Testing)
    public mutating func process(
        drive: UnsafeBufferPointer<Float>, acceleration: UnsafeMutableBufferPointer<Float>
    ) {
        precondition(acceleration.count >= drive.count, "acceleration buffer shorter than drive")
        if let d = drive.baseAddress, let a = acceleration.baseAddress {
            processBlock(
                drive: d, count: drive.count, setup: outputStage(ExcursionGuard(inactive: ())),
                into: GroupSink(
                    HapticSignalBuffers(
                        volts: a, voltsScale: 1, acceleration: a, accelerationScale: 1,
                        excursion: a, excursionScale: 1)),
                allSignals: false)
        }
    }

    /// The renderer's kernel on a block: `drive[0 ..< count]` through the output stage and the
    /// model, the applied volts, the acceleration (g) and the excursion (m) into `out` at its
    /// scales. For benchmarks of the kernel alone. O(count), no allocation.
    @_spi(Testing)
    public mutating func process(
        drive: UnsafePointer<Float>, count: Int, into out: HapticSignalBuffers
    ) {
        process(drive, count: count, into: GroupSink(out), allSignals: true)
    }
}
