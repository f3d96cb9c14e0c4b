import Foundation
import HapticTestSupport
import SoundFile
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Hostile destinations")
struct HostileDestinationTests {
    let block = testSignal(frames: 4_800, channels: 2, sampleRate: 48_000)

    @Test(
        "A full disk fails with the path and leaves no partial file, and an old file intact",
        .enabled(if: TmpfsMount.available, "needs CAP_SYS_ADMIN to mount a 256 KiB tmpfs"))
    func fullDisk() throws {
        let disk = try #require(try TmpfsMount(options: "size=256k"))
        let path = disk.path + "/out.wav"
        try writeFile(path, [0.5, -0.5], format: .wav, channels: 1)
        let old = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            var writer = try SoundFileWriter(
                path: path, format: .wav, sampleFormat: .float32,
                sampleRate: 48_000, channels: 2, overwrite: true)
            for _ in 0..<40 { try writer.write(block) }  // 1.5 MB into 256 KiB
            try writer.finish()
            Issue.record("writing 1.5 MB to a 256 KiB disk succeeded")
        } catch {
            #expect(error.path == path)
            #expect(
                error.description.contains("No space left") || error.description.contains("space"),
                "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["out.wav"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == old)
    }

    @Test(
        "A full disk found only at finish() publishes nothing",
        .enabled(if: TmpfsMount.available, "needs CAP_SYS_ADMIN to mount a tmpfs"))
    func fullDiskAtFinish() throws {
        // FLAC buffers whole blocks: small writes may succeed and fail only on close.
        let disk = try #require(try TmpfsMount(options: "size=8k"))
        let path = disk.path + "/out.flac"
        do {
            var writer = try SoundFileWriter(
                path: path, format: .flac, sampleRate: 48_000, channels: 2)
            for _ in 0..<10 { try writer.write(block) }
            try writer.finish()
            Issue.record("writing to an 8 KiB disk succeeded")
        } catch {
            #expect(error.path == path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty)
    }

    @Test(
        "A read-only folder fails up front, even for root",
        .enabled(if: TmpfsMount.available, "needs CAP_SYS_ADMIN to mount a read-only tmpfs"))
    func readOnlyFolder() throws {
        let disk = try #require(try TmpfsMount(options: "size=64k", readOnly: true))
        let path = disk.path + "/out.wav"
        do {
            _ = try SoundFileWriter(path: path, format: .wav, sampleRate: 48_000, channels: 1)
            Issue.record("opened a file on a read-only file system")
        } catch {
            guard case .fileSystem(let p, let call, let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(p == path && call == "open")
            #expect(message.contains("Read-only"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty)
    }
}
