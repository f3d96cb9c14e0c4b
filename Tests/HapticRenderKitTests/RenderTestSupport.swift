import Foundation
import HapticRender
import HapticRenderKit
import SoundFile

/// Renders `job` into memory through the pull API and returns the interleaved frames.
func renderInMemory(_ job: RenderJob) throws -> (samples: [Float], channels: Int, prepared: Int64) {
    var prepared = try job.prepare()
    let channels = prepared.channelCount
    var samples = [Float](repeating: 0, count: Int(prepared.frames) * channels)
    let frames = samples.withUnsafeMutableBufferPointer { prepared.read(into: $0) }
    precondition(frames == Int(prepared.frames))
    return (samples, channels, prepared.frames)
}

/// One channel of interleaved samples, as Double for the analysis helpers.
func channel(_ samples: [Float], _ c: Int, of channels: Int) -> [Double] {
    stride(from: c, to: samples.count, by: channels).map { Double(samples[$0]) }
}

/// Writes a mono float WAV of `frequency` Hz (or a click train when `frequency` is 0).
func writeTone(
    _ path: String, frequency: Double, seconds: Double, sampleRate: Int, amplitude: Float = 0.5
) throws {
    let n = Int(seconds * Double(sampleRate))
    let samples = (0..<n).map { i in
        amplitude * Float(sin(2 * Double.pi * frequency * Double(i) / Double(sampleRate)))
    }
    var writer = try SoundFileWriter(
        path: path, format: .wav, sampleFormat: .float32, sampleRate: sampleRate, channels: 1)
    try writer.write(samples)
    try writer.finish()
}
