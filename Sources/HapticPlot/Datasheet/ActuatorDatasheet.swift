import FoundationEssentials
import HapticPattern
import HapticRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An actuator profile's datasheet, *measured on the library's own model*: what the renderer
/// will do with this actuator, not what the profile's numbers say it should do.
///
/// - **Frequency response** (g per volt against Hz): the discrete-time `LRAModel` driven by
///   steady sines with a low-Z driver, read by a lock-in (sine/cosine correlation over whole
///   cycles after 8 τ of settling), beside the continuous-time closed form of docs/physics.md,
///   Model equations (`ActuatorProfile.accelerationPerVolt(atHz:)`) and the largest continuous
///   acceleration the driver allows there (FOAM: the rail or 0.8·x_max). The peak, its value
///   and the −3 dB band come from a fine grid around f0 (parabolic peak interpolation).
/// - **Impulse and step response** of the same linear plant (low-Z, below the end stops).
/// - **Transients across sharpness**: one `HapticTransient` (intensity 1) per sharpness,
///   scheduled by `Scheduler` and rendered by `PatternRenderer` — the complete driver with
///   overdrive, brake and slew limit — measured as peak |g| and the time the acceleration
///   spends above −20 dB of that peak (first to last such sample): the click duration.
/// - **Sharpness band**: the `DriveMapping` band and sharpness → drive frequency.
///
/// Cost: ≈ 2 M model steps (≈ 0.1 s in a release build). Deterministic.
public struct ActuatorDatasheet: Codable, Sendable, Equatable {
    /// One point of a frequency response.
    public struct ResponsePoint: Codable, Sendable, Equatable {
        public var hz: Double
        /// Measured on the simulated model, body acceleration per drive volt.
        public var gPerVolt: Double
        /// The continuous-time closed form (docs/physics.md, Model equations) at the same
        /// frequency.
        public var closedFormGPerVolt: Double
        /// The largest steady acceleration the driver produces here (rail or 0.8·x_max), g.
        public var maxContinuousG: Double
    }

    /// A signal sampled every `intervalMs`.
    public struct TimeSeries: Codable, Sendable, Equatable {
        public var intervalMs: Double
        public var values: [Double]
    }

    /// One rendered transient (intensity 1).
    public struct Transient: Codable, Sendable, Equatable {
        public var sharpness: Double
        /// The click's carrier frequency, Hz.
        public var carrierHz: Double
        /// The drive pulse's length, ms (the brake follows).
        public var pulseMs: Double
        /// Peak |body acceleration|, g.
        public var peakG: Double
        /// Time above −20 dB of the peak, ms.
        public var durationMs: Double
    }

    /// Sharpness → drive frequency.
    public struct SharpnessPoint: Codable, Sendable, Equatable {
        public var sharpness: Double
        /// Continuous events' drive frequency, Hz.
        public var continuousHz: Double
        /// Transients' carrier frequency, Hz.
        public var transientHz: Double
    }

    public var actuator: String
    public var sampleRate: Double
    /// f0, Hz (in situ).
    public var resonanceHz: Double
    /// Q_ts, the quality factor the simulation uses with a low-Z driver (derived from Q_m, Bl, Re).
    public var q: Double
    /// Q_m, with the driver in high impedance.
    public var qHiZ: Double
    /// Amplitude time constant τ = Q/(π·f0) with a low-Z driver, ms.
    public var tauMs: Double
    /// τ with the driver in high impedance, ms.
    public var tauHiZMs: Double
    /// Measured acceleration peak, Hz (theory: f0/√(1 − 1/(2Q²))).
    public var peakHz: Double
    /// Measured g per volt at the peak.
    public var peakGPerVolt: Double
    /// Measured −3 dB band (nil edges when it leaves the measured range), Hz.
    public var halfPowerLowHz: Double?
    public var halfPowerHighHz: Double?
    /// Measured −3 dB bandwidth, Hz (theory ≈ f0/Q).
    public var bandwidthHz: Double?
    /// The sharpness band: continuous drive frequencies at sharpness 0 and 1, Hz.
    public var sharpnessBandLowHz: Double
    public var sharpnessBandHighHz: Double
    /// The strongest sensation level the band reaches, dB SL (intensity 1).
    public var maxSensationLevelDB: Double
    public var voltageClamp: Double
    public var maxExcursionMm: Double
    public var fullScaleG: Double
    public var frequencyResponse: [ResponsePoint]
    /// Body acceleration after a one-sample drive pulse, g per volt-second.
    public var impulseResponse: TimeSeries
    /// Body acceleration after a drive step, g per volt.
    public var stepResponse: TimeSeries
    public var sharpness: [SharpnessPoint]
    public var transients: [Transient]

