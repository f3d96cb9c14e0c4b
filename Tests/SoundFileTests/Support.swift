import Foundation
import SoundFile

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
