/// Driver-side excursion protection on the summed drive: the static excursion pre-limiter made
/// closed-loop (docs/physics.md, Output stage).
///
/// Why: the static pre-limiter `V_max(f) = 0.8·x_max/|X/V(f)|` bounds *steady-state* excursion
/// only. Starting a tone off resonance excites the free mode at f0 as well, and the beat
/// overshoots: measured on the trapezoidal model with abrupt full-scale starts, up to 1.31·x_max
/// (iphone) and 1.54·x_max (pixel); 30 ms raised-cosine fades still gave 1.09·x_max (pixel).
/// Smart amplifiers protect excursion in closed loop; this guard emulates that.
///
/// Rule: with the energy amplitude `A = sqrt(x² + (v/ω0)²)` (≥ |x| at all times, and
/// non-increasing with zero drive), a drive sample that *adds* energy (V·v > 0) is scaled by
/// `1 − (1 − f)·g` with `f = clamp((A_hi² − A²)/(A_hi² − A_lo²), 0, 1)` (squared, so no
/// `sqrt`) and the gate `g = min(16·(v/ω0)²/A², 1)`; dissipative samples (braking) pass
/// untouched. The gate opens over the first 14.5° of phase after a turning point (|v|/ω0 =
/// A/4), so the guard is continuous in the state: a hard V·v > 0 switch stepped the drive by
/// up to (1 − f)·V where v changes sign, and a state a rounding away moved that step by a
/// sample. Near a turning point the motion is slow, so the energy a drive adds there
/// (∫V·v dt) is small and the gate costs the guard little.
/// Slew lead: the slew limit after the guard (``ActuatorDriverConfig/slewPerSample``, s volts
/// per sample) takes |V|/s samples to bring a drive V down to zero, and the drive keeps adding
/// energy meanwhile: about ΔA² = F_V·V²·|v|/(s·fs·k) (F_V: force per volt, k: stiffness; half
/// the force on average over the ramp, E = ½·k·A²; V clamped to the rail, as the applied drive
/// is). So the factor `f` reads `A² + ΔA²`, the amplitude the ramp would reach, and the gate
/// the present A². V is the drive asked for, not the one applied on the sample before: that
/// one depends on the factor, and the one-sample loop chatters (period-2 steps in the guarded
/// drive). Without the lead, two rail-level tones at 60 Hz (the unityplugins `Oscillate`
/// sample on `pixel`) ride the ramp into the end stop (1.001·x_max at 48 kHz); with it they
/// peak at 0.914·x_max, and no corpus file passes 0.92·x_max on any preset.
/// Choice: A_lo = 0.85·x_max, A_hi = 0.95·x_max. Measured without the lead (Python, same
/// model): worst excursion 0.93·x_max over 30–300 Hz abrupt starts on all presets;
/// steady-state level loss ≤ 0.9 dB (at ≈195 Hz where the excursion limit binds), 0 dB
/// elsewhere.
/// O(1): about 10 vector operations per group of four samples (the lead, then the factors
/// only where the led amplitude passes A_lo; see ``factors(amplitudeSquared:)``).
struct ExcursionGuard: Sendable, Hashable {
    /// The guard's constants as designed, in Double: the fast guard rounds each to Float once,
    /// the reference engine (``ReferenceLRA``) computes with them in Double — one design for
    /// both engines.
    struct Design: Sendable {
        /// A_lo² and A_hi², m².
        let lowSquared: Double
        let highSquared: Double
        /// 1/ω0, s.
        let inverseOmega0: Double
        /// The slew lead's ΔA² per V²·|v|: F_V/(s·fs·k), m²/(V²·m/s) (0 without a slew limit).
        let leadGain: Double
        /// The rail's V², the largest V² the lead reads.
        let railSquared: Double

        /// The design for `profile` ahead of a slew limit of `slewPerSample` volts per sample
        /// at `sampleRate` (infinite: no slew limit, nothing to lead), with A_lo and A_hi the
        /// given fractions of x_max.
        init(
            profile: LRAProfile, slewPerSample: Double, sampleRate: Double,
            lowFraction: Double = ExcursionGuard.lowFraction,
            highFraction: Double = ExcursionGuard.highFraction
        ) {
            let low = lowFraction * profile.maxExcursion
            let high = highFraction * profile.maxExcursion
            lowSquared = low * low
            highSquared = high * high
            inverseOmega0 = 1 / profile.omega0
            leadGain = profile.forcePerVolt / (slewPerSample * sampleRate * profile.stiffness)
            railSquared = profile.voltageClamp * profile.voltageClamp
        }
    }

    /// A_lo and A_hi as fractions of x_max (the choice of the type's discussion).
    static let lowFraction = 0.85
    static let highFraction = 0.95

    let inverseOmega0: Float
    /// A_lo² and A_hi² in m², and 1/(A_hi² − A_lo²).
    let lowSquared: Float
    let highSquared: Float
    let inverseRange: Float
    /// The slew lead's ΔA² per V²·|v| (see the type's discussion), m²/(V²·m/s); 0 without a
    /// slew limit. And the rail's V², the largest V² the lead reads.
    let leadGain: Float
    let railSquared: Float
    /// The slew limit the guard leads, V per sample (∞: none): the output stage applies it
    /// after the guard and the rail clamp, so the lead and the limit read this one value.
    let slewPerSample: Float

