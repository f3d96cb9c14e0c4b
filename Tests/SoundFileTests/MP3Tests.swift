import Foundation
import HapticTestSupport
import Testing

@testable import SoundFile

/// MP3 is written through libsndfile's LAME encoder; the audition page embeds it.
@Suite("MP3 output")
struct MP3Tests {
    @Test("decodes back to the written length and tone")
    func roundTrip() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("tone.mp3")
        let signal = testSignal(frames: 48_000, channels: 2, sampleRate: 48_000)
        try writeFile(path, signal, format: .mp3, channels: 2)
        let info = try SoundFile.info(path: path)
        #expect(info.container == .mp3 && info.channels == 2 && info.sampleRate == 48_000)
        // The LAME header carries the encoder delay and padding: decoders trim them.
        #expect(abs(info.frames - 48_000) <= 1_152, "\(info.frames) frames")
        let audio = try SoundFile.read(path: path)
        let left = stride(from: 0, to: audio.samples.count, by: 2).map { audio.samples[$0] }
        let reference = stride(from: 0, to: signal.count, by: 2).map { signal[$0] }
        // The 220 Hz tone survives within 1 dB; lossy, so not sample-exact.
        let db = SignalAnalysis.db(
            SignalAnalysis.goertzel(left, hz: 220, sampleRate: 48_000),
            re: SignalAnalysis.goertzel(reference, hz: 220, sampleRate: 48_000))
        #expect(abs(db) < 1, "level \(db) dB")
        // VBR at the default quality: far smaller than 16-bit PCM (192 kB).
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path)).count
        #expect(bytes < 48_000, "\(bytes) bytes")
    }

    @Test("takes no sample format and names the rates MP3 has")
    func validation() {
        #expect(throws: SoundFileError.self) {
            try SoundFileWriter.validate(
                format: .mp3, sampleFormat: .pcm16, sampleRate: 48_000, channels: 2)
        }
        #expect(
            throws: SoundFileError.invalidSampleRate(
                format: .mp3, sampleRate: 96_000, valid: SoundFileFormat.mp3.validSampleRates)
        ) {
            try SoundFileWriter.validate(
                format: .mp3, sampleFormat: nil, sampleRate: 96_000, channels: 2)
        }
    }
}
