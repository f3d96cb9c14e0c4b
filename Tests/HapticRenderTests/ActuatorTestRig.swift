import HapticTestSupport
import Testing

@_spi(Testing) @testable import HapticRender

/// What one simulated run records.
struct ActuatorRun {
    var acceleration: [Double] = []
    var excursion: [Double] = []
    var volts: [Double] = []
    var energy: [Double] = []
}

/// Synthesizer-like harness: drive(n, x, v) → volts, then excursion guard (and, if asked, the
/// rail clamp and slew limit), then the model; the drive and the guard read the model's
/// feedback state, as the renderer's do.
struct ActuatorRig {
    let profile: LRAProfile
    let sampleRate = 48_000.0
    var model: LRAModel
    let mapping: DriveMapping
    let config: ActuatorDriverConfig
    let excursionGuard: ExcursionGuard
    /// The guard that leads the output stage's slew limit (``ExcursionGuard``).
    let ledGuard: ExcursionGuard
    var useGuard = true
    /// Also the renderer's output stage after the guard: the rail clamp and the slew limit
    /// (``ActuatorDriverConfig/slewPerSample``), as ``LRAModel/drive(_:setup:)`` applies them.
    var useOutputStage = false
    private var applied = 0.0

    init(_ profile: LRAProfile, sharpness: SharpnessMapping = .android) {
        self.profile = profile
        model = LRAModel(profile: profile, sampleRate: 48_000)
        mapping = DriveMapping(profile: .lra(profile), sharpness: sharpness)
        config = ActuatorDriverConfig(profile: .lra(profile), sampleRate: 48_000)
        excursionGuard = ExcursionGuard(profile: profile)
        ledGuard = ExcursionGuard(
            profile: profile, slewPerSample: config.slewPerSample, sampleRate: 48_000)
    }

    mutating func run(_ samples: Int, _ drive: (Int, Double, Double) -> Double) -> ActuatorRun {
        var r = ActuatorRun()
        r.acceleration.reserveCapacity(samples)
        for n in 0..<samples {
            let (x, v) = model.feedbackState()
            var volts = drive(n, x, v)
            if useGuard {
                volts = (useOutputStage ? ledGuard : excursionGuard).limit(
                    volts: volts, excursion: x, velocity: v)
            }
            if useOutputStage {
                volts = min(max(volts, -profile.voltageClamp), profile.voltageClamp)
                slew(&applied, toward: volts, step: config.slewPerSample)
                volts = applied
            }
            let s = model.step(volts: volts)
            r.acceleration.append(s.acceleration)
            r.excursion.append(s.excursion)
            r.volts.append(s.volts)
            r.energy.append(model.storedEnergy)
        }
        return r
    }

    /// A sine burst at `hz` with amplitude `volts` for `cycles` cycles, then 0 V.
    static func burst(hz: Double, volts: Double, cycles: Double, sampleRate: Double = 48_000) -> (
        Int, Double, Double
    ) -> Double {
        let length = Int(cycles * sampleRate / hz)
        return { n, _, _ in
            n < length
                ? volts
                    * SineOscillator.sin2pi(
                        (Double(n) * hz / sampleRate).truncatingRemainder(dividingBy: 1)) : 0
        }
    }
}

extension LRAProfile: CustomTestStringConvertible {
    public var testDescription: String { name }
}

extension ActuatorProfile: CustomTestStringConvertible {
    public var testDescription: String { name }
}
