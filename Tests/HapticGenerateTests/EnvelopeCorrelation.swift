import Foundation
import HapticPattern
import HapticRender
import HapticTestSupport
import SoundFile

/// How well the felt haptics follow the sound: the generated pattern rendered through our
/// simulated iPhone actuator (`Scheduler` + `PatternRenderer`), and the Pearson correlation
/// between its acceleration envelope and the audio's loudness envelope — both RMS over
/// 50 ms every 10 ms, in dB floored 40 dB under their maxima, best over ±20 ms of lag.
enum EnvelopeCorrelation {
    static let renderRate = 8_000.0

    static func correlation(pattern: HapticPattern, audioPath: String) throws -> Double {
        let audio = try SoundFile.read(path: audioPath, limits: .unlimited)
        var mono = [Float](repeating: 0, count: audio.samples.count / audio.channels)
        for f in mono.indices {
            var s: Float = 0
            for c in 0..<audio.channels { s += audio.samples[f * audio.channels + c] }
            mono[f] = s / Float(audio.channels)
        }
        let audioEnvelope = envelope(mono, rate: audio.sampleRate)
        let acceleration = try render(pattern)
        let hapticEnvelope = envelope(acceleration, rate: renderRate)
        let n = min(audioEnvelope.count, hapticEnvelope.count)
        var best = -1.0
        for lag in -2...2 {
            let a = (max(0, lag)..<n).map { audioEnvelope[$0] }
            let h = (max(0, lag)..<n).map {
                hapticEnvelope[min(hapticEnvelope.count - 1, max(0, $0 - lag))]
            }
            best = max(best, pearson(a, h))
        }
        return best
    }

    static func render(_ pattern: HapticPattern) throws -> [Float] {
        try TestRender.frames(
            pattern,
            configuration: RenderConfiguration(sampleRate: renderRate, channels: [.acceleration]))
    }

    /// dB RMS over 50 ms windows every 10 ms, floored 40 dB under the maximum.
    static func envelope(_ x: [Float], rate: Double) -> [Double] {
        let hop = Int(rate * 0.01)
        let half = Int(rate * 0.025)
        var prefix = [Double](repeating: 0, count: x.count + 1)
        for i in x.indices { prefix[i + 1] = prefix[i] + Double(x[i] * x[i]) }
        let frames = x.count / hop
        var db = (0..<frames).map { f -> Double in
            let lo = max(0, f * hop - half)
            let hi = min(x.count, f * hop + half)
            let ms = hi > lo ? (prefix[hi] - prefix[lo]) / Double(hi - lo) : 0
            return 10 * log10(max(ms, 1e-20))
        }
        let top = db.max() ?? 0
        for i in db.indices { db[i] = max(db[i], top - 40) }
        return db
    }

    static func pearson(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        guard n > 1 else { return 0 }
        let ma = a.reduce(0, +) / n
        let mb = b.reduce(0, +) / n
        var sab = 0.0
        var saa = 0.0
        var sbb = 0.0
        for i in a.indices {
            sab += (a[i] - ma) * (b[i] - mb)
            saa += (a[i] - ma) * (a[i] - ma)
            sbb += (b[i] - mb) * (b[i] - mb)
        }
        return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : 0
    }
}
