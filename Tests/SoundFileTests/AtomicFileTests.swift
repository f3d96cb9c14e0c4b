import Foundation
import HapticTestSupport
import Testing

@testable import SoundFile

#if canImport(Glibc)
    import Glibc
#endif

/// ``AtomicFile``: the one path every output takes.
@Suite("Atomic file")
struct AtomicFileTests {
    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test("An input of the scope is refused by identity: through a symlink and a hard link too")
    func inputsAreNeverDestinations() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let input = folder.file("in.txt")
        try Data("input".utf8).write(to: URL(fileURLWithPath: input))
        #expect(symlink(input, folder.file("link.txt")) == 0)
        #expect(link(input, folder.file("hard.txt")) == 0)
        let scope = InputFiles()
        scope.protect(input)
        try InputFiles.$current.withValue(scope) {
            for name in ["in.txt", "link.txt", "hard.txt", "./in.txt"] {
                let path = name.hasPrefix(".") ? folder.path + "/" + name : folder.file(name)
                #expect(throws: SoundFileError.destinationIsInput(path: path, input: input)) {
                    try AtomicFile.write(Array("x".utf8), to: path, replacing: .replace)
                }
            }
        }
        #expect(try read(input) == "input")
        // Outside the scope nothing is recorded: a library process may rewrite what it read.
        try AtomicFile.write(Array("new".utf8), to: input, replacing: .replace)
        #expect(try read(input) == "new")
    }

    @Test("A rewrite follows a symbolic link and keeps the file's mode and owner")
    func rewriteThroughSymlinkKeepsModeAndOwner() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let target = folder.file("real.m3u8")
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o640) == 0)
        let owned = getuid() == 0 && chown(target, 1234, 1234) == 0
        #expect(symlink("real.m3u8", folder.file("link.m3u8")) == 0)
        try AtomicFile.write(Array("new".utf8), to: folder.file("link.m3u8"), replacing: .rewrite)
        #expect(try read(target) == "new")
        var st = stat()
        #expect(lstat(folder.file("link.m3u8"), &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
        #expect(stat(target, &st) == 0 && st.st_mode & 0o7777 == 0o640)
        if owned { #expect(st.st_uid == 1234 && st.st_gid == 1234) }
        #expect(try folder.contents().sorted() == ["link.m3u8", "real.m3u8"])
    }

    @Test("A rewrite keeps hard links: every name sees the new content, no temporary is left")
    func rewriteKeepsHardLinks() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let a = folder.file("a.m3u8")
        try Data("old".utf8).write(to: URL(fileURLWithPath: a))
        #expect(link(a, folder.file("b.m3u8")) == 0)
        var before = stat()
        #expect(stat(a, &before) == 0)
        try AtomicFile.write(Array("new content".utf8), to: a, replacing: .rewrite)
        var after = stat()
        #expect(stat(folder.file("b.m3u8"), &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_nlink == 2)
        #expect(try read(folder.file("b.m3u8")) == "new content")
        #expect(try folder.contents().sorted() == ["a.m3u8", "b.m3u8"])
    }

    @Test("A temporary name left by an earlier process with this pid is skipped, not reused")
    func staleTemporaryNamesAreSkipped() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let pid = getpid()
        // Every name this process could pick next for out.txt, taken by "an earlier run".
        var planted: [String] = []
        for n in 0..<200 {
            let name = ".out.txt.ahap-render-\(pid)-\(n).partial"
            planted.append(name)
            FileManager.default.createFile(atPath: folder.file(name), contents: Data("x".utf8))
        }
        try AtomicFile.write(Array("ok".utf8), to: folder.file("out.txt"), replacing: .never)
        #expect(try read(folder.file("out.txt")) == "ok")
        #expect(Set(try folder.contents()) == Set(planted + ["out.txt"]))
    }

    @Test("An unnamed file is never visible and its bytes come back from the writer")
    func unnamedWriterLeavesNothing() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        var writer = try SoundFileWriter(
            unnamedIn: folder.path, format: .wav, sampleFormat: .pcm16, sampleRate: 8_000,
            channels: 1)
        try writer.write([Float](repeating: 0.25, count: 800))
        #expect(try folder.contents().isEmpty)
        let bytes = try writer.finishBytes()
        #expect(String(decoding: bytes.prefix(4), as: UTF8.self) == "RIFF")
        #expect(bytes.count == 80 + 1_600)  // RIFF 12, JUNK 36, fmt 24, data 8; the samples
        #expect(try folder.contents().isEmpty)
    }

    static func append(_ text: String, to file: borrowing AtomicFile) throws {
        try Array(text.utf8).withUnsafeBufferPointer { (b) throws(SoundFileError) in
            try file.append(UnsafeRawBufferPointer(b))
        }
    }

    @Test("A link to a file: the file it points to is replaced, never the link")
    func aLinkToAFileReplacesTheFile() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        try folder.write("real/out.txt", "old")
        #expect(symlink("real/out.txt", folder.file("link")) == 0)
        #expect(symlink(folder.file("link"), folder.file("chain")) == 0)
        for name in ["link", "chain"] {
            #expect(throws: SoundFileError.destinationExists(path: folder.file(name))) {
                try AtomicFile.write(Array("new".utf8), to: folder.file(name), replacing: .never)
            }
            try AtomicFile.write(Array(name.utf8), to: folder.file(name), replacing: .replace)
            #expect(try read(folder.file("real/out.txt")) == name)
        }
        var st = stat()
        #expect(lstat(folder.file("link"), &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
        #expect(try folder.contents() == ["chain", "link", "real"])
        // A dangling link: the file it names is made.
        #expect(symlink("made.txt", folder.file("dangling")) == 0)
        try AtomicFile.write(Array("x".utf8), to: folder.file("dangling"), replacing: .replace)
        #expect(try read(folder.file("made.txt")) == "x")
        // A loop is refused as `open` refuses it.
        #expect(symlink("loop", folder.file("loop")) == 0)
        #expect(throws: SoundFileError.self) {
            try AtomicFile.write(Array("x".utf8), to: folder.file("loop"), replacing: .replace)
        }
        #expect(lstat(folder.file("loop"), &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
    }

    @Test("A descriptor named through /dev/fd or /proc/self/fd is written through, in order")
    func descriptorNamesAreWrittenThrough() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let fd = open(folder.file("target"), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(write(fd, "head ", 5) == 5)
        for name in ["/dev/fd/\(fd)", "/proc/self/fd/\(fd)", "/proc/\(getpid())/fd/\(fd)"] {
            var file = try AtomicFile(path: name, replacing: .never)
            let sequential = file.isSequential
            #expect(sequential)
            try Self.append("x", to: file)
            try file.commit()
        }
        // Each went after what the descriptor had written, as `>>` and `-o -` do.
        #expect(try read(folder.file("target")) == "head xxx")
        #expect(try folder.contents() == ["target"])
        #expect(throws: SoundFileError.self) {
            _ = try AtomicFile(path: "/proc/self/fd/987654", replacing: .replace)
        }
        #expect(throws: SoundFileError.self) {
            _ = try AtomicFile(path: "/proc/self/status", replacing: .replace)
        }
    }

    @Test("Folders made for an output go again when nothing is published in them")
    func foldersMadeForAFailedOutputAreRemoved() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        try AtomicFile.$createsFolders.withValue(true) {
            var kept = try AtomicFile(path: folder.file("a/b/kept.txt"), replacing: .never)
            try Self.append("k", to: kept)
            try kept.commit()
            do {
                let dropped = try AtomicFile(path: folder.file("a/c/d/gone.txt"), replacing: .never)
                dropped.abandon()
            }
        }
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
                == ["a", "a/b", "a/b/kept.txt"])
        // Without the setting, a missing folder is an error, as it always was.
        #expect(throws: SoundFileError.self) {
            _ = try AtomicFile(path: folder.file("x/y.txt"), replacing: .never)
        }
    }

    @Test("A NaN or infinite sample is refused by the writer, naming the frame")
    func nonFiniteSamplesAreRefused() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        var writer = try SoundFileWriter(
            path: folder.file("x.flac"), format: .flac, sampleRate: 48_000, channels: 2)
        var block = [Float](repeating: 0, count: 200)
        block[51] = .nan
        #expect(throws: SoundFileError.nonFiniteSample(path: folder.file("x.flac"), frame: 25)) {
            try writer.write(block)
        }
        writer.cancel()
        #expect(try folder.contents().isEmpty)
    }
}
