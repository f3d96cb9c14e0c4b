import HapticTestSupport
import SoundFile
import Testing

@Suite("Format validation")
struct ValidationTests {
    @Test("FLAC refuses float32 and names the valid sample formats")
    func flacFloat() {
        #expect(
            throws: SoundFileError.invalidSampleFormat(
                format: .flac, sampleFormat: .float32, valid: [.pcm16, .pcm24])
        ) {
            try SoundFileWriter.validate(
                format: .flac, sampleFormat: .float32, sampleRate: 48_000, channels: 1)
        }
        let message = SoundFileError.invalidSampleFormat(
            format: .flac, sampleFormat: .float32, valid: [.pcm16, .pcm24]
        ).description
        #expect(message.contains("pcm16, pcm24"))
    }

    @Test("Ogg codecs take no sample format", arguments: [SoundFileFormat.ogg, .opus])
    func oggWithSampleFormat(_ format: SoundFileFormat) throws {
        #expect(throws: SoundFileError.self) {
            try SoundFileWriter.validate(
                format: format, sampleFormat: .pcm16, sampleRate: 48_000, channels: 1)
        }
        #expect(
            try SoundFileWriter.validate(
                format: format, sampleFormat: nil, sampleRate: 48_000, channels: 1) == nil)
    }

    /// libsndfile accepts Ogg Vorbis at any rate, then its encoder fails to start above
    /// 200 kHz: that is refused before a file is made, and the highest rate writes.
    @Test("Ogg Vorbis is refused above 200 kHz, up front")
    func oggVorbisRateCeiling() throws {
        #expect(
            throws: SoundFileError.invalidSampleRate(format: .ogg, sampleRate: 200_001, valid: nil)
        ) {
            try SoundFileWriter.validate(
                format: .ogg, sampleFormat: nil, sampleRate: 200_001, channels: 2)
        }
        let message = SoundFileError.invalidSampleRate(
            format: .ogg, sampleRate: 256_000, valid: nil
        ).description
        #expect(message == "ogg (vorbis) does not support sample rate 256000.0; at most 200000 Hz")
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let path = dir.path + "/top.ogg"
        var writer = try SoundFileWriter(
            path: path, format: .ogg, sampleRate: 200_000, channels: 2)
        try writer.write([Float](repeating: 0.25, count: 2 * 4_000))
        try writer.finish()
        #expect(try SoundFile.read(path: path).sampleRate == 200_000)
    }

    @Test("Every valid combination validates")
    func valid() throws {
        for format in SoundFileFormat.allWritable {
            for sampleFormat in format.validSampleFormats {
                #expect(
                    try SoundFileWriter.validate(
                        format: format, sampleFormat: sampleFormat,
                        sampleRate: 48_000, channels: 2) == sampleFormat)
            }
        }
    }

    @Test("Opus limits sample rates and names them")
    func opusRate() {
        #expect(
            throws: SoundFileError.invalidSampleRate(
                format: .opus, sampleRate: 44_100, valid: [8000, 12000, 16000, 24000, 48000])
        ) {
            try SoundFileWriter.validate(
                format: .opus, sampleFormat: nil, sampleRate: 44_100, channels: 1)
        }
    }

    @Test("Bad channel counts and rates", arguments: [0, -1, 1025])
    func channels(_ n: Int) {
        #expect(throws: SoundFileError.invalidChannelCount(n)) {
            try SoundFileWriter.validate(
                format: .wav, sampleFormat: nil, sampleRate: 48_000, channels: n)
        }
    }

    @Test func badRate() {
        #expect(throws: SoundFileError.self) {
            try SoundFileWriter.validate(
                format: .wav, sampleFormat: nil, sampleRate: 0, channels: 1)
        }
    }

    @Test("The writer validates before touching the disk")
    func writerValidatesFirst() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        #expect(throws: SoundFileError.self) {
            _ = try SoundFileWriter(
                path: folder.file("x.flac"), format: .flac, sampleFormat: .float32,
                sampleRate: 48_000, channels: 1)
        }
        #expect(try folder.contents().isEmpty)
    }

    @Test("A partial frame is rejected")
    func partialFrame() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        var writer = try SoundFileWriter(
            path: folder.file("p.wav"), format: .wav, sampleRate: 48_000, channels: 2)
        #expect(throws: SoundFileError.partialFrame(sampleCount: 3, channels: 2)) {
            try writer.write([0, 0, 0])
        }
        writer.cancel()
    }
}
