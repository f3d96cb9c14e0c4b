import HapticRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Android device an export is made for and its report rendered on: an actuator profile
/// and the two intensity laws that meet on it — the conversions' (Lofelt's: drive ∝
/// intensity², sharpness² linear in Hz) and Android's envelope law (AOSP
/// `BasicToPwleSegmentAdapter`: intensity linear in sensation level, sharpness linear in Hz
/// over the band where the actuator reaches 10 dB SL; docs/formats.md, "Android's envelope
/// rule and its inverse").
public struct AndroidDevice: Sendable {
    public let profile: ActuatorProfile
    /// The conversions' law on this actuator (the report renders with it).
    let squareLaw: DriveMapping
    /// `BasicEnvelopeBuilder`'s law on this actuator.
    let envelopeLaw: DriveMapping
    /// Per sharpness (``ratioTableSize`` entries over 0…1), the actuator's largest steady
    /// acceleration there over its largest at the resonance: what a waveform, which plays at
    /// the resonance, scales the square law's drive by to give the same acceleration. All 1
    /// for an actuator without a resonance model.
    private let resonanceRatios: [Double]

    public init(profile: ActuatorProfile = .pixel) {
        self.profile = profile
        let squareLaw = DriveMapping(profile: profile, sharpness: .lofelt, intensity: .squareLaw)
        self.squareLaw = squareLaw
        envelopeLaw = DriveMapping(
            profile: profile, sharpness: .android, intensity: .sensationLevel)
        let n = Self.ratioTableSize
        if let lra = profile.lra {
            func fullScale(_ s: Double) -> Double {
                let p = squareLaw.evaluate(sharpness: s, intensity: 1)
                return p.volts * lra.accelerationPerVolt(atHz: p.hz)
            }
            let atResonance = fullScale(Self.resonanceSharpness(squareLaw, profile))
            resonanceRatios = (0..<n).map {
                atResonance > 0 ? fullScale(Double($0) / Double(n - 1)) / atResonance : 1
            }
        } else {
            resonanceRatios = [Double](repeating: 1, count: n)
        }
    }

    /// The weakest acceleration felt on this actuator, as the report's envelopes measure it
    /// (RMS, in the render's full scale): the perception threshold where it is lowest across
    /// the actuator's band, a sine's RMS (amplitude ÷ √2). Below it nothing is felt, so the
    /// report's felt level error holds both envelopes at it from below.
    public var feltFloor: Double {
        let lo = squareLaw.bandLowHz
        let hi = squareLaw.bandHighHz
        let lowest =
            stride(from: lo, through: hi, by: 1).map {
                PerceptualThreshold.thresholdDB(atHz: $0)
            }.min() ?? PerceptualThreshold.thresholdDB(atHz: lo)
        return pow(10, lowest / 20) / 2.0.squareRoot() / profile.fullScaleG
    }

    /// A Pixel-class device (the `pixel` preset).
    public static let pixel = AndroidDevice()

    /// Entries of the resonance-ratio table (lerp error far below a waveform's 1/255 step).
    static let ratioTableSize = 257

    /// The smallest positive envelope intensity the export writes (four decimals): Android
    /// plays it at the perception threshold (0 dB SL), the weakest it plays anything.
    public static let leastEnvelopeIntensity = 0.0001

    /// The sharpness (Lofelt's law) that drives at the actuator's resonance, where
    /// `createWaveform` and the click primitives play.
    public var resonanceSharpness: Double { Self.resonanceSharpness(squareLaw, profile) }

    private static func resonanceSharpness(_ law: DriveMapping, _ profile: ActuatorProfile)
        -> Double
    {
        let lo = law.bandLowHz
        let hi = law.bandHighHz
        let f0 = profile.lra?.resonanceHz ?? lo
        return (min(max((f0 - lo) / (hi - lo), 0), 1)).squareRoot()
    }