    /// The guard for `profile` ahead of a slew limit of `slewPerSample` volts per sample at
    /// `sampleRate` (infinite: no slew limit, nothing to lead): ``Design`` rounded to Float.
    /// ``LRAOutputStage`` applies that slew limit after the guard and the rail clamp.
    init(
        profile: LRAProfile, slewPerSample: Double = .infinity, sampleRate: Double = 48_000,
        lowFraction: Double = ExcursionGuard.lowFraction,
        highFraction: Double = ExcursionGuard.highFraction
    ) {
        let d = Design(
            profile: profile, slewPerSample: slewPerSample, sampleRate: sampleRate,
            lowFraction: lowFraction, highFraction: highFraction)
        inverseOmega0 = Float(d.inverseOmega0)
        lowSquared = Float(d.lowSquared)
        highSquared = Float(d.highSquared)
        inverseRange = Float(1 / (d.highSquared - d.lowSquared))
        leadGain = Float(d.leadGain)
        railSquared = Float(d.railSquared)
        self.slewPerSample = Float(slewPerSample)
    }

    /// A guard that never acts (A_lo = A_hi = ∞), for ``LRAModel/process(drive:acceleration:)``.
    init(inactive: Void) {
        inverseOmega0 = 0
        lowSquared = .infinity
        highSquared = .infinity
        inverseRange = 0
        leadGain = 0
        railSquared = 0
        slewPerSample = .infinity
    }

    /// The scale `f` for energy-adding drive samples at A² = x² + (v/ω0)² (m²): 1 while
    /// A² ≤ A_lo². The model passes the feedback state (``LRAModel/feedbackState()``); in
    /// Float, as the model's state is. O(1).
    @inline(__always)
    func factor(amplitudeSquared a2: Float) -> Float {
        a2 <= lowSquared ? 1 : max(0, (highSquared - a2) * inverseRange)
    }

    /// ``factor(amplitudeSquared:)`` for four samples at once, lane by lane the same
    /// operations. O(1).
    @inline(__always)
    func factors(amplitudeSquared a2: SIMD4<Float>) -> SIMD4<Float> {
        let zero = SIMD4<Float>(repeating: 0)
        let f = (SIMD4<Float>(repeating: highSquared) - a2) * inverseRange
        return zero.replacing(with: f, where: f .>= zero).replacing(
            with: 1, where: a2 .<= SIMD4<Float>(repeating: lowSquared))
    }

    /// The scale of an energy-adding drive sample: `1 − (1 − f)·min(16·vw²/A², 1)` for the
    /// factor `f` at A² = `a2` and vw = v/ω0 (see the type's Rule). Exactly 1 where `f` is.
    /// O(1).
    @inline(__always)
    func gated(_ f: Float, vw: Float, amplitudeSquared a2: Float) -> Float {
        f == 1 ? 1 : 1 - (1 - f) * min(16 * (vw * vw) / a2, 1)
    }

    /// ``gated(_:vw:amplitudeSquared:)`` for four samples at once, lane by lane the same
    /// operations. O(1).
    @inline(__always)
    func gated(_ f: SIMD4<Float>, vw: SIMD4<Float>, amplitudeSquared a2: SIMD4<Float>)
        -> SIMD4<Float>
    {
        let one = SIMD4<Float>(repeating: 1)
        let gate = (SIMD4<Float>(repeating: 16) * (vw * vw)) / a2
        let scale = one - (one - f) * one.replacing(with: gate, where: gate .< one)
        return scale.replacing(with: one, where: f .== one)
    }

    /// The A² the factor reads for a drive of `volts` at velocity `v` with A² = `a2`: plus
    /// the slew lead, `leadGain·min(V², V_rail²)·|v|`. O(1).
    @inline(__always)
    func ledAmplitudeSquared(_ a2: Float, volts: Float, velocity v: Float) -> Float {
        a2 + leadGain * min(volts * volts, railSquared) * abs(v)
    }

    /// ``ledAmplitudeSquared(_:volts:velocity:)`` for four samples at once, lane by lane the
    /// same operations. O(1).
    @inline(__always)
    func ledAmplitudeSquared(
        _ a2: SIMD4<Float>, volts: SIMD4<Float>, velocity v: SIMD4<Float>
    ) -> SIMD4<Float> {
        let v2 = volts * volts
        let rail = SIMD4<Float>(repeating: railSquared)
        return a2 + SIMD4(repeating: leadGain) * v2.replacing(with: rail, where: rail .< v2)
            * magnitudes(v)
    }

    /// The drive to apply given the model's excursion (m) and velocity (m/s): scaled by
    /// ``gated(_:vw:amplitudeSquared:)``, the factor at the slew-led A²
    /// (``ledAmplitudeSquared(_:volts:velocity:)``), if it adds energy (V·v > 0), else
    /// unchanged. O(1).
    @inline(__always)
    func limit(volts: Float, excursion x: Float, velocity v: Float) -> Float {
        guard volts * v > 0 else { return volts }
        let vw = v * inverseOmega0
        let a2 = x * x + vw * vw
        let f = factor(amplitudeSquared: ledAmplitudeSquared(a2, volts: volts, velocity: v))
        return volts * gated(f, vw: vw, amplitudeSquared: a2)
    }

    /// ``limit(volts:excursion:velocity:)`` for Double quantities (rounded to Float first, as
    /// the model's drive and state are). O(1).
    func limit(volts: Double, excursion x: Double, velocity v: Double) -> Double {
        Double(limit(volts: Float(volts), excursion: Float(x), velocity: Float(v)))
    }
}

/// |v| lane by lane (the sign bit cleared, as `abs` does for one Float). O(1).
@inline(__always)
func magnitudes(_ v: SIMD4<Float>) -> SIMD4<Float> {
    unsafeBitCast(
        unsafeBitCast(v, to: SIMD4<UInt32>.self) & SIMD4(repeating: 0x7fff_ffff),
        to: SIMD4<Float>.self)
}
