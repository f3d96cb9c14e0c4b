import Foundation
import SoundFile

extension DesignerClip {
    /// What a designer would draw for a sound whose hits are known: the sound's RMS envelope
    /// (5 ms blocks, instant attack, 50 ms release) normalised to its peak as the amplitude
    /// every 10 ms, an emphasis (amplitude and frequency 0.6) at the breakpoint nearest each
    /// hit, frequency 0.6 throughout. Converted by Lofelt's rule (``patterns``), it is the
    /// reference the synthetic categories are scored against.
    static func loudnessReference(for path: String, hits: [Double]) throws -> DesignerClip {
        let audio = try SoundFile.read(path: path, limits: .unlimited)
        let frames = audio.samples.count / audio.channels
        let block = Int(audio.sampleRate * 0.005)
        let release = exp(-0.005 / 0.05)
        var level = 0.0
        var envelope = (0..<(frames / block)).map { k -> Double in
            var sum = 0.0
            for f in (k * block)..<((k + 1) * block) {
                var s = 0.0
                for c in 0..<audio.channels { s += Double(audio.samples[f * audio.channels + c]) }
                s /= Double(audio.channels)
                sum += s * s
            }
            let rms = (sum / Double(block)).squareRoot()
            level = rms > level ? rms : level * release + rms * (1 - release)
            return level
        }
        let peak = envelope.max() ?? 0
        if peak > 0 { envelope = envelope.map { $0 / peak } }
        var amplitude = stride(from: 0, to: envelope.count, by: 2).map {
            Breakpoint(time: Double($0) * 0.005, amplitude: envelope[$0])
        }
        for t in hits {
            guard
                let k = amplitude.indices.min(by: {
                    abs(amplitude[$0].time - t) < abs(amplitude[$1].time - t)
                })
            else { continue }
            amplitude[k].emphasis = (0.6, 0.6)
        }
        return DesignerClip(amplitude: amplitude, frequency: amplitude.map { ($0.time, 0.6) })
    }
}