    /// Measures `profile` at `sampleRate`. Throws what `PatternRenderer` throws for an
    /// invalid profile.
    public init(
        profile: ActuatorProfile, sampleRate: Double = 48_000,
        sharpnessMapping: SharpnessMapping = .android
    ) throws(RenderError) {
        do { try profile.validate(sampleRate: sampleRate) } catch {
            throw .invalidActuator(error.description)
        }
        let q = profile.derivedQLowZ
        let f0 = profile.resonanceHz
        actuator = profile.name
        self.sampleRate = sampleRate
        resonanceHz = f0
        self.q = q
        qHiZ = profile.qHiZ
        tauMs = 1000 * q / (Double.pi * f0)
        tauHiZMs = 1000 * profile.qHiZ / (Double.pi * f0)
        voltageClamp = profile.voltageClamp
        maxExcursionMm = 1000 * profile.maxExcursion
        fullScaleG = profile.fullScaleG

        let plant = LinearPlant(profile: profile, sampleRate: sampleRate)
        let (coarse, fine) = Self.frequencies(profile: profile, sampleRate: sampleRate)
        let grid = (coarse + fine).sorted()
        frequencyResponse = grid.map { hz in
            ResponsePoint(
                hz: hz, gPerVolt: plant.gPerVolt(atHz: hz),
                closedFormGPerVolt: profile.accelerationPerVolt(atHz: hz),
                maxContinuousG: profile.accelerationPerVolt(atHz: hz)
                    * profile.maxDriveVolts(atHz: hz, excursionMargin: DriveMapping.excursionMargin)
            )
        }
        (peakHz, peakGPerVolt) = Self.peak(frequencyResponse, fine: Set(fine))
        let halfPower = peakGPerVolt / 2.0.squareRoot()
        halfPowerLowHz = Self.crossing(
            frequencyResponse, level: halfPower, below: peakHz, upward: true)
        halfPowerHighHz = Self.crossing(
            frequencyResponse, level: halfPower, below: peakHz, upward: false)
        if let lo = halfPowerLowHz, let hi = halfPowerHighHz { bandwidthHz = hi - lo }

        let length = Int((5 * profile.lowZTimeConstant + 0.01) * sampleRate)
        impulseResponse = plant.impulseResponse(samples: length)
        stepResponse = plant.stepResponse(samples: length)

        let mapping = DriveMapping(profile: profile, sharpness: sharpnessMapping)
        sharpnessBandLowHz = mapping.frequency(sharpness: 0)
        sharpnessBandHighHz = mapping.frequency(sharpness: 1)
        maxSensationLevelDB = mapping.maxSensationLevel
        let steps = (0...10).map { Double($0) / 10 }
        sharpness = steps.map {
            SharpnessPoint(
                sharpness: $0, continuousHz: mapping.frequency(sharpness: $0),
                transientHz: mapping.transientFrequency(sharpness: $0))
        }
        let config = ActuatorDriverConfig(profile: profile, sampleRate: sampleRate)
        var transients: [Transient] = []
        for s in steps {
            let driver = TransientDriver(
                config: config, mapping: mapping, sharpness: s, intensity: 1)
            let (peak, duration) = try Self.renderTransient(
                profile: profile, sampleRate: sampleRate,
                sharpness: s, mapping: sharpnessMapping)
            transients.append(
                Transient(
                    sharpness: s, carrierHz: driver.carrierHz,
                    pulseMs: 1000 * Double(driver.pulseSamples) / sampleRate,
                    peakG: peak, durationMs: duration))
        }
        self.transients = transients
    }

