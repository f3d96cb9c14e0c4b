import Foundation
import HapticTestSupport
import SoundFile
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Atomic writer")
struct AtomicWriterTests {
    let block = testSignal(frames: 4_800, channels: 2, sampleRate: 48_000)

    @Test("Only a hidden temporary file exists until finish, then only the destination")
    func publishOnFinish() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("out.wav")
        var writer = try SoundFileWriter(path: path, format: .wav, sampleRate: 48_000, channels: 2)
        try writer.write(block)
        let during = try folder.contents()
        #expect(during.count == 1)
        #expect(during.first?.hasPrefix(".out.wav.ahap-render-") == true)
        #expect(during.first?.hasSuffix(".partial") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.finish()
        #expect(try folder.contents() == ["out.wav"])
    }

    @Test("cancel() leaves nothing behind")
    func cancel() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        var writer = try SoundFileWriter(
            path: folder.file("out.flac"), format: .flac, sampleRate: 48_000, channels: 2)
        try writer.write(block)
        writer.cancel()
        #expect(try folder.contents().isEmpty)
    }

    struct RenderFailed: Error {}

    @Test("A thrown error mid-render leaves nothing behind")
    func thrownError() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("out.ogg")
        func render() throws {
            var writer = try SoundFileWriter(
                path: path, format: .ogg, sampleRate: 48_000, channels: 2)
            try writer.write(block)
            throw RenderFailed()
        }
        #expect(throws: RenderFailed.self) { try render() }
        #expect(try folder.contents().isEmpty)
    }

    @Test("An existing file is refused up front and left untouched")
    func refuseOverwrite() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("keep.wav")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SoundFileError.destinationExists(path: path)) {
            _ = try SoundFileWriter(path: path, format: .wav, sampleRate: 48_000, channels: 1)
        }
        #expect(throws: SoundFileError.destinationExists(path: path)) {
            try SoundFileWriter.checkDestination(path: path, overwrite: false)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        #expect(try folder.contents() == ["keep.wav"])
    }

    @Test("overwrite: true replaces the file")
    func overwrite() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("replace.wav")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try writeFile(path, block, format: .wav, channels: 2, overwrite: true)
        #expect(try SoundFile.read(path: path).samples == block)
        #expect(try folder.contents() == ["replace.wav"])
    }

    @Test("A file that appears during the render is not replaced")
    func appearsDuringRender() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("race.wav")
        var writer = try SoundFileWriter(path: path, format: .wav, sampleRate: 48_000, channels: 2)
        try writer.write(block)
        try Data("someone else's".utf8).write(to: URL(fileURLWithPath: path))
        // `finish()` consumes the writer, so it cannot run inside an `#expect` closure.
        var thrown: SoundFileError?
        do { try writer.finish() } catch { thrown = error }
        #expect(thrown == .destinationExists(path: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "someone else's")
        #expect(try folder.contents() == ["race.wav"])
    }

    @Test("A directory destination is refused")
    func directory() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        #expect(throws: SoundFileError.destinationIsDirectory(path: folder.path)) {
            _ = try SoundFileWriter(
                path: folder.path, format: .wav, sampleRate: 48_000, channels: 1, overwrite: true)
        }
    }

    /// The file system error for an unusable folder, checking that it names a path in it.
    func fileSystemFailure(_ path: String) -> String? {
        do {
            _ = try SoundFileWriter(path: path, format: .wav, sampleRate: 48_000, channels: 1)
            return nil
        } catch {
            guard case .fileSystem(let p, let call, let message) = error else { return nil }
            #expect(p == path)
            #expect(call == "open")
            #expect(error.description.contains(message))
            return message
        }
    }

    @Test("A missing folder fails with a clear error")
    func missingFolder() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let message = try #require(fileSystemFailure(folder.file("no/such/dir/out.wav")))
        #expect(message.contains("No such file"))
    }

    @Test("A folder that is a file fails with a clear error")
    func folderIsAFile() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        try Data().write(to: URL(fileURLWithPath: folder.file("plain")))
        let message = try #require(fileSystemFailure(folder.file("plain/out.wav")))
        #expect(message.contains("Not a directory"))
    }

    @Test(
        "A read-only folder fails with a clear error",
        .enabled(if: geteuid() != 0, "root ignores permissions"))
    func readOnlyFolder() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(
            atPath: locked, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o555])
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked)
        }
        let message = try #require(fileSystemFailure(locked + "/out.wav"))
        #expect(message.contains("Permission denied"))
    }

    @Test(
        "A full device reports the failure with the path",
        .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func fullDisk() throws {
        do {
            var writer = try SoundFileWriter(
                path: "/dev/full", format: .wav, sampleRate: 48_000, channels: 2)
            for _ in 0..<20 { try writer.write(block) }
            try writer.finish()
            Issue.record("writing to /dev/full succeeded")
        } catch {
            #expect(error.path == "/dev/full")
            #expect(error.description.contains("/dev/full"))
        }
    }

    @Test("Devices are written directly (no temporary file next to them)")
    func devNull() throws {
        var writer = try SoundFileWriter(
            path: "/dev/null", format: .wav, sampleRate: 48_000, channels: 2)
        try writer.write(block)
        try writer.finish()
        #expect(FileManager.default.fileExists(atPath: "/dev/null"))
    }
}
