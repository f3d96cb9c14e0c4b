import Foundation
import HapticPattern
import Testing

@testable import HapticRender

/// The public facts about iOS haptics (docs/physics.md, Public facts; none needs the
/// file) as tests of the `iphone` preset, each rendered through both engines — a full-intensity
/// `HapticTransient` at t = 0, so the drive starts at sample 0. docs/choices.md gives the
/// choices that meet them.
@Suite struct PublicFactTests {
    static let sampleRate = 48_000.0
    static let sharpnesses = (0...10).map { Double($0) / 10 }
    static let iphone = ActuatorProfile.iphone

    /// One rendered click: body acceleration in g and the sample where its pulse ends.
    struct Click {
        var g: [Double]
        var pulseEnd: Int
        var carrierHz: Double
        var peak: Double { g.reduce(0) { max($0, abs($1)) } }
        /// First sample at or above `fraction` of the peak.
        func first(atLeast fraction: Double) -> Int {
            let level = fraction * peak
            return g.firstIndex { abs($0) >= level }!
        }
        /// Last sample at or above `fraction` of the peak.
        func last(atLeast fraction: Double) -> Int {
            let level = fraction * peak
            return g.lastIndex { abs($0) >= level }!
        }
    }

    static func click(_ profile: ActuatorProfile = iphone, sharpness: Double, reference: Bool)
        throws -> Click
    {
        var parameters = EventParameters()
        parameters.hapticIntensity = 1
        parameters.hapticSharpness = sharpness
        let pattern = HapticPattern(events: [
            HapticEvent(type: .hapticTransient, time: 0, parameters: parameters)
        ])
        let timeline = Scheduler(sampleRate: sampleRate).schedule(pattern).timeline
        let configuration = RenderConfiguration(
            sampleRate: sampleRate, channels: [.acceleration], actuator: profile)
        let normalized =
            reference
            ? try EngineComparison.renderReference(timeline, [], configuration)
            : try EngineComparison.renderFast(timeline, [], configuration)
        // The driver the engines run, for its pulse length and carrier (both read these laws).
        let mapping = DriveMapping(profile: profile)
        let driver = TransientDriver(
            config: ActuatorDriverConfig(profile: profile, sampleRate: sampleRate),
            mapping: mapping, sharpness: Double(Float(sharpness)), intensity: 1)
        return Click(
            g: normalized.map { Double($0) * profile.fullScaleG }, pulseEnd: driver.pulseSamples,
            carrierHz: driver.carrierHz)
    }

    /// Hapticlabs' Core Haptics documentation: "the framework limits the available frequency bands
    /// to 80–230 Hz". Continuous events span it exactly under every sharpness law; transient
    /// carriers stay inside it.
    @Test(arguments: SharpnessMapping.allCases)
    func sharpnessSpans80To230Hz(_ law: SharpnessMapping) {
        let mapping = DriveMapping(profile: Self.iphone, sharpness: law)
        #expect(mapping.bandLowHz == 80 && mapping.bandHighHz == 230)
        #expect(abs(mapping.lookup.frequency(sharpness: 0) - 80) < 1e-9)
        #expect(abs(mapping.lookup.frequency(sharpness: 1) - 230) < 1e-9)
        for s in Self.sharpnesses {
            let continuous = mapping.lookup.frequency(sharpness: s)
            let click = mapping.lookup.transientFrequency(sharpness: s)
            #expect((80...230).contains(continuous) && (80...230).contains(click), "s = \(s)")
        }
    }

    /// Apple's button-click patent (US 11,009,960: "0.5–4 cycles at 80–400 Hz"): every click's
    /// drive is 0.5 to 4 carrier cycles long.
    @Test func clickIsHalfToFourCycles() {
        let mapping = DriveMapping(profile: Self.iphone)
        let config = ActuatorDriverConfig(profile: Self.iphone, sampleRate: Self.sampleRate)
        for s in Self.sharpnesses {
            let driver = TransientDriver(
                config: config, mapping: mapping, sharpness: s, intensity: 1)
            let cycles = Double(driver.pulseSamples) / Self.sampleRate * driver.carrierHz
            #expect(
                cycles >= 0.5 - 0.5 / Double(driver.pulseSamples) && cycles <= 4,
                "s = \(s): \(cycles) cycles")
        }
    }

    /// The Taptic Engine's "peak after about one oscillation" (launch reports): a full-intensity
    /// click reaches 90 % of its peak |acceleration| within one period of f0 after its onset.
    @Test(arguments: [false, true])
    func reachesNinetyPercentWithinOnePeriod(reference: Bool) throws {
        let period = Self.sampleRate / LRAProfile.iphone.resonanceHz
        for s in Self.sharpnesses {
            let click = try Self.click(sharpness: s, reference: reference)
            let rise = click.first(atLeast: 0.9)
            print(
                "[public facts, \(reference ? "reference" : "fast")] s=\(s): 90 % of \(click.peak) g after \(1000 * Double(rise) / Self.sampleRate) ms (1/f0 = \(1000 / LRAProfile.iphone.resonanceHz) ms)"
            )
            #expect(Double(rise) <= period, "s = \(s): \(rise) samples > \(period)")
        }
    }

    /// Android's hardware guidance (a single impulse longer than 20 ms feels buzzy) and Awinic's
    /// driver (braking in ≤ 3 cycles): the click stays under 20 ms above −20 dB of its peak, and
    /// is below −20 dB within three carrier cycles after its pulse ends.
    @Test(arguments: [false, true])
    func shortAndBrakedWithinThreeCycles(reference: Bool) throws {
        for s in Self.sharpnesses {
            let click = try Self.click(sharpness: s, reference: reference)
            let first = click.first(atLeast: 0.1)
            let last = click.last(atLeast: 0.1)
            let durationMs = 1000 * Double(last - first + 1) / Self.sampleRate
            let brakeCycles = Double(last + 1 - click.pulseEnd) / Self.sampleRate * click.carrierHz
            print(
                "[public facts, \(reference ? "reference" : "fast")] s=\(s): \(durationMs) ms above −20 dB, below −20 dB \(brakeCycles) carrier cycles after the pulse"
            )
            #expect(durationMs < 20, "s = \(s)")
            #expect(brakeCycles <= 3, "s = \(s)")
        }
    }

    /// Intensity is strength, sharpness is character: full-intensity clicks at sharpness 0
    /// and 1 peak within 10 dB of each other.
    @Test(arguments: [false, true])
    func sharpnessKeepsTheStrength(reference: Bool) throws {
        let dull = try Self.click(sharpness: 0, reference: reference).peak
        let sharp = try Self.click(sharpness: 1, reference: reference).peak
        let db = 20 * log10(sharp / dull)
        print(
            "[public facts, \(reference ? "reference" : "fast")] peak \(dull) g at s=0, \(sharp) g at s=1: \(db) dB"
        )
        #expect(abs(db) <= 10)
        #expect(min(dull, sharp) >= 0.1)  // Android: below 0.1 g is flagged as too weak
    }

    /// The one-period attack comes from the driver's single-half-cycle click: the same actuator
    /// with an ordinary driver's 4/3/2 half-cycle ladder peaks only after more than a period.
    @Test func theAttackComesFromTheDriver() throws {
        var ordinary = LRAProfile.iphone
        ordinary.transientMaxHalfCycles = 4
        let click = try Self.click(.lra(ordinary), sharpness: 0, reference: true)
        #expect(Double(click.first(atLeast: 0.9)) > Self.sampleRate / ordinary.resonanceHz)
    }
}
