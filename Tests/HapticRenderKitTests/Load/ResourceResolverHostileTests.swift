import Foundation
import HapticPattern
import HapticRenderKit
import HapticTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Resource paths that are not escapes but still must not be read: pipes, devices, empty and
/// NUL-bearing names. (Escapes — `..`, absolute paths, symlinks out — are in
/// ``ResourceResolverTests/refusesEscapes()``.)
@Suite struct ResourceResolverHostileTests {
    @Test func aPipeBesideTheAHAPFileIsRefusedNotOpened() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.path
        #expect(mkfifo(dir + "/pipe.wav", 0o644) == 0)
        guard
            case .refused(let reason) = AudioResourceResolver(baseDirectory: dir).resolve(
                "pipe.wav")
        else {
            Issue.record("a FIFO resolved")
            return
        }
        #expect(reason.contains("not a regular file"))
        // Allowing escapes does not make a pipe readable.
        guard
            case .refused = AudioResourceResolver(baseDirectory: dir, allowEscaping: true).resolve(
                "pipe.wav")
        else {
            Issue.record("a FIFO resolved with allowEscaping")
            return
        }
    }

    @Test func aSymlinkToADeviceInsideTheFolderIsRefused() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.path
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/zero.wav", withDestinationPath: "/dev/zero")
        guard case .refused = AudioResourceResolver(baseDirectory: dir).resolve("zero.wav") else {
            Issue.record("resolved")
            return
        }
        guard
            case .refused = AudioResourceResolver(baseDirectory: dir, allowEscaping: true).resolve(
                "/dev/zero")
        else {
            Issue.record("/dev/zero resolved")
            return
        }
    }

    @Test func emptyDotAndNULNamesAreNotFound() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.path
        let resolver = AudioResourceResolver(baseDirectory: dir)
        for name in ["", ".", "..", "\u{0}a.wav", "a.wav\u{0}/../../../etc/passwd"] {
            #expect(resolver.resolve(name).path == nil, "\(name.debugDescription) resolved")
        }
    }

    @Test func aDocumentWhoseAudioIsAPipeStillLoadsAndSaysWhy() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.path
        #expect(mkfifo(dir + "/pipe.wav", 0o644) == 0)
        let url = URL(fileURLWithPath: dir + "/p.ahap")
        try ahap(
            #"{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "pipe.wav"}}"#,
            transient
        )
        .write(to: url, atomically: true, encoding: .utf8)
        let document = PatternDocument.load(contentsOf: url)
        #expect(document.result.accepted)
        let refused = try #require(document.result.with(.resourceRefused).first)
        #expect(refused.path == "Pattern[0].Event.EventWaveformPath")
        #expect(refused.severity == .warning)
    }
}