    /// The drive (0…1 of the largest at the resonance, a waveform's amplitude ÷ 255) that
    /// gives the body the acceleration the square law asks of `intensity` at `sharpness`: the
    /// waveform plays at the resonance, so the drive is scaled by how much stronger the
    /// actuator is there than at the asked frequency. Capped at 1. O(1).
    public func resonanceDrive(intensity: Double, sharpness: Double) -> Double {
        let x = min(max(sharpness, 0), 1) * Double(resonanceRatios.count - 1)
        let k = min(Int(x), resonanceRatios.count - 2)
        let ratio =
            resonanceRatios[k] + (resonanceRatios[k + 1] - resonanceRatios[k]) * (x - Double(k))
        return min(intensity * intensity * ratio, 1)
    }

    /// The sensation level, dB above the perception threshold at its frequency, that
    /// `intensity` at `sharpness` drives under the square law (−∞ at 0). O(1).
    public func sensationLevel(intensity: Double, sharpness: Double) -> Double {
        let target = squareLaw.evaluate(sharpness: sharpness, intensity: intensity).volts
        let threshold = thresholdVolts(sharpness: sharpness)
        guard target > 0, threshold > 0 else { return -.infinity }
        return 20 * log10(target / threshold)
    }

    /// The drive at the perception threshold (0 dB SL) at the frequency of `sharpness`
    /// (Lofelt's law): what Android's smallest positive envelope intensity plays.
    private func thresholdVolts(sharpness: Double) -> Double {
        let law = envelopeLaw.lookup
        return law.evaluate(law.column(sharpness: sharpness * sharpness), intensity: 1e-9).volts
    }

    /// The envelope intensity whose playback under Android's rule drives this actuator as hard
    /// as `intensity` does under the square law at `sharpness` (the rule inverted: intensity =
    /// the drive's sensation level ÷ the band's largest, at least ``leastEnvelopeIntensity``;
    /// 1 where the drive is the actuator's limit there). Android plays every positive intensity at least at the
    /// perception threshold, so a drive below it — not felt — is 0, off. Bisection to 1e-6.
    /// O(20).
    public func envelopeIntensity(intensity: Double, sharpness: Double) -> Double {
        let target = squareLaw.evaluate(sharpness: sharpness, intensity: intensity).volts
        // The envelope law at this sharpness, its tables read once for the bisection.
        let law = envelopeLaw.lookup
        let column = law.column(sharpness: sharpness * sharpness)
        func volts(_ x: Double) -> Double { law.evaluate(column, intensity: x).volts }
        // Below the law's least drive (the perception threshold at this frequency): off.
        guard target > 0, target >= volts(1e-9) else { return 0 }
        // At the actuator's limit there (to 0.001 dB: the two laws' tables interpolate their
        // limits differently), or past it: 1. Android plays every intensity from the limit's
        // up alike, and 1 keeps the 20 ms ramp to the final 0 at full drive the longest, as
        // near as an envelope gets to the stop the signal asks.
        if volts(1) <= target * (1 + 1e-4) { return 1 }
        let goal = target
        var lo = 0.0
        var hi = 1.0
        while hi - lo > 1e-6 {
            let mid = (lo + hi) / 2
            if volts(mid) < goal {
                lo = mid
            } else {
                hi = mid
            }
        }
        return max(hi, Self.leastEnvelopeIntensity)
    }

    /// The square-law intensity and sharpness that play an envelope point (Android's rule,
    /// forward: the inverse of ``envelopeIntensity(intensity:sharpness:)`` where the asked drive
    /// is one Android can play). O(1).
    public func squareLawPoint(envelopeIntensity x: Double, envelopeSharpness s: Double) -> (
        intensity: Double, sharpness: Double
    ) {
        let sharpness = min(max(s, 0), 1).squareRoot()
        let volts = envelopeLaw.evaluate(sharpness: s, intensity: x).volts
        let full = squareLaw.evaluate(sharpness: sharpness, intensity: 1).volts
        return (full > 0 ? min(volts / full, 1).squareRoot() : 0, sharpness)
    }
}
