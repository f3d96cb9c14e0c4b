import Foundation
import HapticTestSupport
import Testing

@testable import SoundFile

/// Bad samples stop where audio enters: ``AudioFileReader`` reads them as 0 and counts them.
@Suite("Sample sanitizing")
struct SampleSanitizingTests {
    @Test("NaN, infinities and absurd magnitudes are read as 0 and counted; the rest is kept")
    func badSamplesReadAsZero() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("bad.wav")
        var samples = (0..<3_000).map { Float(sin(Double($0) * 0.01)) * 0.5 }
        let good = samples
        for (i, value) in [(10, Float.nan), (20, .infinity), (30, -.infinity), (40, 1e30)] {
            samples[i] = value
        }
        samples[50] = 999_999  // within ±1e6: kept
        try floatWAVData(samples).write(to: URL(fileURLWithPath: path))
        let audio = try SoundFile.read(path: path)
        #expect(audio.replacedSamples == 4)
        #expect(audio.samples.allSatisfy { $0.isFinite })
        for i in [10, 20, 30, 40] { #expect(audio.samples[i] == 0) }
        #expect(audio.samples[50] == 999_999)
        #expect(audio.samples[60] == good[60])
    }

    @Test("More than two channels fold to stereo while read, exactly as after reading")
    func foldWhileReading() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("six.wav")
        let signal = testSignal(frames: 40_000, channels: 6, sampleRate: 48_000)
        try writeFile(path, signal, format: .wav, channels: 6)
        let folded = try SoundFile.read(path: path, maxChannels: 2)
        var expected: [Float] = []
        signal.withUnsafeBufferPointer {
            DecodedAudio.foldedToStereo($0, channels: 6, into: &expected)
        }
        #expect(folded.channels == 2 && folded.samples == expected)
    }
}
