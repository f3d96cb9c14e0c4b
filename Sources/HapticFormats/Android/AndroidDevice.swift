import HapticRender

/// The Android device an export is made for and its report rendered on: an actuator profile
/// and the two intensity laws that meet on it — the conversions' (Lofelt's: drive ∝
/// intensity², sharpness² linear in Hz) and Android's envelope law (intensity linear in
/// sensation level, sharpness linear in Hz over the band where the actuator reaches 10 dB SL).
public struct AndroidDevice: Sendable {
    public let profile: ActuatorProfile
    /// The conversions' law on this actuator (the report renders with it).
    let squareLaw: DriveMapping
    /// `BasicEnvelopeBuilder`'s law on this actuator.
    let envelopeLaw: DriveMapping

    public init(profile: ActuatorProfile = .pixel) {
        self.profile = profile
        squareLaw = DriveMapping(profile: profile, sharpness: .lofelt, intensity: .squareLaw)
        envelopeLaw = DriveMapping(
            profile: profile, sharpness: .android, intensity: .sensationLevel)
    }

    /// A Pixel-class device (the `pixel` preset).
    public static let pixel = AndroidDevice()

    /// The sharpness (Lofelt's law) that drives at the actuator's resonance, where
    /// `createWaveform` and the click primitives play.
    public var resonanceSharpness: Double {
        let lo = squareLaw.bandLowHz
        let hi = squareLaw.bandHighHz
        let f0 = profile.lra?.resonanceHz ?? lo
        return (min(max((f0 - lo) / (hi - lo), 0), 1)).squareRoot()
    }

    /// The envelope intensity that drives this actuator as hard as `intensity` does under the
    /// square law at `sharpness` (0 below the perception threshold, 1 at the envelope law's
    /// limit). Bisection to 1e-6. O(20).
    public func envelopeIntensity(intensity: Double, sharpness: Double) -> Double {
        let target = squareLaw.evaluate(sharpness: sharpness, intensity: intensity).volts
        // The envelope law at this sharpness, its tables read once for the bisection.
        let law = envelopeLaw.lookup
        let column = law.column(sharpness: sharpness * sharpness)
        func volts(_ x: Double) -> Double { law.evaluate(column, intensity: x).volts }
        // Below the law's least drive (the perception threshold at this frequency): off.
        guard target > 0, target >= volts(1e-9) else { return 0 }
        if volts(1) <= target { return 1 }
        var lo = 0.0
        var hi = 1.0
        while hi - lo > 1e-6 {
            let mid = (lo + hi) / 2
            if volts(mid) < target {
                lo = mid
            } else {
                hi = mid
            }
        }
        return hi
    }

    /// The square-law intensity and sharpness that play an envelope point (the inverse of
    /// ``envelopeIntensity(intensity:sharpness:)``). O(1).
    public func squareLawPoint(envelopeIntensity x: Double, envelopeSharpness s: Double) -> (
        intensity: Double, sharpness: Double
    ) {
        let sharpness = min(max(s, 0), 1).squareRoot()
        let volts = envelopeLaw.evaluate(sharpness: s, intensity: x).volts
        let full = squareLaw.evaluate(sharpness: sharpness, intensity: 1).volts
        return (full > 0 ? min(volts / full, 1).squareRoot() : 0, sharpness)
    }
}
