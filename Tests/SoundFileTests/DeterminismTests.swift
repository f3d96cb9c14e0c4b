import Foundation
import HapticTestSupport
import Testing

@testable import SoundFile

@Suite("Deterministic output")
struct DeterminismTests {
    static let cases: [(SoundFileFormat, SampleFormat?)] = [
        (.wav, .float32), (.wav, .pcm16), (.wav, .pcm24), (.aiff, .float32),
        (.flac, .pcm16), (.flac, .pcm24), (.ogg, nil), (.opus, nil), (.mp3, nil),
    ]

    @Test("Identical input gives byte-identical files", arguments: cases)
    func repeatedWrites(_ format: SoundFileFormat, _ sampleFormat: SampleFormat?) throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let signal = testSignal(frames: 24_000, channels: 2, sampleRate: 48_000)
        let metadata: [SoundFileMetadataKey: String] = [.title: "t", .artist: "a", .comment: "c"]
        var files: [Data] = []
        for i in 0..<2 {
            let path = folder.file("\(i).\(format.fileExtension)")
            try writeFile(
                path, signal, format: format, sampleFormat: sampleFormat,
                channels: 2, metadata: metadata)
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(files[0].count > 100)
        #expect(files[0] == files[1])
    }

    /// Documents the libsndfile behaviour the normalisation exists for: its own Ogg serial
    /// numbers come from a time-seeded generator advanced on every stream.
    @Test("libsndfile's own Ogg serial numbers differ between streams")
    func oggSerialIsRandomWithoutNormalisation() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let signal = testSignal(frames: 4_800, channels: 1, sampleRate: 48_000)
        var files: [Data] = []
        for i in 0..<2 {
            let path = folder.file("\(i).ogg")
            var writer = try SoundFileWriter(
                path: path, format: .ogg, sampleRate: 48_000, channels: 1,
                oggSerialNumber: nil)
            try writer.write(signal)
            try writer.finish()
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(files[0] != files[1])
        #expect(files[0][14..<18] != files[1][14..<18])  // the serial field of page 1
        // Everything but the serials and the CRCs that cover them is the same.
        var a = [UInt8](files[0])
        var b = [UInt8](files[1])
        #expect(
            OggSerialNumber.normalize(&a, serial: 7) && OggSerialNumber.normalize(&b, serial: 7))
        #expect(a == b)
    }

    @Test("Rewriting a page with its own serial reproduces libogg's CRCs")
    func oggChecksumMatchesLibogg() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("x.ogg")
        var writer = try SoundFileWriter(
            path: path, format: .ogg, sampleRate: 44_100, channels: 2,
            oggSerialNumber: nil)
        try writer.write(testSignal(frames: 44_100, channels: 2, sampleRate: 44_100))
        try writer.finish()
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let serial = original[14..<18].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var rewritten = original
        #expect(OggSerialNumber.normalize(&rewritten, serial: serial))
        #expect(rewritten == original)
    }

    @Test("Normalised Ogg carries the requested serial and still decodes")
    func normalisedSerial() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("s.ogg")
        try writeFile(
            path, testSignal(frames: 4_800, channels: 1, sampleRate: 48_000), format: .ogg,
            channels: 1)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let serial = bytes[14..<18].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(serial == SoundFileWriter.defaultOggSerialNumber)
        #expect(try SoundFile.read(path: path).frames == 4_800)
    }

    @Test("Malformed Ogg bytes are rejected by the normaliser")
    func malformedOgg() {
        var bytes = Array("OggS but not really a page".utf8)
        #expect(!OggSerialNumber.normalize(&bytes, serial: 1))
    }
}
