import HapticRender

/// An ERM's part of its ``ActuatorDatasheet``, measured on the model the renderer runs
/// (`ERMModel`: the speed loop, the clamps and the motor):
///
/// - **Steady response**: the motor alone (open loop) held at each drive voltage for 8 τ, then
///   its vibration frequency (from the zero crossings of the acceleration over 0.1 s) and peak
///   acceleration, beside the closed form g_R·(K·V)² — frequency and strength tied by one speed.
/// - **Spin-up and stop**: the rated command from rest for 200 ms, then 0 V, through the driver
///   (its loop overdrives to the rail and brakes); and the same with the motor alone (open
///   loop): the times to 90 % of the rated acceleration and back to 10 %.
/// - **Intensity**: the speed, frequency and acceleration each intensity sets.
public struct ERMDatasheet: Codable, Sendable, Equatable {
    /// One steady operating point.
    public struct SteadyPoint: Codable, Sendable, Equatable {
        public var volts: Double
        /// Measured vibration (rotation) frequency, Hz.
        public var hz: Double
        /// Measured peak |acceleration|, g.
        public var g: Double
        /// The closed form g_R·(K·V)², g.
        public var closedFormG: Double
    }

    /// What one intensity does on a steady continuous event (any sharpness).
    public struct IntensityPoint: Codable, Sendable, Equatable {
        public var intensity: Double
        public var volts: Double
        public var hz: Double
        public var g: Double
    }

    public var ratedVoltage: Double
    public var ratedSpeedHz: Double
    /// The mechanical time constant τ, ms.
    public var timeConstantMs: Double
    /// Vibration frequency per volt, Hz/V (K/2π).
    public var hzPerVolt: Double
    /// Measured steady acceleration at the rated voltage, g.
    public var ratedG: Double
    /// From rest to 90 % of the rated acceleration: through the driver (measured), the driver's
    /// closed form (`ERMProfile.spinUpSeconds`), and the motor alone at the rated voltage, ms.
    public var spinUpMs: Double
    public var spinUpTheoryMs: Double
    public var openLoopRiseMs: Double
    /// From the end of the rated drive to 10 % of the acceleration: braked by the driver, and
    /// the motor alone at 0 V, ms.
    public var stopMs: Double
    public var openLoopStopMs: Double
    public var eccentricityMm: Double
    public var steadyResponse: [SteadyPoint]
    /// Body acceleration of the spin-up and braked stop through the driver (rated command for
    /// 200 ms from rest, then 0), g.
    public var spinUp: ActuatorDatasheet.TimeSeries
    public var intensity: [IntensityPoint]

    /// Measures `profile` (validated) at `sampleRate`; `mapping` gives the intensity law.
    init(profile p: ERMProfile, sampleRate: Double, mapping: DriveMapping) {
        ratedVoltage = p.ratedVoltage
        ratedSpeedHz = p.ratedSpeedHz
        timeConstantMs = 1000 * p.timeConstant
        hzPerVolt = p.speedPerVolt / (2 * Double.pi)
        eccentricityMm = 1000 * p.eccentricity
        spinUpTheoryMs = 1000 * p.spinUpSeconds
        let rate = sampleRate
        steadyResponse = (1...12).map { i in
            let volts = p.voltageClamp * Double(i) / 12
            let (hz, g) = Self.steady(p, volts: volts, sampleRate: rate)
            return SteadyPoint(
                volts: volts, hz: hz, g: g, closedFormG: p.steadyAcceleration(volts: volts))
        }
        ratedG = Self.steady(p, volts: p.ratedVoltage, sampleRate: rate).g

        let on = Int(0.2 * rate)
        let total = Int(0.4 * rate)
        var driven = ERMModel(profile: p, sampleRate: rate)
        let closed = (0..<total).map {
            driven.step(command: $0 < on ? p.ratedVoltage : 0).acceleration
        }
        var open = ERMModel(profile: p, sampleRate: rate, openLoop: true)
        let plain = (0..<total).map {
            open.step(command: $0 < on ? p.ratedVoltage : 0).acceleration
        }
        let rated = p.steadyAcceleration(volts: p.ratedVoltage)
        let window = Int((rate / p.ratedSpeedHz).rounded(.up))  // one rotation at rated speed
        (spinUpMs, stopMs) = Self.times(closed, rated: rated, on: on, window: window, rate: rate)
        (openLoopRiseMs, openLoopStopMs) = Self.times(
            plain, rated: rated, on: on, window: window, rate: rate)
        let every = max(1, Int((rate / 10_000).rounded()))
        spinUp = ActuatorDatasheet.TimeSeries(
            intervalMs: 1000 * Double(every) / rate,
            values: stride(from: 0, to: total, by: every).map { closed[$0] })
        intensity = (0...10).map { i in
            let level = Double(i) / 10
            let volts = mapping.evaluate(sharpness: 0, intensity: level).volts
            return IntensityPoint(
                intensity: level, volts: volts, hz: p.vibrationHz(volts: volts),
                g: p.steadyAcceleration(volts: volts))
        }
    }

    /// The motor alone held at `volts` for 8 τ, then over 0.1 s: the frequency of the
    /// acceleration's upward zero crossings and its peak.
    static func steady(_ p: ERMProfile, volts: Double, sampleRate: Double) -> (
        hz: Double, g: Double
    ) {
        var m = ERMModel(profile: p, sampleRate: sampleRate, openLoop: true)
        for _ in 0..<Int(8 * p.timeConstant * sampleRate) { _ = m.step(command: volts) }
        var peak = 0.0
        var crossings: [Int] = []
        var last = m.step(command: volts).acceleration
        for n in 0..<Int(0.1 * sampleRate) {
            let a = m.step(command: volts).acceleration
            peak = max(peak, abs(a))
            if last < 0 && a >= 0 { crossings.append(n) }
            last = a
        }
        guard let first = crossings.first, let end = crossings.last, end > first else {
            return (0, peak)
        }
        return (Double(crossings.count - 1) * sampleRate / Double(end - first), peak)
    }

    /// The times (ms) the acceleration's envelope — its largest |value| over one rotation at
    /// rated speed — takes to reach 90 % of `rated` after the drive starts, and to fall below
    /// 10 % of it after the drive ends at sample `on`.
    static func times(
        _ a: [Double], rated: Double, on: Int, window: Int, rate: Double
    ) -> (rise: Double, stop: Double) {
        func envelope(_ n: Int) -> Double {
            a[max(0, n - window + 1)...n].reduce(0) { max($0, abs($1)) }
        }
        let rise = (0..<on).first { envelope($0) >= 0.9 * rated } ?? on
        let stop =
            (on..<a.count).first {
                a[$0..<min(a.count, $0 + window)].allSatisfy { abs($0) < 0.1 * rated }
            } ?? a.count
        return (1000 * Double(rise) / rate, 1000 * Double(stop - on) / rate)
    }
}
