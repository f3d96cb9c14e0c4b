import Foundation
import SoundFile

/// The two sound effects the patterns reference, synthesized so the example is
/// self-contained and deterministic (no random numbers, no assets).
enum SoundEffects {
    static let rate = 48_000

    /// Writes `Sounds/ShieldOn.wav` and `Sounds/Impact.wav` under `folder` (a subfolder, so
    /// the rendered `ShieldOn.wav` never replaces the sound effect of the same name).
    static func write(to folder: String) throws {
        try FileManager.default.createDirectory(
            atPath: "\(folder)/Sounds", withIntermediateDirectories: true)
        try save(shieldOn(), to: "\(folder)/Sounds/ShieldOn.wav")
        try save(impact(), to: "\(folder)/Sounds/Impact.wav")
    }

    /// 0.6 s rising shimmer: a chirp from 300 to 900 Hz with a slow tremolo.
    static func shieldOn() -> [Float] {
        let n = Int(0.6 * Double(rate))
        var phase = 0.0
        return (0..<n).map { i in
            let t = Double(i) / Double(rate)
            phase += 2 * Double.pi * (300 + 1_000 * t) / Double(rate)
            let tremolo = 0.75 + 0.25 * sin(2 * Double.pi * 12 * t)
            let fade = min(1, t / 0.05, (0.6 - t) / 0.1)
            return Float(0.5 * tremolo * fade * sin(phase))
        }
    }

    /// 0.3 s thump: a 90 Hz body with a bright, fast-decaying knock on top.
    static func impact() -> [Float] {
        let n = Int(0.3 * Double(rate))
        return (0..<n).map { i in
            let t = Double(i) / Double(rate)
            let body = sin(2 * Double.pi * 90 * t) * exp(-t / 0.08)
            let knock =
                sin(2 * Double.pi * 1_800 * t + 3 * sin(2 * Double.pi * 470 * t)) * exp(-t / 0.01)
            return Float(0.6 * body + 0.3 * knock)
        }
    }

    static func save(_ samples: [Float], to path: String) throws {
        var writer = try SoundFileWriter(
            path: path, format: .wav, sampleFormat: .pcm16, sampleRate: rate,
            channels: 1, overwrite: true)
        try writer.write(samples)
        try writer.finish()
    }
}
