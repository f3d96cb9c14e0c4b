/// The ERM and its driver, one sample at a time in Double with libm's sine and cosine: the
/// readable definition ``ERMModel`` is checked against (docs/physics.md, Eccentric rotating
/// mass, ERM driver).
///
/// Per sample n, with the summed voice drive c (the speed loop's command, V):
/// 1. **speed loop** on the speed ``ActuatorFeedback/latencySamples`` samples old:
///    `V = c + G·(c − ω/K)`, with G times the brake factor where the motor runs faster than
///    asked;
/// 2. **rail clamp** to ±V_clamp; 3. **slew limit** of V_clamp·2π·300 Hz/fs per sample;
/// 4. **motor** by the trapezoidal rule: `ω' = a·ω + b·(V + V_prev)` for τ·ω̇ = K·V − ω
///    (`a = (1 − h)/(1 + h)`, `b = K·h/(1 + h)`, h = T/(2τ)), `θ' = θ + (ω + ω')·T/2`;
/// 5. **acceleration** `loc·m·r/(M + m)·(ω'²·cos θ' + ω̇·sin θ')/g` with ω̇ = (K·V − ω')/τ, and
///    the excursion r·cos θ';
/// 6. **rest**: a zero command with |ω'| below 2⁻²⁴ of the rated speed sets ω, θ, the drive
///    and the history to zero.
/// O(1) per sample; allocates nothing after init.
struct ReferenceERM: ReferenceActuator {
    let profile: ERMProfile
    private let sampleRate: Double
    private let slewStep: Double

    private var omega = 0.0, theta = 0.0
    private var voltsPrevious = 0.0
    private var applied = 0.0
    /// ω before the last `latencySamples + 1` samples, oldest first.
    private var history: [Double]

    init(profile p: ERMProfile, sampleRate: Double) {
        profile = p
        self.sampleRate = sampleRate
        slewStep = p.slewPerSample(sampleRate: sampleRate)
        history = Array(repeating: 0, count: ActuatorFeedback.latencySamples + 1)
    }

    /// The loop reads the speed; a voice reads it as the velocity, and no excursion.
    var feedback: (x: Double, v: Double) { (0, history[0]) }

    mutating func step(drive c: Double) -> (volts: Double, acceleration: Double, excursion: Double)
    {
        let p = profile
        let k = p.speedPerVolt
        let tau = p.timeConstant
        let error = c - history[0] / k
        var volts = c + p.loopGain * (error < 0 ? p.brakeFactor : 1) * error
        volts = min(max(volts, -p.voltageClamp), p.voltageClamp)
        volts = min(max(volts, applied - slewStep), applied + slewStep)
        applied = volts

        let h = 1 / (2 * tau * sampleRate)
        let w = (1 - h) / (1 + h) * omega + k * h / (1 + h) * (volts + voltsPrevious)
        theta += (omega + w) / (2 * sampleRate)
        theta = theta.truncatingRemainder(dividingBy: 2 * Double.pi)
        voltsPrevious = volts
        omega = w
        let rate = (k * volts - w) / tau
        let acceleration =
            p.locationFactor * p.eccentricMass * p.eccentricity
            / ((p.bodyMass + p.eccentricMass) * ActuatorProfile.standardGravity)
            * (w * w * LibM.cos(theta) + rate * LibM.sin(theta))
        let excursion = p.eccentricity * LibM.cos(theta)
        if c == 0 && abs(w) < ActuatorFeedback.restFraction * p.ratedOmega {
            reset()
        } else {
            history.removeFirst()
            history.append(w)
        }
        return (volts, acceleration, excursion)
    }

    /// Back to rest.
    mutating func reset() {
        omega = 0
        theta = 0
        voltsPrevious = 0
        applied = 0
        for i in history.indices { history[i] = 0 }
    }
}
