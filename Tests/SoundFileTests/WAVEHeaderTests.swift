import Foundation
import HapticTestSupport
import Testing

@testable import SoundFile

/// The WAV header decision and layout (``WAVEHeader``), tested directly so the 4 GiB boundary
/// needs no 4 GiB file.
@Suite("WAV header")
struct WAVEHeaderTests {
    func le32(_ b: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(b[at + $1]) << (8 * $1) }
    }
    func le64(_ b: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * $1) }
    }
    func text(_ b: [UInt8], _ at: Int) -> String {
        String(decoding: b[at..<(at + 4)], as: UTF8.self)
    }

    @Test("RF64 exactly when the RIFF size field would pass 0xFFFFFFFF")
    func rf64Boundary() {
        let header = WAVEHeader(channels: 2, sampleRate: 48_000, encoding: .float32)
        // File size − 8 = header − 8 + data (8 bytes a frame, no pad byte).
        let lastRIFF = (Int(UInt32.max) - (header.size - 8)) / 8
        #expect(!header.needsRF64(frames: lastRIFF))
        #expect(header.needsRF64(frames: lastRIFF + 1))
        // The cases: 4 h of 48 kHz stereo float, an hour at 192 kHz.
        #expect(header.needsRF64(frames: 14_400 * 48_000))
        #expect(header.needsRF64(frames: 3_599 * 192_000))
        #expect(!header.needsRF64(frames: 3_600 * 48_000))
    }

    @Test("A RIFF header: sizes, JUNK where ds64 would go, the data chunk last")
    func riffLayout() {
        let header = WAVEHeader(
            channels: 1, sampleRate: 8_000, encoding: .pcm16, info: [("ISFT", "ahap-render")])
        let b = header.bytes(frames: 1_001)  // 2,002 data bytes
        #expect(b.count == header.size)
        #expect(text(b, 0) == "RIFF" && text(b, 8) == "WAVE" && text(b, 12) == "JUNK")
        #expect(le32(b, 4) == UInt32(header.size - 8 + 2_002))
        #expect(text(b, 48) == "fmt " && le32(b, 52) == 16)  // plain PCM for 16-bit mono
        #expect(text(b, header.size - 8) == "data" && le32(b, header.size - 4) == 2_002)
    }

    @Test("An RF64 header holds the 64-bit sizes in ds64 and 0xFFFFFFFF in the 32-bit fields")
    func rf64Layout() {
        let header = WAVEHeader(channels: 4, sampleRate: 48_000, encoding: .float32)
        let frames = 14_400 * 48_000
        let data = UInt64(frames) * 16
        let b = header.bytes(frames: frames)
        #expect(b.count == header.size)  // the same size as a RIFF header: data never moves
        #expect(text(b, 0) == "RF64" && le32(b, 4) == 0xFFFF_FFFF && text(b, 12) == "ds64")
        #expect(le64(b, 20) == UInt64(header.size - 8) + data)  // RIFF size
        #expect(le64(b, 28) == data)
        #expect(le64(b, 36) == UInt64(frames))
        #expect(le32(b, header.size - 4) == 0xFFFF_FFFF)
        let fact = (0..<(b.count - 4)).first { text(b, $0) == "fact" }!
        #expect(le32(b, fact + 8) == 0xFFFF_FFFF)
    }

    @Test("Float and multichannel headers are WAVE_FORMAT_EXTENSIBLE with the layout's mask")
    func extensibleMasks() {
        for (channels, encoding, mask, extensible) in [
            (1, WAVEHeader.Encoding.float32, 0x4, true), (2, .float32, 0x3, true),
            (3, .pcm16, 0x3, true), (4, .pcm24, 0x3, true), (6, .float32, 0, true),
            (2, .pcm16, 0, false), (1, .pcm24, 0, false),
        ] {
            let header = WAVEHeader(channels: channels, sampleRate: 48_000, encoding: encoding)
            let b = header.bytes(frames: 10)
            let tag = UInt16(b[56]) | UInt16(b[57]) << 8
            #expect((tag == 0xFFFE) == extensible, "\(channels) ch \(encoding)")
            guard extensible else { continue }
            #expect(le32(b, 76) == UInt32(mask), "\(channels) ch")
            // Float: the 40-byte structure plus a 2-byte zero trailer (sox reads it).
            #expect(le32(b, 52) == (encoding == .float32 ? 42 : 40))
        }
    }

    @Test(
        "libsndfile reads every written WAV back at its length, and sox reads it without a warning")
    func readersAgree() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        for (channels, format) in [
            (1, SampleFormat.float32), (4, .float32), (3, .pcm24), (2, .pcm16),
        ] {
            let path = folder.file("x\(channels).wav")
            let signal = testSignal(frames: 4_801, channels: channels, sampleRate: 48_000)
            try writeFile(path, signal, format: .wav, sampleFormat: format, channels: channels)
            let info = try SoundFile.info(path: path)
            #expect(info.frames == 4_801 && info.channels == channels && info.container == .wav)
            guard let sox = ExternalTool.which("sox") else { continue }
            let r = try ExternalTool.run(sox, [path, "-n", "stat"])
            #expect(r.status == 0 && !r.err.contains("WARN"), "\(r.err)")
        }
    }
}
