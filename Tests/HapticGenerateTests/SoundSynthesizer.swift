import Foundation
import HapticTestSupport
import SoundFile

/// The building blocks of synthetic sound effects: seeded Gaussian noise, second-order
/// Butterworth filters, attack–decay envelopes, a feedback-comb reverb, and a mono 16-bit WAV
/// writer. Every draw comes from one ``SplitMix64``, so the same calls in the same order make
/// the same samples on every run.
struct SoundSynthesizer {
    let rate: Double
    private var random: SplitMix64

    init(rate: Double, seed: UInt64) {
        self.rate = rate
        random = SplitMix64(seed: seed)
    }

    /// Frames in `seconds`.
    func frames(_ seconds: Double) -> Int { Int(seconds * rate) }

    /// Uniform in [0, 1).
    mutating func uniform() -> Double { Double(random.next() >> 11) * 0x1p-53 }

    /// Standard normal (Box–Muller).
    mutating func gaussian() -> Double {
        let u = Double((random.next() >> 11) + 1) * 0x1p-53  // (0, 1]: the log stays finite
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * uniform())
    }

    /// `count` samples of white Gaussian noise.
    mutating func noise(_ count: Int) -> [Double] { (0..<count).map { _ in gaussian() } }

    /// A linear attack over `attack` seconds times an exponential decay with time constant
    /// `decay` seconds, `count` samples long.
    func envelope(_ count: Int, attack: Double, decay: Double) -> [Double] {
        (0..<count).map { i in
            let t = Double(i) / rate
            return min(1, t / max(attack, 1e-4)) * exp(-t / decay)
        }
    }

    /// `x` times ``envelope(_:attack:decay:)``.
    func shaped(_ x: [Double], attack: Double, decay: Double) -> [Double] {
        zip(x, envelope(x.count, attack: attack, decay: decay)).map { $0 * $1 }
    }

    /// A sine of `frequency(t)` Hz (phase accumulated sample by sample), `count` samples long.
    func tone(_ count: Int, _ frequency: (Double) -> Double) -> [Double] {
        var phase = 0.0
        return (0..<count).map { i in
            let sample = sin(phase)
            phase += 2 * .pi * frequency(Double(i) / rate) / rate
            return sample
        }
    }

    /// Second-order Butterworth low-pass at `cutoff` Hz (bilinear transform, prewarped).
    func lowPass(_ x: [Double], _ cutoff: Double) -> [Double] {
        biquad(x, cutoff, highPass: false)
    }

    /// Second-order Butterworth high-pass at `cutoff` Hz.
    func highPass(_ x: [Double], _ cutoff: Double) -> [Double] {
        biquad(x, cutoff, highPass: true)
    }

    /// A band from `low` to `high` Hz: the high-pass then the low-pass.
    func bandPass(_ x: [Double], _ low: Double, _ high: Double) -> [Double] {
        lowPass(highPass(x, low), high)
    }

    /// The cookbook biquad with Q = 1/√2, which is the second-order Butterworth filter.
    private func biquad(_ x: [Double], _ cutoff: Double, highPass: Bool) -> [Double] {
        let w = 2 * Double.pi * cutoff / rate
        let alpha = sin(w) / 2.squareRoot()
        let c = cos(w)
        let a0 = 1 + alpha
        let b1 = (highPass ? -(1 + c) : 1 - c) / a0
        let b0 = b1 * (highPass ? -0.5 : 0.5)
        let a1 = -2 * c / a0
        let a2 = (1 - alpha) / a0
        var (x1, x2, y1, y2) = (0.0, 0.0, 0.0, 0.0)
        return x.map { x0 in
            let y0 = b0 * x0 + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2
            (x2, x1, y2, y1) = (x1, x0, y1, y0)
            return y0
        }
    }

    /// `x` plus `mix` times a diffuse tail that decays by 60 dB in `t60` seconds: eight
    /// parallel feedback combs (Freeverb's mutually prime delays) and two all-passes, the
    /// tail scaled to an impulse response of unit energy.
    func reverb(_ x: [Double], t60: Double, mix: Double) -> [Double] {
        let combs = [1_116, 1_188, 1_277, 1_356, 1_422, 1_491, 1_557, 1_617].map {
            Int(Double($0) * rate / 44_100)
        }
        var wet = [Double](repeating: 0, count: x.count)
        var energy = 0.0
        for d in combs {
            let g = pow(10, -3 * Double(d) / rate / t60)
            energy += 1 / (1 - g * g)
            var line = [Double](repeating: 0, count: x.count)
            for i in x.indices {
                line[i] = (i >= d ? x[i - d] + g * line[i - d] : 0)
                wet[i] += line[i]
            }
        }
        for d in [556, 341].map({ Int(Double($0) * rate / 44_100) }) {
            var out = [Double](repeating: 0, count: x.count)
            for i in x.indices {
                let delayedIn = i >= d ? wet[i - d] : 0
                let delayedOut = i >= d ? out[i - d] : 0
                out[i] = -0.5 * wet[i] + delayedIn + 0.5 * delayedOut
            }
            wet = out
        }
        let scale = mix / energy.squareRoot()
        return zip(x, wet).map { $0 + scale * $1 }
    }

    /// Adds `sound` into `buffer` from `seconds` on (cut at the buffer's end).
    func place(_ sound: [Double], at seconds: Double, into buffer: inout [Double]) {
        let start = frames(seconds)
        for i in 0..<max(0, min(sound.count, buffer.count - start)) {
            buffer[start + i] += sound[i]
        }
    }

    /// Writes `x` as mono 16-bit WAV, its peak scaled to 0.8.
    func write(_ x: [Double], to path: String) throws {
        let peak = x.reduce(0) { max($0, abs($1)) }
        let gain = peak > 0 ? 0.8 / peak : 1
        var writer = try SoundFileWriter(
            path: path, format: .wav, sampleFormat: .pcm16, sampleRate: Int(rate), channels: 1)
        try writer.write(x.map { Float($0 * gain) })
        try writer.finish()
    }
}
