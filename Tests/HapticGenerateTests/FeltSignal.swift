import Foundation
import HapticPattern
import HapticRender
import SoundFile

/// What a hand feels from a pattern: the simulated iPhone actuator's acceleration at 8 kHz
/// (`Scheduler` + `PatternRenderer`, as `render --layout haptic`), and small measurements on it.
enum FeltSignal {
    static let rate = 8_000.0

    /// The acceleration, in g, of `pattern` (at least `seconds` long).
    static func acceleration(_ pattern: HapticPattern, seconds: Double = 0) throws -> [Float] {
        var out = try EnvelopeCorrelation.render(pattern)
        let wanted = Int(seconds * rate)
        if out.count < wanted { out += [Float](repeating: 0, count: wanted - out.count) }
        return out
    }

    /// Peak |a| over [from, to) seconds.
    static func peak(_ a: [Float], from: Double, to: Double) -> Float {
        let lo = max(0, Int(from * rate))
        let hi = min(a.count, Int(to * rate))
        guard lo < hi else { return 0 }
        return a[lo..<hi].reduce(0) { max($0, abs($1)) }
    }

    /// RMS per 10 ms block.
    static func envelope(_ a: [Float]) -> [Double] {
        let h = Int(rate * 0.01)
        return (0..<(a.count / h)).map { k in
            var s = 0.0
            for i in (k * h)..<((k + 1) * h) { s += Double(a[i]) * Double(a[i]) }
            return (s / Double(h)).squareRoot()
        }
    }

    /// Writes mono 16-bit WAV from `sample(t)` (seconds).
    @discardableResult
    static func writeWAV(
        _ path: String, rate: Int = 48_000, seconds: Double, _ sample: (Double) -> Double
    ) throws -> String {
        var w = try SoundFileWriter(
            path: path, format: .wav, sampleFormat: .pcm16, sampleRate: rate, channels: 1)
        let frames = Int(seconds * Double(rate))
        try w.write((0..<frames).map { Float(max(-1, min(1, sample(Double($0) / Double(rate))))) })
        try w.finish()
        return path
    }
}

/// Deterministic noise in −1…1 (a 64-bit LCG), so the synthetic clips are the same every run.
struct TestNoise {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(Int64(bitPattern: state) >> 11) / Double(1 << 52)
    }
}

/// Steady textures that must never tap: white, pink and brown noise, and rain (random drops
/// over pink noise), each normalised to unit RMS. Seeded.
enum SteadyNoise: String, CaseIterable, CustomStringConvertible, Sendable {
    case white, pink, brown, rain

    var description: String { rawValue }

    /// `seconds` of the texture at `rate`, unit RMS.
    func samples(seconds: Double, rate: Int = 48_000, seed: UInt64) -> [Double] {
        var noise = TestNoise(seed: seed)
        let n = Int(seconds * Double(rate))
        var x = [Double](repeating: 0, count: n)
        switch self {
        case .white:
            for i in 0..<n { x[i] = noise.next() }
        case .pink:
            x = Self.pink(n, &noise)
        case .brown:
            var y = 0.0
            for i in 0..<n {
                y = 0.995 * y + noise.next()
                x[i] = y
            }
        case .rain:
            x = Self.pink(n, &noise).map { 0.5 * $0 }
            let drop = Int(0.008 * Double(rate))
            for _ in 0..<Int(200 * seconds) {
                let at = Int((noise.next() * 0.5 + 0.5) * Double(n - drop))
                let size = 0.2 + 0.8 * (noise.next() * 0.5 + 0.5)
                for i in 0..<drop {
                    x[at + i] += size * exp(-Double(i) / (0.0013 * Double(rate))) * noise.next()
                }
            }
        }
        let rms = (x.reduce(0) { $0 + $1 * $1 } / Double(max(1, n))).squareRoot()
        return rms > 0 ? x.map { $0 / rms } : x
    }

    /// Pink noise: white through Paul Kellett's economy filter (−3 dB/octave within ±0.5 dB).
    private static func pink(_ n: Int, _ noise: inout TestNoise) -> [Double] {
        var b0 = 0.0
        var b1 = 0.0
        var b2 = 0.0
        return (0..<n).map { _ in
            let w = noise.next()
            b0 = 0.99765 * b0 + w * 0.0990460
            b1 = 0.96300 * b1 + w * 0.2965164
            b2 = 0.57000 * b2 + w * 1.0526913
            return b0 + b1 + b2 + w * 0.1848
        }
    }
}
