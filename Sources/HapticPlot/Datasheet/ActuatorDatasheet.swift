import FoundationEssentials
import HapticPattern
import HapticRender

/// An actuator profile's datasheet, *measured on the library's own model*: what the renderer
/// will do with this actuator, not what the profile's numbers say it should do.
///
/// Every kind's sheet has:
/// - **Transients across sharpness**: one `HapticTransient` (intensity 1) per sharpness,
///   scheduled by `Scheduler` and rendered by `PatternRenderer` — the complete driver with
///   overdrive, brake and slew limit — measured as peak |g| and the time the acceleration
///   spends above −20 dB of that peak (first to last such sample): the click duration.
/// - **Sharpness band**: the `DriveMapping` band and sharpness → drive frequency.
///
/// and the measurements of its kind: an LRA's frequency, impulse and step responses
/// (``LRADatasheet``), an ERM's steady response, spin-up and stop (``ERMDatasheet``). The JSON
/// is one flat object: the kind's keys beside the common ones.
///
/// Cost: ≈ 2 M model steps (≈ 0.1 s in a release build). Deterministic.
public struct ActuatorDatasheet: Sendable, Equatable {
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
    /// The kind's name in a profile file ("lra").
    public var kind: String
    public var sampleRate: Double
    /// The sharpness band: continuous drive frequencies at sharpness 0 and 1, Hz.
    public var sharpnessBandLowHz: Double
    public var sharpnessBandHighHz: Double
    /// The strongest sensation level the band reaches, dB SL (intensity 1).
    public var maxSensationLevelDB: Double
    public var voltageClamp: Double
    public var fullScaleG: Double
    public var sharpness: [SharpnessPoint]
    public var transients: [Transient]
    /// An LRA's measurements (nil for another kind).
    public var lra: LRADatasheet?
    /// An ERM's measurements (nil for another kind).
    public var erm: ERMDatasheet?

    /// Measures `profile` at `sampleRate`. Throws what `PatternRenderer` throws for an
    /// invalid profile.
    public init(
        profile: ActuatorProfile, sampleRate: Double = 48_000,
        sharpnessMapping: SharpnessMapping = .android
    ) throws(RenderError) {
        do { try profile.validate(sampleRate: sampleRate) } catch {
            throw .invalidActuator(error.description)
        }
        actuator = profile.name
        kind = profile.fileKind.kind
        self.sampleRate = sampleRate
        voltageClamp = profile.voltageClamp
        fullScaleG = profile.fullScaleG
        let mapping = DriveMapping(profile: profile, sharpness: sharpnessMapping)
        switch profile {
        case .lra(let p): lra = LRADatasheet(profile: p, sampleRate: sampleRate)
        case .erm(let p): erm = ERMDatasheet(profile: p, sampleRate: sampleRate, mapping: mapping)
        }

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

extension ActuatorDatasheet: Codable {
    private enum CodingKeys: String, CodingKey {
        case actuator, kind, sampleRate, sharpnessBandLowHz, sharpnessBandHighHz,
            maxSensationLevelDB, voltageClamp, fullScaleG, sharpness, transients
    }

    /// One flat object: the common keys and the kind's (``LRADatasheet``'s, ``ERMDatasheet``'s).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(actuator, forKey: .actuator)
        try c.encode(kind, forKey: .kind)
        try c.encode(sampleRate, forKey: .sampleRate)
        try c.encode(sharpnessBandLowHz, forKey: .sharpnessBandLowHz)
        try c.encode(sharpnessBandHighHz, forKey: .sharpnessBandHighHz)
        try c.encode(maxSensationLevelDB, forKey: .maxSensationLevelDB)
        try c.encode(voltageClamp, forKey: .voltageClamp)
        try c.encode(fullScaleG, forKey: .fullScaleG)
        try c.encode(sharpness, forKey: .sharpness)
        try c.encode(transients, forKey: .transients)
        try lra?.encode(to: encoder)
        try erm?.encode(to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        actuator = try c.decode(String.self, forKey: .actuator)
        kind = try c.decode(String.self, forKey: .kind)
        sampleRate = try c.decode(Double.self, forKey: .sampleRate)
        sharpnessBandLowHz = try c.decode(Double.self, forKey: .sharpnessBandLowHz)
        sharpnessBandHighHz = try c.decode(Double.self, forKey: .sharpnessBandHighHz)
        maxSensationLevelDB = try c.decode(Double.self, forKey: .maxSensationLevelDB)
        voltageClamp = try c.decode(Double.self, forKey: .voltageClamp)
        fullScaleG = try c.decode(Double.self, forKey: .fullScaleG)
        sharpness = try c.decode([SharpnessPoint].self, forKey: .sharpness)
        transients = try c.decode([Transient].self, forKey: .transients)
        lra = kind == "lra" ? try LRADatasheet(from: decoder) : nil
        erm = kind == "erm" ? try ERMDatasheet(from: decoder) : nil
    }
}
