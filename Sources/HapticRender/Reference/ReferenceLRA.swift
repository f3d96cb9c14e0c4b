/// The reference engine's actuator (docs/agreement.md): a kind's output stage and plant, one
/// sample at a time in Double — the readable definition the kind's fast model is checked
/// against. Each kind has one (``ActuatorKind/makeReference(sampleRate:)``).
protocol ReferenceActuator {
    /// What the driver reads before the next sample: the excursion (m) and velocity (m/s)
    /// ``ActuatorFeedback/latencySamples`` samples old.
    var feedback: (x: Double, v: Double) { get }
    /// One sample of summed voice drive through the output stage and the plant. Returns the
    /// applied volts, the body acceleration in g and the excursion in m.
    mutating func step(drive: Double) -> (volts: Double, acceleration: Double, excursion: Double)
    /// Back to rest.
    mutating func reset()
}

/// The LRA and its driver's output stage, one sample at a time in Double: the readable
/// definition that ``LRAModel``'s block kernel is checked against.
///
/// Per sample n, with the summed voice drive `V`:
/// 1. **excursion guard** on the state 3 samples old (``ActuatorFeedback/latencySamples``):
///    a drive that adds energy (`V·v > 0`) is scaled by `1 − (1 − f)·min(16·(v/ω0)²/A², 1)`
///    with `f = clamp((A_hi² − A_p²)/(A_hi² − A_lo²), 0, 1)` — continuous in the state, the
///    gate opening over 14.5° of phase after a turning point; `A_p² = A² + F_V·V²·|v|/(s·fs·k)`
///    (V at most the rail), the amplitude that the slew limit's ramp from V down to 0 V would
///    reach (``ExcursionGuard``, whose ``ExcursionGuard/Design`` both engines use);
/// 2. **rail clamp** to ±V_clamp;
/// 3. **slew limit**: the applied drive moves by at most `V_clamp·2π·f_max/fs` per sample, so
///    no sum of voices, guard gate or brake onset steps the drive;
/// 4. **driver state**: a non-zero drive is low-Z; after ``LRAProfile/lowZHoldSamples(sampleRate:timeConstants:)``
///    zero samples the outputs open (Hi-Z, damping c_m only);
/// 5. **trapezoidal step** (docs/physics.md, Discrete-time model) with the free or end-stop
///    contact set of ``LRACoefficientSets`` (contact while |x| > x_max before the step);
/// 6. **rest**: a zero-drive sample that leaves `A² = x² + (v/ω0)²` below
///    ``LRAProfile/restAmplitudeSquared`` sets x = v = 0.
/// O(1) per sample; allocates nothing after init.
struct ReferenceLRA: ReferenceActuator {
    let profile: LRAProfile
    private let sets: LRACoefficientSets
    private let lowZHoldSamples: Int
    private let guardDesign: ExcursionGuard.Design
    private let slewStep: Double
    private let restAmplitudeSquared: Double

    private(set) var x = 0.0, v = 0.0
    private var forcePrevious = 0.0
    private var idleSamples = 0
    private(set) var applied = 0.0
    /// (x, v) before the last `latencySamples + 1` samples, oldest first.
    private var history: [(x: Double, v: Double)]

    init(profile p: LRAProfile, sampleRate: Double) {
        profile = p
        sets = LRACoefficientSets(profile: p, sampleRate: sampleRate)
        lowZHoldSamples = p.lowZHoldSamples(sampleRate: sampleRate)
        slewStep = p.slewPerSample(sampleRate: sampleRate)
        guardDesign = ExcursionGuard.Design(
            profile: p, slewPerSample: slewStep, sampleRate: sampleRate)
        restAmplitudeSquared = p.restAmplitudeSquared
        history = Array(repeating: (0, 0), count: ActuatorFeedback.latencySamples + 1)
    }

    /// What the driver reads before the next sample: the state `latencySamples` samples old.
    var feedback: (x: Double, v: Double) { history[0] }

    /// One sample: guard, clamp, slew, step. Returns the applied volts, the body acceleration
    /// in g and the excursion in m.
    mutating func step(drive: Double) -> (volts: Double, acceleration: Double, excursion: Double) {
        let (fx, fv) = feedback
        let g = guardDesign
        var volts = drive
        if volts * fv > 0 {
            let vw = fv * g.inverseOmega0
            let a = fx * fx + vw * vw
            // The factor leads the slew limit: A² plus what ramping this drive down would add.
            let lead = g.leadGain * min(volts * volts, g.railSquared) * abs(fv)
            let low = g.lowSquared
            let high = g.highSquared
            let factor = min(max((high - (a + lead)) / (high - low), 0), 1)
            // The gate: open from 14.5° of phase after a turning point (ExcursionGuard).
            volts *= 1 - (1 - factor) * min(16 * vw * vw / a, 1)
        }
        volts = min(max(volts, -profile.voltageClamp), profile.voltageClamp)
        volts = min(max(volts, applied - slewStep), applied + slewStep)
        applied = volts

        idleSamples = volts != 0 ? 0 : min(idleSamples + 1, lowZHoldSamples)
        let highImpedance = idleSamples >= lowZHoldSamples
        let side: Double = x > profile.maxExcursion ? 1 : (x < -profile.maxExcursion ? -1 : 0)
        let c =
            side == 0
            ? (highImpedance ? sets.hiZ : sets.lowZ)
            : (highImpedance ? sets.hiZContact : sets.lowZContact)
        let force = c.forcePerVolt * volts + side * c.stopForce
        let inputs = force + forcePrevious
        let x1 = c.m11 * x + c.m12 * v + c.b1 * inputs
        let v1 = c.m21 * x + c.m22 * v + c.b2 * inputs
        forcePrevious = force
        x = x1
        v = v1
        let acceleration = c.gF * force + c.gx * x1 + c.gv * v1
        if volts == 0
            && x * x + (v * g.inverseOmega0) * (v * g.inverseOmega0) < restAmplitudeSquared
        {
            x = 0
            v = 0
        }
        history.removeFirst()
        history.append((x, v))
        return (volts, acceleration, x1)
    }

    /// Back to rest, low-Z.
    mutating func reset() {
        x = 0
        v = 0
        forcePrevious = 0
        idleSamples = 0
        applied = 0
        for i in history.indices { history[i] = (0, 0) }
    }
}
