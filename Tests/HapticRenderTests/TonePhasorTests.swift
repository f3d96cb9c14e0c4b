import Foundation
import Testing

@testable import HapticRender

/// The tone's rotating fundamental against the exact sine and cosine of its phase, and its
/// continuity across pitch changes.
@Suite struct TonePhasorTests {
    /// Walks the phasor sample by sample the way the renderer reads single samples and returns
    /// (cos, sin) per sample.
    func walk(_ phasor: inout TonePhasor, from start: Int64, count: Int) -> [(Float, Float)] {
        var out: [(Float, Float)] = []
        for n in start..<(start + Int64(count)) {
            let f = phasor.fundamental(lane: phasor.lane(at: n), at: n)
            out.append((f.twoCosine / 2, f.sine))
        }
        return out
    }

    @Test(arguments: [440.0 / 48_000, 1_244.5 / 48_000, 220.0 / 44_100, 0.49] as [Float])
    func rotationStaysWithinTwoMillionthsOfTheExactSine(step: Float) {
        var phasor = TonePhasor()
        phasor.anchor(step: step, at: 1_000)
        let values = walk(&phasor, from: 1_000, count: 48_000)
        var worst = 0.0
        for (k, (c, s)) in values.enumerated() {
            let phase =
                2 * Double.pi * (Double(k) * Double(step)).truncatingRemainder(dividingBy: 1)
            worst = max(worst, abs(Double(c) - cos(phase)), abs(Double(s) - sin(phase)))
        }
        #expect(worst < 2e-6, "largest error \(worst)")  // −114 dB: 16 rotations between seeds
    }

    @Test func aPitchChangeContinuesThePhase() {
        let before: Float = 300.0 / 48_000
        let after: Float = 700.0 / 48_000
        var phasor = TonePhasor()
        phasor.anchor(step: before, at: 0)
        _ = walk(&phasor, from: 0, count: 1_003)  // the change falls inside a group
        phasor.anchor(step: after, at: 1_003)
        let values = walk(&phasor, from: 1_003, count: 500)
        for (k, (c, s)) in values.enumerated() {
            let cycles = 1_003 * Double(before) + Double(k) * Double(after)
            let phase = 2 * Double.pi * cycles.truncatingRemainder(dividingBy: 1)
            #expect(
                abs(Double(c) - cos(phase)) < 2e-6 && abs(Double(s) - sin(phase)) < 2e-6,
                "sample \(1_003 + k)")
        }
        #expect(phasor.groupStart >= 1_003 && phasor.step == after)
    }

    @Test func seedsAtLeastEverySixtyFourSamples() {
        var phasor = TonePhasor()
        phasor.anchor(step: 0.01, at: 5)
        phasor.seedIfNeeded()
        var seeds: [Int64] = [5]
        for n in stride(from: Int64(9), to: 1_000, by: 4) {
            phasor.advanceGroup(to: n)
            if phasor.seedSample == n { seeds.append(n) }
        }
        #expect(zip(seeds, seeds.dropFirst()).allSatisfy { $1 - $0 == 64 })
        #expect(seeds.count == 16)
    }
}
