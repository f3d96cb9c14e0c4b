/// The actuator and its driver's output stage, one sample at a time in Double: the readable
/// definition that ``LRAModel``'s block kernel is checked against.
///
/// Per sample n, with the summed voice drive `V`:
/// 1. **excursion guard** on the state 3 samples old (``ActuatorFeedback/latencySamples``):
///    a drive that adds energy (`V·v > 0`) is scaled by `1 − (1 − f)·min(16·(v/ω0)²/A², 1)`
///    with `f = clamp((A_hi² − A_p²)/(A_hi² − A_lo²), 0, 1)` — continuous in the state, the
///    gate opening over 14.5° of phase after a turning point; `A_p² = A² + F_V·V²·|v|/(s·fs·k)`
///    (V at most the rail), the amplitude that the slew limit's ramp from V down to 0 V would
///    reach (``ExcursionGuard``);
/// 2. **rail clamp** to ±V_clamp;
/// 3. **slew limit**: the applied drive moves by at most `V_clamp·2π·f_max/fs` per sample, so
///    no sum of voices, guard gate or brake onset steps the drive;
/// 4. **driver state**: a non-zero drive is low-Z; after ``LRAModel/lowZHoldSamples`` zero
///    samples the outputs open (Hi-Z, damping c_m only);
/// 5. **trapezoidal step** (docs/physics.md, Discrete-time model) with the free or end-stop contact
///    set (contact while |x| > x_max before the step);
/// 6. **rest**: a zero-drive sample that leaves `A² = x² + (v/ω0)²` below
///    ``ActuatorProfile/restAmplitudeSquared`` sets x = v = 0.
/// O(1) per sample; allocates nothing after init.
struct ReferenceActuator {
    let profile: ActuatorProfile
    private let lowZ: LRACoefficients, hiZ: LRACoefficients
    private let lowZContact: LRACoefficients, hiZContact: LRACoefficients
    private let lowZHoldSamples: Int
    private let guardLow: Double, guardHigh: Double, inverseOmega0: Double
    private let slewStep: Double
    /// The slew lead's ΔA² per V²·|v| (``ExcursionGuard``).
    private let leadGain: Double
    private let restAmplitudeSquared: Double

    private(set) var x = 0.0, v = 0.0
    private var forcePrevious = 0.0
    private var idleSamples = 0
    private(set) var applied = 0.0
    /// (x, v) before the last `latencySamples + 1` samples, oldest first.
    private var history: [(x: Double, v: Double)]

    init(profile p: ActuatorProfile, sampleRate: Double) {
        profile = p
        let mu = p.reducedMass
        let k = p.stiffness
        let ks = p.endStopStiffness
        let stop = ks * p.maxExcursion
        func set(
            _ stiffness: Double, _ damping: Double, _ forcePerVolt: Double, _ stopForce: Double
        ) -> LRACoefficients {
            LRACoefficients(
                reducedMass: mu, stiffness: stiffness, damping: damping, sampleRate: sampleRate,
                forcePerVolt: forcePerVolt, stopForce: stopForce, location: p.locationFactor,
                bodyMass: p.bodyMass)
        }
        lowZ = set(k, p.lowZDamping, p.forcePerVolt, 0)
        hiZ = set(k, p.mechanicalDamping, 0, 0)
        lowZContact = set(k + ks, p.lowZDamping, p.forcePerVolt, stop)
        hiZContact = set(k + ks, p.mechanicalDamping, 0, stop)
        lowZHoldSamples = LRAModel(profile: p, sampleRate: sampleRate).lowZHoldSamples
        guardLow = 0.85 * p.maxExcursion
        guardHigh = 0.95 * p.maxExcursion
        inverseOmega0 = 1 / p.omega0
        slewStep = ActuatorDriverConfig(profile: p, sampleRate: sampleRate).slewPerSample
        leadGain = p.forcePerVolt / (slewStep * sampleRate * p.stiffness)
        restAmplitudeSquared = p.restAmplitudeSquared
        history = Array(repeating: (0, 0), count: ActuatorFeedback.latencySamples + 1)
    }

    /// What the driver reads before the next sample: the state `latencySamples` samples old.
    var feedback: (x: Double, v: Double) { history[0] }

    /// One sample: guard, clamp, slew, step. Returns the applied volts, the body acceleration
    /// in g and the excursion in m.
    mutating func step(drive: Double) -> (volts: Double, acceleration: Double, excursion: Double) {
        let (fx, fv) = feedback
        var volts = drive
        if volts * fv > 0 {
            let vw = fv * inverseOmega0
            let a = fx * fx + vw * vw
            // The factor leads the slew limit: A² plus what ramping this drive down would add.
            let lead =
                leadGain * min(volts * volts, profile.voltageClamp * profile.voltageClamp) * abs(fv)
            let low = guardLow * guardLow
            let high = guardHigh * guardHigh
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
            side == 0 ? (highImpedance ? hiZ : lowZ) : (highImpedance ? hiZContact : lowZContact)
        let force = c.forcePerVolt * volts + side * c.stopForce
        let inputs = force + forcePrevious
        let x1 = c.m11 * x + c.m12 * v + c.b1 * inputs
        let v1 = c.m21 * x + c.m22 * v + c.b2 * inputs
        forcePrevious = force
        x = x1
        v = v1
        let acceleration = c.gF * force + c.gx * x1 + c.gv * v1
        if volts == 0 && x * x + (v * inverseOmega0) * (v * inverseOmega0) < restAmplitudeSquared {
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
