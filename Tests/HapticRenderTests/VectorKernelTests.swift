import Testing

@testable import HapticRender

/// The four-lane kernels of the tone mix must equal their scalar twins bit for bit: the
/// renderer mixes runs four samples at a time and the remainder one at a time, so any
/// difference would make output depend on where a run starts.
@Suite struct VectorKernelTests {
    /// 4,096 phases across [0, 1), including the fold points of the polynomial sine.
    var phases: [Float] {
        var p: [Float] = [0, 0.25, 0.5, 0.75, 0.999_999_9, 0.249_999_99, 0.750_000_1]
        var x: UInt32 = 12_345
        while p.count % 4 != 0 || p.count < 4_096 {
            x = x &* 1_664_525 &+ 1_013_904_223
            p.append(Float(x >> 8) / Float(1 << 24))
        }
        return p
    }

    @Test func sineMatchesScalarBitForBit() {
        let p = phases
        for i in stride(from: 0, to: p.count, by: 4) {
            let v = SIMD4(p[i], p[i + 1], p[i + 2], p[i + 3])
            let quarter = sinCycles4(v + 0.25)  // arguments up to 1.25, as the tone's cosine
            let s = sinCycles4(v)
            for k in 0..<4 {
                #expect(s[k].bitPattern == sinCycles(p[i + k]).bitPattern, "sin at \(p[i + k])")
                #expect(
                    quarter[k].bitPattern == sinCycles(p[i + k] + 0.25).bitPattern,
                    "cos at \(p[i + k])")
            }
        }
    }

    @Test(arguments: [0, 0.3, 0.77, 1] as [Float])
    func toneMatchesScalarBitForBit(brightness: Float) {
        var oscillator = ToneOscillator()
        oscillator.setWeights(brightness: brightness)
        let p = phases
        for i in stride(from: 0, to: p.count, by: 4) {
            let v = SIMD4(p[i], p[i + 1], p[i + 2], p[i + 3])
            let s = sinCycles4(v)
            let twoC = 2 * sinCycles4(v + 0.25)
            let x = oscillator.samples(sines: s, twoCosines: twoC)
            for k in 0..<4 {
                #expect(
                    x[k].bitPattern == oscillator.sample(sine: s[k], twoCosine: twoC[k]).bitPattern)
                #expect(x[k].bitPattern == oscillator.sample(atPhase: p[i + k]).bitPattern)
            }
        }
        // And the stepping oscillator returns the sample at its phase before advancing.
        var stepping = ToneOscillator(phase: 0.3)
        let expected = stepping.next(
            frequency: 0, brightness: brightness, inverseSampleRate: 1 / 48_000)
        #expect(expected.bitPattern == oscillator.sample(atPhase: 0.3).bitPattern)
    }

    @Test(arguments: [
        Envelope(attack: 480, decay: 1_000, release: 960, releaseStart: 4_000, sustained: true),
        Envelope(attack: 1, decay: 2_400, release: 1, releaseStart: 0, sustained: false),
        Envelope(attack: 5_000, decay: 1, release: 300, releaseStart: 2_000, sustained: true),
    ])
    func envelopeMatchesScalarBitForBit(envelope: Envelope) {
        let lanes = EnvelopeLanes(envelope)
        for start in stride(from: 0, to: 8_000, by: 4) {
            let g = lanes.gain(at: Float(start) + SIMD4<Float>(0, 1, 2, 3))
            for k in 0..<4 {
                #expect(
                    g[k].bitPattern == envelope.gain(at: Float(start + k)).bitPattern,
                    "offset \(start + k)")
            }
        }
    }

    @Test func clampMatchesScalarMinMax() {
        let values: [Float] = [
            -2, -0.0, 0, 0.25, 1, 1.5, .infinity, -.infinity, .nan, 0.999_999_94, 1.000_000_1,
            .leastNormalMagnitude / 4,
        ]  // the last: subnormal
        for v in values {
            let c = clampUnit(SIMD4(repeating: v))[0]
            #expect(c.bitPattern == min(max(v, 0), 1).bitPattern, "clamp \(v)")
        }
    }
}
