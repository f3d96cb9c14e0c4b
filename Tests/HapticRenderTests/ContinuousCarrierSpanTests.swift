import Testing

@testable import HapticRender

/// The renderer's per-sample voice path renders a continuous voice's carrier — the onset overdrive
/// group by group, then the plain carrier in spans — with
/// ``ContinuousDriver/addCarrier(_:from:count:feedback:into:)``, specialized for one group's
/// feedback (``GroupFeedback``) and for none (``NoFeedback``): both must be what
/// ``ContinuousDriver/drive(_:velocity:excursion:othersDriving:)`` does sample by sample, bit for
/// bit.
@Suite struct ContinuousCarrierSpanTests {
    /// A drive period that glides in amplitude, frequency and excursion per volt, longer than
    /// every preset's overdrive (two periods of f0).
    static let ramp = DriveRamp(
        from: 100, start: DrivePoint(hz: 150, volts: 0.5, excursionPerVolt: 2e-4),
        to: 1_700, end: DrivePoint(hz: 170, volts: 0.9, excursionPerVolt: 1.5e-4))

    /// The feedback sample `n` reads: past the target (no overdrive) for 40 samples, then at rest
    /// (full overdrive), part way to the target (a partial gain) and past it, in turn, for 40.
    static func feedback(_ n: Int64) -> (excursion: Float, velocity: Float) {
        if n / 40 % 2 == 0 { return (2e-4, 0.1) }
        return switch n % 3 {
        case 0: (0, 0)
        case 1: (5e-5, 0.01)
        default: (2e-4, 0.1)
        }
    }

    @Test(arguments: EngineAgreementTests.presets)
    func carrierSpansAddTheSamplesDriveReturns(_ profile: ActuatorProfile) {
        let config = ActuatorDriverConfig(profile: profile, sampleRate: 48_000)
        let start = ContinuousDriver(config: config)
        let ramp = Self.ramp
        let total = Int(ramp.to &- ramp.from)
        #expect(start.overdriveSamplesLeft < total / 2)
        var one = start
        var expected = [Double](repeating: 0, count: total)
        var overdriven = 0
        for k in 0..<total {
            let n = ramp.from &+ Int64(k)
            let (x, v) = Self.feedback(n)
            let point = ramp.point(at: n)
            expected[k] += one.drive(
                point, velocity: Double(v), excursion: Double(x), othersDriving: false)
            if one.overdriveSamplesLeft > 0 && abs(expected[k]) > abs(point.volts) {
                overdriven += 1
            }
        }
        // The feedback does raise the drive (a kind whose voices overdrive: not an ERM's).
        #expect((overdriven > 0) == (config.maxOverdriveSamples > 0))
        // Groups of 1, 2, 3, 4 samples at the end of the feedback's SIMD lanes while the overdrive
        // lasts, then spans of growing length.
        var spans = start
        var got = [Double](repeating: 0, count: total)
        var k = 0
        var size = 1
        while k < total {
            let n = ramp.from &+ Int64(k)
            if spans.overdriveSamplesLeft > 0 {
                let count = min(size % 4 + 1, total - k)
                let lane = 4 - count
                var x = SIMD4<Float>(repeating: .nan)
                var v = SIMD4<Float>(repeating: .nan)
                for j in 0..<count { (x[lane + j], v[lane + j]) = Self.feedback(n &+ Int64(j)) }
                got.withUnsafeMutableBufferPointer {
                    spans.addCarrier(
                        ramp, from: n, count: count,
                        feedback: GroupFeedback(excursions: x, velocities: v, lane: lane),
                        into: $0.baseAddress! + k)
                }
                k += count
            } else {
                let count = min(size, total - k)
                got.withUnsafeMutableBufferPointer {
                    spans.addCarrier(
                        ramp, from: n, count: count, feedback: NoFeedback(),
                        into: $0.baseAddress! + k)
                }
                k += count
            }
            size += 1
        }
        #expect(got.map(\.bitPattern) == expected.map(\.bitPattern))
        #expect(spans == one)
    }
}