    // MARK: - Frequency response

    /// A log grid over 20 Hz…1 kHz (8 points per octave, capped below Nyquist/2) and a fine
    /// linear grid of 41 points over f0·(1 ± 2/Q) for the peak and the −3 dB band.
    static func frequencies(profile: ActuatorProfile, sampleRate: Double) -> (
        coarse: [Double], fine: [Double]
    ) {
        let top = min(1_000, sampleRate / 4)
        let octaves = log2(top / 20)
        let count = Int((octaves * 8).rounded(.up))
        let coarse = (0...count).map { 20 * exp2(octaves * Double($0) / Double(count)) }
        let span = min(0.9, 2 / profile.derivedQLowZ)
        let fine = (-20...20).map { profile.resonanceHz * (1 + span * Double($0) / 20) }
        return (coarse, fine)
    }

    /// The largest fine-grid point refined by a parabola through it and its neighbours.
    static func peak(_ response: [ResponsePoint], fine: Set<Double>) -> (
        hz: Double, gPerVolt: Double
    ) {
        let candidates = response.indices.filter { fine.contains(response[$0].hz) }
        guard let i = candidates.max(by: { response[$0].gPerVolt < response[$1].gPerVolt }) else {
            return (0, 0)
        }
        guard i > 0, i + 1 < response.count else { return (response[i].hz, response[i].gPerVolt) }
        let (x0, x1, x2) = (response[i - 1].hz, response[i].hz, response[i + 1].hz)
        let (y0, y1, y2) = (
            response[i - 1].gPerVolt, response[i].gPerVolt, response[i + 1].gPerVolt
        )
        // Vertex of the parabola through three (possibly unevenly spaced) points.
        let d = (x0 - x1) * (x0 - x2) * (x1 - x2)
        let a = (x2 * (y1 - y0) + x1 * (y0 - y2) + x0 * (y2 - y1)) / d
        let b = (x2 * x2 * (y0 - y1) + x1 * x1 * (y2 - y0) + x0 * x0 * (y1 - y2)) / d
        guard a < 0 else { return (x1, y1) }
        let hz = min(x2, max(x0, -b / (2 * a)))
        let c = y1 - a * x1 * x1 - b * x1
        return (hz, a * hz * hz + b * hz + c)
    }

    /// Where the response crosses `level` nearest the peak on its low (`upward`) or high
    /// side, by linear interpolation; nil when it stays above within the grid.
    static func crossing(
        _ response: [ResponsePoint], level: Double, below peakHz: Double, upward: Bool
    ) -> Double? {
        let indices = upward ? Array(response.indices.reversed()) : Array(response.indices)
        var previous: ResponsePoint?
        for i in indices {
            let p = response[i]
            guard upward ? p.hz <= peakHz : p.hz >= peakHz else { continue }
            if let q = previous, q.gPerVolt >= level, p.gPerVolt < level {
                return p.hz + (q.hz - p.hz) * (level - p.gPerVolt) / (q.gPerVolt - p.gPerVolt)
            }
            previous = p
        }
        return nil
    }

    // MARK: - Transients

