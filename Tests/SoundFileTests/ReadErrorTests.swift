import Foundation
import HapticTestSupport
import SoundFile
import Testing

@Suite("Reading errors and limits")
struct ReadErrorTests {
    /// The libsndfile message inside an `openFailed`, or nil for any other outcome.
    func openFailureMessage(_ path: String) -> String? {
        do {
            _ = try SoundFile.read(path: path)
            return nil
        } catch {
            guard case .openFailed(let p, let message) = error, p == path else { return nil }
            return message
        }
    }

    @Test func missingFile() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("nope.wav")
        let message = try #require(openFailureMessage(path))
        #expect(message.contains("No such file"))
        #expect(SoundFileError.openFailed(path: path, message: message).description.contains(path))
    }

    @Test("Garbage is refused with libsndfile's message")
    func garbage() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("garbage.wav")
        try Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(
            to: URL(fileURLWithPath: path))
        let message = try #require(openFailureMessage(path))
        #expect(!message.isEmpty)
    }

    @Test("A header cut short is refused", arguments: [SoundFileFormat.wav, .flac, .ogg])
    func truncatedHeader(_ format: SoundFileFormat) throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let good = folder.file("good.\(format.fileExtension)")
        try writeFile(
            good, testSignal(frames: 4_800, channels: 1, sampleRate: 48_000), format: format,
            channels: 1)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let bad = folder.file("bad.\(format.fileExtension)")
        try bytes.prefix(20).write(to: URL(fileURLWithPath: bad))
        let message = try #require(openFailureMessage(bad))
        #expect(!message.isEmpty)
    }

    @Test("A FLAC stream cut mid-frame throws or returns fewer frames, never crashes")
    func truncatedFlacBody() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let good = folder.file("good.flac")
        try writeFile(
            good, testSignal(frames: 48_000, channels: 2, sampleRate: 48_000), format: .flac,
            channels: 2)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let bad = folder.file("bad.flac")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: bad))
        do {
            let audio = try SoundFile.read(path: bad)
            #expect(audio.frames < 48_000)
        } catch {
            #expect(error.path == bad)
        }
    }

    @Test("Limits: the header's frame count is checked before decoding")
    func frameLimit() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("long.wav")
        try writeFile(
            path, testSignal(frames: 10_000, channels: 2, sampleRate: 48_000), format: .wav,
            channels: 2)
        #expect(throws: SoundFileError.self) {
            _ = try SoundFile.read(path: path, limits: .init(maxFrames: 9_999))
        }
        #expect(throws: SoundFileError.self) {
            _ = try SoundFile.read(path: path, limits: .init(maxBytes: 10_000 * 2 * 4 - 1))
        }
        #expect(
            try SoundFile.read(
                path: path, limits: .init(maxFrames: 10_000, maxBytes: 10_000 * 2 * 4)
            ).frames == 10_000)
        do {
            _ = try SoundFile.read(path: path, limits: .init(maxFrames: 10))
        } catch {
            guard case .tooLarge(let p, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(p == path)
        }
    }

    @Test("A lying header cannot make the reader allocate what is not there")
    func lyingHeader() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("liar.wav")
        try writeFile(
            path, [0.25, -0.25, 0.5, -0.5], format: .wav, sampleFormat: .pcm16, channels: 1)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Claim a ~2 GB data chunk: the size after the "data" id, the header's last field.
        let data = try #require(
            (0..<(bytes.count - 8)).first { Array(bytes[$0..<($0 + 4)]) == Array("data".utf8) })
        bytes.replaceSubrange((data + 4)..<(data + 8), with: [0x00, 0x00, 0x00, 0x7F])
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        // libsndfile clamps to the file size; either way no more than 4 frames come back.
        let audio = try SoundFile.read(path: path, limits: .init(maxFrames: 1_000))
        #expect(audio.frames == 4)
    }

    @Test("Reader reads in caller-sized blocks")
    func blockReads() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("b.wav")
        let signal = testSignal(frames: 1_000, channels: 2, sampleRate: 48_000)
        try writeFile(path, signal, format: .wav, channels: 2)
        var reader = try AudioFileReader(path: path)
        var buffer = [Float](repeating: 0, count: 2 * 300)
        var collected: [Float] = []
        while true {
            let n = try buffer.withUnsafeMutableBufferPointer { try reader.read(into: $0) }
            if n == 0 { break }
            collected += buffer[0..<(n * 2)]
        }
        #expect(collected == signal)
        #expect(throws: SoundFileError.partialFrame(sampleCount: 3, channels: 2)) {
            var odd = [Float](repeating: 0, count: 3)
            _ = try odd.withUnsafeMutableBufferPointer { try reader.read(into: $0) }
        }
    }
}

@Suite("Corpus", needsCorpus)
struct CorpusSoundFileTests {
    static let shortWAV =
        "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/4bab56049a1248eeac8397f6c3f850e9short.wav"

    @Test("A real 16-bit stereo WAV from the corpus")
    func realWAV() throws {
        let path = Corpus.url(Self.shortWAV).path
        let info = try SoundFile.info(path: path)
        #expect(info.channels == 2)
        #expect(info.sampleRate == 44_100)
        #expect(info.sampleFormat == .pcm16)
        #expect(info.container == .wav)
        #expect(abs(info.duration - 0.693) < 0.001)
        let audio = try SoundFile.read(path: path)
        #expect(audio.frames == info.frames)
        #expect(audio.samples.contains { $0 != 0 })
        #expect(audio.samples.allSatisfy { abs($0) <= 1 })
    }
}
