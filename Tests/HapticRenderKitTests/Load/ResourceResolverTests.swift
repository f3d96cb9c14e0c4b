import Foundation
import HapticPattern
import HapticRenderKit
import HapticTestSupport
import Testing

@Suite struct ResourceResolverTests {
    /// A fresh temp folder layout:
    /// root/ahap/{pattern.ahap, near.wav, sub/deep.wav, link-out.wav -> ../outside/secret.wav}
    /// root/extra/sounds/x.wav, root/outside/secret.wav
    struct Layout {
        let folder: TempFolder
        var root: String { folder.path }
        var ahapDir: String { root + "/ahap" }
        init() throws {
            folder = try TempFolder()
            let fm = FileManager.default
            for d in ["ahap/sub", "extra/sounds", "outside"] {
                try fm.createDirectory(atPath: root + "/" + d, withIntermediateDirectories: true)
            }
            for f in [
                "ahap/near.wav", "ahap/sub/deep.wav", "extra/sounds/x.wav", "outside/secret.wav",
            ] {
                #expect(fm.createFile(atPath: root + "/" + f, contents: Data([1, 2, 3])))
            }
            try fm.createSymbolicLink(
                atPath: root + "/ahap/link-out.wav",
                withDestinationPath: root + "/outside/secret.wav")
        }
        func cleanUp() { folder.cleanUp() }
        func real(_ p: String) -> String {
            URL(fileURLWithPath: root + "/" + p).resolvingSymlinksInPath().path
        }
    }

    @Test func resolvesRelativeFallbackAndSearchRoots() throws {
        let l = try Layout()
        defer { l.cleanUp() }
        let r = AudioResourceResolver(baseDirectory: l.ahapDir, searchRoots: [l.root + "/extra"])
        #expect(r.resolve("near.wav") == .resolved(l.real("ahap/near.wav")))
        #expect(r.resolve("sub/deep.wav") == .resolved(l.real("ahap/sub/deep.wav")))
        // Apple's Drums.ahap case: a bundle path whose file sits beside the AHAP.
        #expect(r.resolve("AHAP/near.wav") == .resolved(l.real("ahap/near.wav")))
        #expect(r.resolve("sounds/x.wav") == .resolved(l.real("extra/sounds/x.wav")))
        guard case .notFound(let tried) = r.resolve("missing/none.wav") else {
            Issue.record("found")
            return
        }
        #expect(
            tried == [
                l.ahapDir + "/missing/none.wav", l.ahapDir + "/none.wav",
                l.root + "/extra/missing/none.wav", l.root + "/extra/none.wav",
            ])
    }

    @Test func refusesEscapes() throws {
        let l = try Layout()
        defer { l.cleanUp() }
        let r = AudioResourceResolver(baseDirectory: l.ahapDir)
        guard case .refused = r.resolve("../outside/secret.wav") else {
            Issue.record("dot-dot not refused")
            return
        }
        guard case .refused = r.resolve(l.root + "/outside/secret.wav") else {
            Issue.record("absolute not refused")
            return
        }
        guard case .refused = r.resolve("/etc/passwd") else {
            Issue.record("absolute not refused")
            return
        }
        guard case .refused = r.resolve("link-out.wav") else {
            Issue.record("symlink out not refused")
            return
        }
        let open = AudioResourceResolver(baseDirectory: l.ahapDir, allowEscaping: true)
        #expect(open.resolve("../outside/secret.wav") == .resolved(l.real("outside/secret.wav")))
        #expect(open.resolve("link-out.wav") == .resolved(l.real("outside/secret.wav")))
        #expect(
            open.resolve(l.root + "/outside/secret.wav") == .resolved(l.real("outside/secret.wav")))
    }

    @Test func documentReportsResourcesBySeverity() throws {
        let l = try Layout()
        defer { l.cleanUp() }
        let text = """
            {"Pattern": [
              {"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "near.wav"}},
              {"Event": {"Time": 1, "EventType": "AudioCustom", "EventWaveformPath": "gone.wav"}},
              {"Event": {"Time": 2, "EventType": "AudioCustom", "EventWaveformPath": "AHAP/near.wav"}}
            ]}
            """
        let url = URL(fileURLWithPath: l.ahapDir + "/pattern.ahap")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let lenient = PatternDocument.load(contentsOf: url)
        #expect(lenient.result.accepted)
        #expect(lenient.resources["near.wav"] == .resolved(l.real("ahap/near.wav")))
        let missing = try #require(lenient.result.with(.resourceNotFound).first)
        #expect(missing.severity == .warning && missing.coreHapticsCode == -4830)
        let gone = try #require(location(of: "\"gone.wav\"", in: text))
        #expect(
            missing.line == gone.line && missing.column == gone.column
                && missing.path == "Pattern[1].Event.EventWaveformPath")
        #expect(lenient.result.with(.resourceFallback).count == 1)
        let strict = PatternDocument.load(contentsOf: url, options: .init(mode: .strict))
        #expect(!strict.result.accepted)
        #expect(strict.result.errors.map(\.code) == [.resourceNotFound])
    }
}
