import Foundation
import HapticTestSupport
import Testing

@testable import SoundFile

/// Bad samples stop where audio enters: ``AudioFileReader`` reads them as 0 and counts them.
@Suite("Sample sanitizing")
struct SampleSanitizingTests {
    /// A mono float WAV of `samples`, written by hand (the writer refuses non-finite samples).
    func floatWAV(_ samples: [Float], at path: String) throws {
        var data = Data()
        func u32(_ v: UInt32) {
            withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) }
        }
        func u16(_ v: UInt16) {
            withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("RIFF".utf8))
        u32(UInt32(4 + 8 + 18 + 8 + samples.count * 4))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(18)
        u16(3)
        u16(1)
        u32(48_000)
        u32(192_000)
        u16(4)
        u16(32)
        u16(0)
        data.append(contentsOf: Array("data".utf8))
        u32(UInt32(samples.count * 4))
        for s in samples { u32(s.bitPattern) }
        try data.write(to: URL(fileURLWithPath: path))
    }

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
        try floatWAV(samples, at: path)
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
