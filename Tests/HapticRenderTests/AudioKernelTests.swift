import Foundation
import HapticRender
import HapticTestSupport
import Testing

/// Amplitude of the sine at `frequency` in `signal` (rectangular window: the tones here have
/// whole periods in the signal).
private func toneAmplitude(_ signal: [Float], frequency: Double, sampleRate: Double) -> Double {
    SignalAnalysis.goertzel(signal, hz: frequency, sampleRate: sampleRate, hann: false)
}

private func rms(_ x: [Float]) -> Double {
    (x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(x.count)).squareRoot()
}

@Suite struct FastMathTests {
    @Test func sineMatchesLibmEverywhere() {
        var worst: Double = 0
        for i in 0..<100_000 {
            let phase = Float(i) / 9_973  // covers many cycles and awkward fractions
            let expected = sin(2 * Double.pi * Double(phase))
            worst = max(worst, abs(Double(sinCycles(phase)) - expected))
        }
        #expect(worst < 2e-6)
    }

    @Test func exp2MatchesLibm() {
        var worstRelative: Double = 0
        for i in -2_000...2_000 {
            let x = Float(i) / 100
            let expected = pow(2, Double(x))
            worstRelative = max(worstRelative, abs(Double(exp2Fast(x)) - expected) / expected)
        }
        #expect(worstRelative < 1e-6)
    }
}

@Suite struct PanLawTests {
    @Test func constantPowerAcrossThePanRange() {
        for i in -10...10 {
            let g = PanGains(pan: Float(i) / 10)
            #expect(abs(g.left * g.left + g.right * g.right - 1) < 1e-5)
        }
        let left = PanGains(pan: -1)
        let centre = PanGains(pan: 0)
        let right = PanGains(pan: 1)
        #expect(abs(left.left - 1) < 1e-6 && abs(left.right) < 1e-6)
        #expect(abs(right.right - 1) < 1e-6 && abs(right.left) < 1e-6)
        #expect(abs(centre.left - Float(0.5).squareRoot()) < 1e-5)  // −3 dB
    }
}

@Suite struct EnvelopeTests {
    @Test func sustainedRisesHoldsAndReleases() {
        let e = Envelope(attack: 100, decay: 50, release: 200, releaseStart: 1_000, sustained: true)
        #expect(e.gain(at: 0) == 0)
        #expect(e.gain(at: 50) == 0.5)
        #expect(e.gain(at: 100) == 1)
        #expect(e.gain(at: 999) == 1)
        #expect(e.gain(at: 1_100) == 0.5)
        #expect(e.gain(at: 1_200) == 0)
        #expect(e.gain(at: 5_000) == 0)
    }

    @Test func nonSustainedDecaysRightAfterTheAttack() {
        let e = Envelope(
            attack: 100, decay: 400, release: 200, releaseStart: 10_000, sustained: false)
        #expect(e.gain(at: 100) == 1)
        #expect(e.gain(at: 300) == 0.5)
        #expect(e.gain(at: 500) == 0)
    }

    @Test func shortEventReleasesWithoutAJump() {
        // Event shorter than its attack: the gain never jumps by more than one attack step.
        let e = Envelope(
            attack: 1_000, decay: 1, release: 1_000, releaseStart: 300, sustained: true)
        var previous: Float = 0
        for n in 0..<2_000 {
            let g = e.gain(at: Float(n))
            #expect(abs(g - previous) <= 1.0 / 1_000 + 1e-6)
            previous = g
        }
    }
}

@Suite struct ToneTests {
    let rate = 48_000.0

    func render(pitch: Float, brightness: Float, count: Int = 48_000) -> [Float] {
        var osc = ToneOscillator()
        let f = AudioMapping.toneBaseFrequency * AudioMapping.pitchRatio(pitch)
        return (0..<count).map { _ in
            osc.next(frequency: f, brightness: brightness, inverseSampleRate: Float(1 / rate))
        }
    }

    @Test func pitchShiftsByTheDocumentedOctave() {
        for (pitch, hz) in [(Float(-1), 220.0), (0, 440), (1, 880)] {
            let x = render(pitch: pitch, brightness: 0)
            #expect(toneAmplitude(x, frequency: hz, sampleRate: rate) > 0.948, "pitch \(pitch)")
        }
    }

    @Test func brightnessAddsHarmonicsAtEqualLoudness() {
        let dull = render(pitch: 0, brightness: 0)
        let bright = render(pitch: 0, brightness: 1)
        #expect(toneAmplitude(dull, frequency: 880, sampleRate: rate) < 1.4e-4)
        #expect(toneAmplitude(bright, frequency: 880, sampleRate: rate) > 0.14)
        #expect(abs(rms(dull) - rms(bright)) / rms(dull) < 0.01)
        // Second-harmonic share rises strictly with brightness.
        var previous = -1.0
        for b in stride(from: Float(0), through: 1, by: 0.25) {
            let h2 = toneAmplitude(
                render(pitch: 0, brightness: b), frequency: 880, sampleRate: rate)
            #expect(h2 > previous)
            previous = h2
        }
    }
}

@Suite struct CustomAudioPlayerTests {
    @Test func pitchChangesPlaybackSpeed() {
        let samples = (0..<1_000).map { Float($0) / 1_000 }  // a ramp: position is readable
        samples.withUnsafeBufferPointer { buf in
            var normal = CustomAudioPlayer(
                samples: buf.baseAddress!, frames: 1_000, channels: 1, loops: false)
            var octaveUp = normal
            var playedNormal = 0
            var playedUp = 0
            while !normal.isExhausted {
                _ = normal.next(rate: 1, lowPass: 1)
                playedNormal += 1
            }
            let up = AudioMapping.pitchRatio(1)
            while !octaveUp.isExhausted {
                _ = octaveUp.next(rate: up, lowPass: 1)
                playedUp += 1
            }
            #expect(playedNormal == 1_000)
            #expect(playedUp == 500)
        }
    }

    @Test func unityRateReproducesTheResourceExactly() {
        let samples: [Float] = (0..<64).map { Float(sin(Double($0) * 0.3)) }
        samples.withUnsafeBufferPointer { buf in
            var p = CustomAudioPlayer(
                samples: buf.baseAddress!, frames: 64, channels: 1, loops: false)
            for i in 0..<64 {
                let (l, r) = p.next(rate: 1, lowPass: 1)
                #expect(l == samples[i] && r == samples[i])
            }
            #expect(p.isExhausted)
        }
    }

    @Test func loopingWrapsAround() {
        let samples: [Float] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
        samples.withUnsafeBufferPointer { buf in
            var p = CustomAudioPlayer(
                samples: buf.baseAddress!, frames: 16, channels: 1, loops: true)
            var out: [Float] = []
            for _ in 0..<40 { out.append(p.next(rate: 1, lowPass: 1).left) }
            #expect(!p.isExhausted)
            #expect(Array(out[16..<32]) == samples)
        }
    }
}
