import Foundation
import HapticTestSupport
import SoundFile
import Testing

/// Every combination the writer accepts, with the round-trip error it allows.
struct Combination: CustomTestStringConvertible, Sendable {
    var format: SoundFileFormat
    var sampleFormat: SampleFormat?
    /// Largest allowed |written − read| per sample; nil for lossy codecs (checked by SNR).
    var tolerance: Float?
    var testDescription: String { "\(format) \(sampleFormat?.description ?? "")" }

    static let all: [Combination] = [
        // Half an LSB of rounding plus float slack.
        .init(format: .wav, sampleFormat: .pcm16, tolerance: 1.0 / 32768 + 1e-7),
        .init(format: .wav, sampleFormat: .pcm24, tolerance: 1.0 / 8_388_608 + 1e-7),
        .init(format: .wav, sampleFormat: .float32, tolerance: 0),
        .init(format: .aiff, sampleFormat: .pcm16, tolerance: 1.0 / 32768 + 1e-7),
        .init(format: .aiff, sampleFormat: .pcm24, tolerance: 1.0 / 8_388_608 + 1e-7),
        .init(format: .aiff, sampleFormat: .float32, tolerance: 0),
        .init(format: .flac, sampleFormat: .pcm16, tolerance: 1.0 / 32768 + 1e-7),
        .init(format: .flac, sampleFormat: .pcm24, tolerance: 1.0 / 8_388_608 + 1e-7),
        .init(format: .ogg, sampleFormat: nil, tolerance: nil),
        .init(format: .opus, sampleFormat: nil, tolerance: nil),
    ]
}

@Suite("Round trip")
struct RoundTripTests {
    @Test(arguments: Combination.all, [1, 2, 4])
    func writeThenRead(_ combo: Combination, channels: Int) throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("out.\(combo.format.fileExtension)")
        let frames = 4_800
        let signal = testSignal(frames: frames, channels: channels, sampleRate: 48_000)
        try writeFile(
            path, signal, format: combo.format, sampleFormat: combo.sampleFormat, channels: channels
        )

        let info = try SoundFile.info(path: path)
        #expect(info.channels == channels)
        #expect(info.sampleRate == 48_000)
        #expect(info.container == combo.format)
        if let sampleFormat = combo.sampleFormat { #expect(info.sampleFormat == sampleFormat) }

        let audio = try SoundFile.read(path: path)
        #expect(audio.channels == channels)
        #expect(audio.sampleRate == 48_000)
        #expect(audio.frames == frames)
        #expect(audio.frames == info.frames)
        guard audio.samples.count == signal.count else { return }
        if let tolerance = combo.tolerance {
            #expect(maxDifference(audio.samples, signal) <= tolerance)
        } else {
            // Lossy: each channel keeps its own tone (so no channel mix-up) at a decent SNR.
            // Measured away from the ends, where the codecs' onset transients live.
            let middle = (frames / 10)..<(frames * 9 / 10)
            for c in 0..<channels {
                let written = stride(from: c, to: signal.count, by: channels).map { signal[$0] }[
                    middle]
                let read = audio.channel(c)[middle]
                let error = zip(written, read).map { Double($0 - $1) * Double($0 - $1) }.reduce(
                    0, +)
                let energy = written.map { Double($0) * Double($0) }.reduce(0, +)
                let snr = 10 * log10(energy / max(error, 1e-30))
                #expect(snr > 15, "channel \(c): SNR \(snr) dB")
            }
        }
    }

    @Test("PCM clips overs instead of wrapping", arguments: [SoundFileFormat.wav, .flac])
    func clipping(_ format: SoundFileFormat) throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("clip.\(format.fileExtension)")
        try writeFile(
            path, [1.5, -1.5, 4.0, -4.0], format: format, sampleFormat: .pcm16, channels: 1)
        let audio = try SoundFile.read(path: path)
        #expect(audio.samples[0] > 0.999)
        #expect(audio.samples[1] <= -0.999)
        #expect(audio.samples[2] > 0.999)
        #expect(audio.samples[3] <= -0.999)
    }

    @Test("Float WAV keeps overs exactly")
    func floatKeepsOvers() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("overs.wav")
        try writeFile(path, [1.5, -4.0, 0.25], format: .wav, sampleFormat: .float32, channels: 1)
        #expect(try SoundFile.read(path: path).samples == [1.5, -4.0, 0.25])
    }

    @Test(
        "Default sample formats",
        arguments: [
            (SoundFileFormat.wav, SampleFormat.float32), (.aiff, .float32), (.flac, .pcm24),
        ])
    func defaults(_ format: SoundFileFormat, _ expected: SampleFormat) throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("d.\(format.fileExtension)")
        try writeFile(path, [0, 0.5], format: format, channels: 1)
        #expect(try SoundFile.info(path: path).sampleFormat == expected)
    }

    @Test("Metadata round trip", arguments: [SoundFileFormat.wav, .aiff, .flac, .ogg, .opus])
    func metadata(_ format: SoundFileFormat) throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("m.\(format.fileExtension)")
        var expected: [SoundFileMetadataKey: String] = [
            .title: "Heartbeat", .comment: "rendered from heartbeat.ahap", .artist: "HapticRender",
        ]
        // AIFF has no software chunk in libsndfile; everything else stores it.
        if format != .aiff { expected[.software] = "ahap-render 1.0" }
        try writeFile(
            path, testSignal(frames: 960, channels: 1, sampleRate: 48_000),
            format: format, channels: 1, metadata: expected)
        let reader = try AudioFileReader(path: path)
        for (key, value) in expected {
            // libsndfile appends " (libsndfile-<version>)" to the software string of some formats.
            #expect(
                reader.metadata(key)?.hasPrefix(value) == true,
                "\(key): \(reader.metadata(key) ?? "nil")")
        }
        #expect(reader.metadata(.genre) == nil)
        #expect(try SoundFile.metadata(path: path)[.title] == "Heartbeat")
    }

    @Test("Empty file round trip")
    func empty() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("empty.wav")
        try writeFile(path, [], format: .wav, channels: 2)
        let audio = try SoundFile.read(path: path)
        #expect(audio.frames == 0 && audio.channels == 2)
    }

    @Test("Many blocks append in order")
    func blocks() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("blocks.wav")
        let signal = testSignal(frames: 10_000, channels: 2, sampleRate: 48_000)
        var writer = try SoundFileWriter(path: path, format: .wav, sampleRate: 48_000, channels: 2)
        for start in stride(from: 0, to: signal.count, by: 2 * 1_024) {
            try writer.write(Array(signal[start..<min(start + 2 * 1_024, signal.count)]))
        }
        #expect(writer.framesWritten == 10_000)
        try writer.finish()
        #expect(try SoundFile.read(path: path).samples == signal)
    }
}
