/// One AHAP `HapticTransient` click as a per-sample drive generator (docs/physics.md, Transient
/// recipe).
///
/// Recipe, all choices where the recipe leaves room marked (choice):
/// 1. Carrier (choice): `f_c = f0^(2/3)·f(s)^(1/3)`
///    (``DriveMapping/transientFrequency(sharpness:)``) — the recipe's "pulled toward f0": a 1–2
///    cycle burst far from f0 has little authority.
/// 2. Length (choice): whole half-cycles, 4 (s < ⅓), 3 (s < ⅔) or 2 (s ≥ ⅔) — higher sharpness,
///    fewer cycles (2 → 1 cycle) — and at most the profile's
///    ``ActuatorProfile/transientMaxHalfCycles`` (the `iphone` preset: 1, a single overdriven
///    half-cycle that peaks within one oscillation). Every count ends the sine at zero drive.
/// 3. Amplitude: the excursion budget (docs/physics.md, Driver design rules)
///    `0.8·x_max·k·Re/(π·N·Bl)` for N = half-cycles/2, clamped to V_clamp, times the intensity
///    law's relative amplitude (``DriveMapping/relativeAmplitude(intensity:)``). The budget drive
///    *is* the onset overdrive: it reaches the target excursion in N cycles instead of τ·ln10.
/// 4. Brake: ``ActiveBrake`` with braked Q from 0.8 (s = 0) to 0.5 (s = 1): harder when sharper.
/// 5. Output slew-limited to ``ActuatorDriverConfig/slewPerSample`` so the brake onset and end
///    never step; finished once the brake is done and the output is back at 0 V.
///
/// Mixing rule with other voices (deterministic; the synthesizer passes `othersDriving` = any
/// *other* voice is in a drive phase, i.e. a continuous voice sounding or a transient in its
/// pulse, evaluated on the previous sample): the brake only runs while no other voice drives.
/// If another voice drives when the pulse ends, or starts driving during the brake, the brake
/// is abandoned (slew to 0 V, finished) — it would otherwise fight that voice's drive, and the
/// remaining motion is then owned by that voice (whose own offset brake, or the next
/// transient's, will damp it). Two transients braking at once simply add their feedback
/// (more damping, still stable). A voice's life is thus bounded by pulse + 30 ms + slew.
///
/// All per-sample work is O(1), no allocation, no libm.
package struct TransientDriver: Sendable, Hashable {
    /// `driving` is the pulse.
    var tail: DriverTail
    var oscillator: SineOscillator
    var remainingPulseSamples: Int
    let config: ActuatorDriverConfig
    /// Carrier frequency, Hz.
    package let carrierHz: Double
    /// Sine amplitude of the pulse, V.
    package let amplitude: Double
    /// Pulse length in samples.
    package let pulseSamples: Int

    /// Prepares a click from `mapping`'s tables. O(1).
    package init(
        config: ActuatorDriverConfig, mapping: DriveMapping, sharpness: Double, intensity: Double
    ) {
        self.init(
            config: config, lookup: mapping.lookup, sharpness: sharpness, intensity: intensity)
    }

    /// Prepares a click from a view of the tables (their mapping alive meanwhile). O(1); safe
    /// to call from the render loop, which must not retain the mapping.
    package init(
        config: ActuatorDriverConfig, lookup: DriveLookup, sharpness: Double, intensity: Double
    ) {
        let s = sharpness >= 0 ? min(sharpness, 1) : 0
        self.config = config
        let fc = lookup.transientFrequency(sharpness: s)
        carrierHz = fc
        if let pulse = config.clickPulse {
            amplitude = pulse.volts * lookup.relativeAmplitude(intensity: intensity)
            let seconds = pulse.softSeconds + s * (pulse.hardSeconds - pulse.softSeconds)
            pulseSamples = Int(seconds * config.sampleRate + 0.5)
        } else {
            let halfCycles = min(
                s < 1.0 / 3 ? 4 : (s < 2.0 / 3 ? 3 : 2), config.transientMaxHalfCycles)
            let budget = config.transientVoltsPerCycleBudget * 2 / Double(halfCycles)
            amplitude =
                min(budget, config.voltageClamp) * lookup.relativeAmplitude(intensity: intensity)
            pulseSamples = Int(Double(halfCycles) * config.sampleRate / (2 * fc) + 0.5)
        }
        remainingPulseSamples = pulseSamples
        oscillator = SineOscillator(sampleRate: config.sampleRate, phase: config.carrierPhase)
        tail = DriverTail(
            brakeGain: config.brakeGainSoft + s * (config.brakeGainHard - config.brakeGainSoft))
        if amplitude == 0 { tail.phase = .finished }
    }

    /// True once the click (pulse, brake, return to 0 V) is over;
    /// ``drive(velocity:excursion:othersDriving:)`` then returns 0.
    @inline(__always) package var isFinished: Bool {
        if case .finished = tail.phase { true } else { false }
    }
    /// True during the pulse (the part other voices' brakes must not fight).
    @inline(__always) package var isDriving: Bool {
        if case .driving = tail.phase { true } else { false }
    }
    /// True while braking.
    @inline(__always) var isBraking: Bool { tail.phase == .brake }

    /// Next drive sample in volts, given the actuator's current velocity (m/s) and excursion (m).
    package mutating func drive(velocity: Double, excursion: Double, othersDriving: Bool) -> Double
    {
        switch tail.phase {
        case .driving:
            let output = carrierSample(
                volts: amplitude, sine: oscillator.next(hz: carrierHz), output: &tail.output,
                slewStep: config.slewPerSample)
            remainingPulseSamples -= 1
            if remainingPulseSamples <= 0 { tail.endDriving(othersDriving: othersDriving) }
            return output
        case .brake, .release:
            let target = tail.target(
                othersDriving: othersDriving, velocity: velocity, excursion: excursion,
                config: config)
            return tail.settle(toward: target, config: config)
        case .finished:
            return 0
        }
    }

    /// How many of the next samples the driver drives *after* (``isDriving`` once each has been
    /// rendered): the pulse but its last sample. The mixing rule counts these. O(1).
    var drivingSamplesAhead: Int { isDriving ? max(remainingPulseSamples &- 1, 0) : 0 }

    /// How many of the next samples read neither the actuator nor `othersDriving`: the pulse but
    /// its last sample (which chooses brake or release), none while braking, all once released.
    /// O(1).
    var independentSamplesAhead: Int {
        switch tail.phase {
        case .driving: max(remainingPulseSamples &- 1, 0)
        case .brake: 0
        case .release, .finished: .max
        }
    }

    /// Adds the next `count` samples — at most ``independentSamplesAhead`` — to `sum[0 ..< count]`:
    /// the samples ``drive(velocity:excursion:othersDriving:)`` returns, which read neither
    /// input there. The pulse runs with its oscillator and output in locals. O(count).
    mutating func addIndependent(count: Int, into sum: UnsafeMutablePointer<Double>) {
        guard isDriving else {
            for k in 0..<count { sum[k] += drive(velocity: 0, excursion: 0, othersDriving: false) }
            return
        }
        var wave = oscillator
        var output = tail.output
        let a = amplitude
        let hz = carrierHz
        let step = config.slewPerSample
        for k in 0..<count {
            sum[k] += carrierSample(
                volts: a, sine: wave.next(hz: hz), output: &output, slewStep: step)
        }
        oscillator = wave
        tail.output = output
        remainingPulseSamples &-= count
    }
}
