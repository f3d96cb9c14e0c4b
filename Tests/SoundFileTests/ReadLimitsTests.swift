import Foundation
import HapticTestSupport
import SoundFile
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The open-time limits (regular files only, size on disk, declared length) and the
/// shared memory budget for all custom audio.
@Suite("Read limits and hostile inputs")
struct ReadLimitsTests {
    func readError(_ path: String, _ limits: SoundFileReadLimits = .default) -> SoundFileError? {
        do {
            _ = try SoundFile.read(path: path, limits: limits)
            return nil
        } catch { return error }
    }

    @Test("A file larger than maxFileBytes is refused before libsndfile parses it")
    func fileSize() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("big.wav")
        try writeFile(
            path, testSignal(frames: 1_000, channels: 1, sampleRate: 48_000), format: .wav,
            channels: 1)
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(try SoundFile.read(path: path, limits: .init(maxFileBytes: size)).frames == 1_000)
        let error = try #require(readError(path, .init(maxFileBytes: size - 1)))
        guard case .tooLarge(let p, let detail) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(p == path && detail.contains("maxFileBytes"))

        // A 100 GB sparse "WAV" with the default limits: refused from its size alone.
        let huge = folder.file("huge.wav")
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: 100 << 30)
        try handle.close()
        guard case .tooLarge = try #require(readError(huge)) else {
            Issue.record("not refused for size")
            return
        }
        #expect(throws: SoundFileError.self) { _ = try SoundFile.info(path: huge) }
    }

    @Test("A declared length over maxDurationSeconds is refused from the header")
    func duration() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("two-seconds.wav")
        try writeFile(
            path, [Float](repeating: 0, count: 16_000), format: .wav, sampleRate: 8_000, channels: 1
        )
        #expect(
            try SoundFile.info(path: path, limits: .init(maxDurationSeconds: 2)).frames == 16_000)
        let error = try #require(readError(path, .init(maxDurationSeconds: 1.5)))
        guard case .tooLarge(_, let detail) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(detail.contains("maxDurationSeconds"))
        #expect(throws: SoundFileError.self) {
            _ = try SoundFile.info(path: path, limits: .init(maxDurationSeconds: 1.5))
        }
    }

    @Test("A FIFO is refused at once instead of blocking the reader")
    func fifo() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("pipe.wav")
        #expect(mkfifo(path, 0o644) == 0)
        let error = try #require(readError(path))  // would block forever in sf_open
        guard case .openFailed(_, let message) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(message.contains("pipe"))
    }

    @Test("Directories and devices are refused with what they are")
    func notRegular() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        guard case .openFailed(_, let dir) = try #require(readError(folder.path)) else {
            Issue.record("dir")
            return
        }
        #expect(dir.contains("directory"))
        guard case .openFailed(_, let device) = try #require(readError("/dev/zero")) else {
            Issue.record("device")
            return
        }
        #expect(device.contains("device"))
    }

    @Test("A file that cannot be opened (a path under a regular file) says why")
    func unreadable() throws {
        // Root ignores permission bits, so a path that cannot exist stands in for an
        // unreadable file: every user gets ENOTDIR.
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        try Data([1]).write(to: URL(fileURLWithPath: folder.file("plain")))
        guard
            case .openFailed(_, let message) = try #require(
                readError(folder.file("plain/sound.wav")))
        else {
            Issue.record("not openFailed")
            return
        }
        #expect(message.contains("Not a directory"))
    }

    @Test("Corrupt audio after a valid header fails or stops cleanly, within the limits")
    func corruptData() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("corrupt.flac")
        try writeFile(
            path, testSignal(frames: 48_000, channels: 1, sampleRate: 48_000), format: .flac,
            channels: 1)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        for i in stride(from: bytes.count / 2, to: bytes.count, by: 7) { bytes[i] ^= 0xA5 }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            let audio = try SoundFile.read(path: path)
            #expect(audio.frames <= 48_000)
        } catch {
            #expect(error.path == path)
            #expect(!error.description.isEmpty)
        }
    }

    @Test("The memory budget is shared by every file and never overdrawn")
    func budget() throws {
        var budget = AudioMemoryBudget(maxBytes: 1_000)
        #expect(AudioMemoryBudget().maxBytes == 512 << 20)
        try budget.reserve(bytes: 600, path: "a.wav")
        #expect(budget.remainingBytes == 400)
        #expect(budget.readLimits().maxBytes == 400)
        #expect(budget.readLimits(.init(maxBytes: 100)).maxBytes == 100)
        #expect(throws: SoundFileError.self) { try budget.reserve(bytes: 401, path: "b.wav") }
        #expect(budget.usedBytes == 600)  // a refused reservation takes nothing
        try budget.reserve(
            DecodedAudio(
                sampleRate: 8_000, channels: 1, samples: [Float](repeating: 0, count: 100)),
            path: "c.wav")
        #expect(budget.remainingBytes == 0)

        // A read within the budget's limits cannot decode past what is left.
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("one.wav")
        try writeFile(
            path, [Float](repeating: 0, count: 1_000), format: .wav, sampleRate: 8_000, channels: 1)
        let small = AudioMemoryBudget(maxBytes: 3_999)
        guard case .tooLarge = try #require(readError(path, small.readLimits())) else {
            Issue.record("read past budget")
            return
        }
        #expect(
            try SoundFile.read(path: path, limits: AudioMemoryBudget(maxBytes: 4_000).readLimits())
                .frames == 1_000)
    }
}