    /// Renders one transient and measures peak |g| and the time above −20 dB of it (ms).
    static func renderTransient(
        profile: ActuatorProfile, sampleRate: Double, sharpness: Double,
        mapping: SharpnessMapping
    ) throws(RenderError) -> (peakG: Double, durationMs: Double) {
        var parameters = EventParameters()
        parameters.hapticIntensity = 1
        parameters.hapticSharpness = sharpness
        let pattern = HapticPattern(events: [
            HapticEvent(type: .hapticTransient, time: 0, parameters: parameters)
        ])
        let timeline = Scheduler(sampleRate: sampleRate).schedule(pattern).timeline
        var renderer = try PatternRenderer(
            timeline: timeline,
            configuration: RenderConfiguration(
                sampleRate: sampleRate, channels: [.acceleration],
                actuator: profile, sharpnessMapping: mapping))
        var g: [Double] = []
        var block = [Float](repeating: 0, count: 4_096)
        while !renderer.isFinished {
            let n = block.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
            for i in 0..<n { g.append(Double(block[i]) * profile.fullScaleG) }
        }
        let peak = g.reduce(0) { max($0, abs($1)) }
        guard peak > 0,
            let first = g.firstIndex(where: { abs($0) >= peak / 10 }),
            let last = g.lastIndex(where: { abs($0) >= peak / 10 })
        else { return (0, 0) }
        return (peak, 1000 * Double(last - first + 1) / sampleRate)
    }
}

/// The actuator as a linear system: `LRAModel` with a driver that never goes high-impedance
/// and drives small enough to stay clear of the end stops.
struct LinearPlant {
    let profile: ActuatorProfile
    let sampleRate: Double

    private func model() -> LRAModel {
        // A hold of 10⁶ τ keeps the driver low-Z through every zero-volt sample.
        LRAModel(profile: profile, sampleRate: sampleRate, lowZHoldTimeConstants: 1e6)
    }

    /// Volts that keep the steady excursion at a quarter of x_max even at resonance.
    private var testVolts: Double {
        min(
            profile.voltageClamp,
            0.25 * profile.maxExcursion / profile.excursionPerVolt(atHz: profile.resonanceHz))
    }

    /// Steady-state |acceleration|/|volts| at `hz`: 8 τ of settling (transient e⁻⁸ ≈ 3e-4),
    /// then a lock-in over whole cycles (≥ 4 cycles and ≥ 0.1 s). O(τ + 0.1 s) steps.
    func gPerVolt(atHz hz: Double) -> Double {
        var m = model()
        let volts = testVolts
        let w = 2 * Double.pi * hz / sampleRate
        let settle = Int(8 * profile.lowZTimeConstant * sampleRate)
        let cycles = max(4, (0.1 * hz).rounded(.up))
        let measured = Int((cycles * sampleRate / hz).rounded())
        var inPhase = 0.0
        var quadrature = 0.0
        for n in 0..<(settle + measured) {
            let phase = w * Double(n)
            let a = m.step(volts: volts * sin(phase)).acceleration
            if n >= settle {
                inPhase += a * sin(phase)
                quadrature += a * cos(phase)
            }
        }
        return 2 * (inPhase * inPhase + quadrature * quadrature).squareRoot() / Double(measured)
            / volts
    }

    /// Body acceleration after a one-sample pulse, per volt-second, every ~0.1 ms.
    func impulseResponse(samples: Int) -> ActuatorDatasheet.TimeSeries {
        var m = model()
        let volts = testVolts
        let scale = sampleRate / volts
        return record(samples: samples) { n in
            m.step(volts: n == 0 ? volts : 0).acceleration * scale
        }
    }

    /// Body acceleration after a drive step, per volt, every ~0.1 ms.
    func stepResponse(samples: Int) -> ActuatorDatasheet.TimeSeries {
        var m = model()
        let volts = testVolts
        return record(samples: samples) { _ in m.step(volts: volts).acceleration / volts }
    }

    private func record(samples: Int, _ next: (Int) -> Double) -> ActuatorDatasheet.TimeSeries {
        let every = max(1, Int((sampleRate / 10_000).rounded()))
        var values: [Double] = []
        values.reserveCapacity(samples / every + 1)
        for n in 0..<samples {
            let v = next(n)
            if n % every == 0 { values.append(v) }
        }
        return ActuatorDatasheet.TimeSeries(
            intervalMs: 1000 * Double(every) / sampleRate, values: values)
    }
}
