import Testing

@_spi(Testing) @testable import HapticRender

/// The renderer's per-sample voice path renders a transient in spans where it reads neither the
/// actuator nor the mixing rule (``TransientDriver/addIndependent(count:into:)``), and counts the
/// mixing rule's drivers ahead (``TransientDriver/drivingSamplesAhead``): both must be what
/// ``TransientDriver/drive(velocity:excursion:othersDriving:)`` does sample by sample, bit for bit.
@Suite struct TransientSpanTests {
    static let sharpnesses = [0.0, 0.4, 1.0]

    /// Each preset's drive tables, alive for the whole test: a driver's ``DriveLookup`` points
    /// into them without owning them.
    let mappings = Dictionary(
        uniqueKeysWithValues: EngineAgreementTests.presets.map {
            ($0.name, DriveMapping(profile: $0, sharpness: .android))
        })

    func driver(_ profile: ActuatorProfile, sharpness: Double) -> TransientDriver {
        let config = ActuatorDriverConfig(profile: profile, sampleRate: 48_000)
        return TransientDriver(
            config: config, lookup: mappings[profile.name]!.lookup, sharpness: sharpness,
            intensity: 0.8)
    }

    /// Feedback the pulse and the release must not read: any values give the same samples.
    func feedback(_ n: Int) -> (velocity: Double, excursion: Double) {
        (0.02 * Double(n % 7), 1e-4 * Double(n % 5))
    }

    @Test(arguments: EngineAgreementTests.presets, sharpnesses)
    func spansAddTheSamplesDriveReturns(_ profile: ActuatorProfile, sharpness: Double) {
        let start = driver(profile, sharpness: sharpness)
        let total = start.pulseSamples + 400
        // Sample by sample; another voice drives, so the pulse's end releases (no brake).
        var one = start
        var expected = [Double](repeating: 0, count: total)
        for n in 0..<total {
            let (v, x) = feedback(n)
            expected[n] += one.drive(velocity: v, excursion: x, othersDriving: true)
        }
        // In spans of 1, 2, 3, … samples wherever the driver allows, else one sample.
        var spans = start
        var got = [Double](repeating: 0, count: total)
        var n = 0
        var span = 1
        while n < total {
            let free = spans.independentSamplesAhead
            if free == 0 {
                let (v, x) = feedback(n &+ 1000)
                got[n] += spans.drive(velocity: v, excursion: x, othersDriving: true)
                n += 1
                continue
            }
            let count = min(span, free, total - n)
            got.withUnsafeMutableBufferPointer {
                spans.addIndependent(count: count, into: $0.baseAddress! + n)
            }
            n += count
            span += 1
        }
        #expect(got.map(\.bitPattern) == expected.map(\.bitPattern))
        #expect(spans == one)
        #expect(one.isFinished)
    }

    @Test(arguments: EngineAgreementTests.presets, sharpnesses)
    func drivingSamplesAheadCountsThePulse(_ profile: ActuatorProfile, sharpness: Double) {
        var d = driver(profile, sharpness: sharpness)
        let ahead = d.drivingSamplesAhead
        #expect(ahead == d.pulseSamples - 1)
        var drivingAfter = 0  // samples after which the driver still drives
        while d.isDriving {
            #expect(d.drivingSamplesAhead == ahead - drivingAfter)
            _ = d.drive(velocity: 0, excursion: 0, othersDriving: false)
            if d.isDriving { drivingAfter += 1 }
        }
        #expect(drivingAfter == ahead)
        #expect(d.drivingSamplesAhead == 0)
        #expect(d.isBraking)
    }
}
