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

/// An LRA's part of its ``ActuatorDatasheet``, measured on ``LRAModel`` held linear (a driver
/// that never goes Hi-Z, drives small enough to stay clear of the end stops):
///
/// - **Frequency response** (g per volt against Hz): the model driven by steady sines, read by
///   a lock-in (sine/cosine correlation over whole cycles after 8 τ of settling), beside the
///   continuous-time closed form of docs/physics.md, Model equations
///   (`LRAProfile.accelerationPerVolt(atHz:)`) and the largest continuous acceleration the
///   driver allows there (FOAM: the rail or 0.8·x_max). The peak, its value and the −3 dB band
///   come from a fine grid around f0 (parabolic peak interpolation).
/// - **Impulse and step response** of the same linear plant.
public struct LRADatasheet: Codable, Sendable, Equatable {
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
    public var maxExcursionMm: Double
    public var frequencyResponse: [ResponsePoint]
    /// Body acceleration after a one-sample drive pulse, g per volt-second.
    public var impulseResponse: ActuatorDatasheet.TimeSeries
    /// Body acceleration after a drive step, g per volt.
    public var stepResponse: ActuatorDatasheet.TimeSeries

    /// Measures `profile` (validated) at `sampleRate`.
    init(profile: LRAProfile, sampleRate: Double) {
        let q = profile.derivedQLowZ
        let f0 = profile.resonanceHz
        resonanceHz = f0
        self.q = q
        qHiZ = profile.qHiZ
        tauMs = 1000 * q / (Double.pi * f0)
        tauHiZMs = 1000 * profile.qHiZ / (Double.pi * f0)
        maxExcursionMm = 1000 * profile.maxExcursion

        let plant = LinearPlant(profile: profile, sampleRate: sampleRate)
        let (coarse, fine) = Self.frequencies(profile: profile, sampleRate: sampleRate)
        let grid = (coarse + fine).sorted()
        frequencyResponse = grid.map { hz in
            ResponsePoint(
                hz: hz, gPerVolt: plant.gPerVolt(atHz: hz),
                closedFormGPerVolt: profile.accelerationPerVolt(atHz: hz),
                maxContinuousG: profile.accelerationPerVolt(atHz: hz)
                    * profile.maxDriveVolts(atHz: hz, excursionMargin: LRAProfile.excursionMargin)
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
    }

    // MARK: - Frequency response

    /// A log grid over 20 Hz…1 kHz (8 points per octave, capped below Nyquist/2) and a fine
    /// linear grid of 41 points over f0·(1 ± 2/Q) for the peak and the −3 dB band.
    static func frequencies(profile: LRAProfile, sampleRate: Double) -> (
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
}

/// The actuator as a linear system (`LRALinearPlant`: a driver that never goes high-impedance,
/// drives small enough to stay clear of the end stops), measured.
struct LinearPlant {
    let profile: LRAProfile
    let sampleRate: Double

    private func model() -> LRALinearPlant {
        LRALinearPlant(profile: profile, sampleRate: sampleRate)
    }

    private var testVolts: Double { model().testVolts }

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
            let a = m.acceleration(volts: volts * sin(phase))
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
            m.acceleration(volts: n == 0 ? volts : 0) * scale
        }
    }

    /// Body acceleration after a drive step, per volt, every ~0.1 ms.
    func stepResponse(samples: Int) -> ActuatorDatasheet.TimeSeries {
        var m = model()
        let volts = testVolts
        return record(samples: samples) { _ in m.acceleration(volts: volts) / volts }
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
