import Foundation
import SoundFile

/// A fresh, empty folder under the system temporary directory, removed on deinit.
final class TemporaryFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("SoundFileTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Every entry in the folder, hidden ones included, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}

/// A deterministic interleaved test signal: channel c is a sine at 220·(c+1) Hz with
/// amplitude 0.8, so channels are distinguishable and a channel swap would be caught.
func testSignal(frames: Int, channels: Int, sampleRate: Double) -> [Float] {
    var samples = [Float](repeating: 0, count: frames * channels)
    for f in 0..<frames {
        for c in 0..<channels {
            let phase = 2 * Double.pi * 220 * Double(c + 1) * Double(f) / sampleRate
            samples[f * channels + c] = Float(0.8 * sin(phase))
        }
    }
    return samples
}

/// Writes `samples` to `path` and finishes the file.
func writeFile(
    _ path: String, _ samples: [Float], format: SoundFileFormat, sampleFormat: SampleFormat? = nil,
    sampleRate: Int = 48_000, channels: Int, metadata: [SoundFileMetadataKey: String] = [:],
    overwrite: Bool = false
) throws {
    var writer = try SoundFileWriter(
        path: path, format: format, sampleFormat: sampleFormat, sampleRate: sampleRate,
        channels: channels, metadata: metadata, overwrite: overwrite)
    try writer.write(samples)
    try writer.finish()
}

/// The largest absolute difference between two equally long sample arrays.
func maxDifference(_ a: [Float], _ b: [Float]) -> Float {
    precondition(a.count == b.count)
    return zip(a, b).reduce(0) { max($0, abs($1.0 - $1.1)) }
}

/// Goertzel power of `frequency` in `signal`, normalised by length. O(n).
func goertzelPower(_ signal: [Float], frequency: Double, sampleRate: Double) -> Double {
    let coefficient = 2 * cos(2 * Double.pi * frequency / sampleRate)
    var s1 = 0.0
    var s2 = 0.0
    for x in signal {
        let s0 = Double(x) + coefficient * s1 - s2
        s2 = s1
        s1 = s0
    }
    let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
    return power / Double(signal.count * signal.count)
}
