import Foundation
import HapticTestSupport
import SoundFile
import Testing

/// The conventions every command shares (docs/cli.md): one error format without usage text
/// after a runtime error, one wording and exit status for an existing output, `-` for
/// standard input, default outputs, summaries that read right.
@Suite struct CLIMannersTests {
    /// A runtime error is one `subject: error: message` line; only a mistake in the command
    /// line's syntax gets the usage text.
    @Test func errorsAreOneCompilerStyleLine() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let a = try dir.write("a.ahap", renderFixture)
        let b = try dir.write("b.ahap", renderFixture)
        let two = try CLI.run(["render", a, b, "-o", dir.path + "/x.wav"])
        #expect(two.status == 64)
        #expect(
            two.stderr
                == "ahap-render: error: -o names one output but 2 inputs were found; use --output-dir\n"
        )
        let broken = try dir.write("broken.ahap", "{\"Pattern\": [\n  {\"Event\": 3}]}")
        let rejected = try CLI.run(["inspect", broken])
        #expect(rejected.status == 1)
        #expect(rejected.stderr.hasPrefix("\(broken):1:13: error: "), "\(rejected.stderr)")
        for r in [two, rejected] {
            #expect(!r.stderr.contains("Error: ") && !r.stderr.contains("Usage:"), "\(r.stderr)")
        }
        let syntax = try CLI.run(["render", a, "--outptu", "x.wav"])
        #expect(syntax.status == 64)
        #expect(syntax.stderr.hasPrefix("ahap-render: error: Unknown option '--outptu'"))
        #expect(syntax.stderr.contains("Usage: ahap-render render"))
    }

    /// Every command that writes refuses an existing output in the same words, exit 1.
    @Test func anExistingOutputIsRefusedAlikeEverywhere() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let playlist = try dir.write(
            "master.m3u8", "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n")
        let audio = dir.path + "/a.wav"
        #expect(try CLI.run(["render", input, "--layout", "audio", "-o", audio]).status == 0)
        let taken = try dir.write("taken", "keep")
        let cases: [(arguments: [String], subject: String)] = [
            (["render", input, "-o", taken, "--type", "wav"], input),
            (["plot", input, "-o", taken + ".svg"], input),
            (["actuator", "coin", "-o", taken + ".svg"], "coin"),
            (["hls", playlist, "--haptics", "p.ahap", "-o", taken], playlist),
            (["generate", audio, "-o", taken], audio),
        ]
        try dir.write("taken.svg", "keep")
        for (arguments, subject) in cases {
            let output = arguments[arguments.firstIndex(of: "-o")! + 1]
            let r = try CLI.run(arguments)
            #expect(r.status == 1, "\(arguments): \(r.stderr)")
            #expect(
                r.stderr.contains(
                    "\(subject): error: \(output) already exists; use --force to replace it"),
                "\(arguments): \(r.stderr)")
            #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep")
        }
    }

    /// `-` reads standard input wherever a file is read.
    @Test func dashIsStandardInput() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let pattern = Data(renderFixture.utf8)
        let render = try CLI.runRaw(
            ["render", "-", "-o", dir.path + "/stdin.wav"], stdin: pattern)
        #expect(render.status == 0, "\(render.stderr)")
        let file = try dir.write("p.ahap", renderFixture)
        #expect(try CLI.run(["render", file, "-o", dir.path + "/file.wav"]).status == 0)
        // The same samples (the metadata names the source: `<stdin>`).
        #expect(
            try readBack(dir.path + "/stdin.wav").samples
                == readBack(dir.path + "/file.wav").samples)
        #expect(
            try CLI.runRaw(["render", "-"], stdin: pattern).status == 64,
            "standard input needs -o")
        let inspect = try CLI.runRaw(["inspect", "-"], stdin: pattern)
        #expect(String(decoding: inspect.stdout, as: UTF8.self).hasPrefix("<stdin>\n"))
        let plot = try CLI.runRaw(["plot", "-", "-o", dir.path + "/p.svg"], stdin: pattern)
        #expect(plot.status == 0 && FileManager.default.fileExists(atPath: dir.path + "/p.svg"))
        let profile = Data(#"{"base": "iphone", "name": "piped", "resonanceHz": 170}"#.utf8)
        let actuator = try CLI.runRaw(["actuator", "-"], stdin: profile)
        #expect(String(decoding: actuator.stdout, as: UTF8.self).hasPrefix("actuator piped"))
        let playlist = Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n".utf8)
        let hls = try CLI.runRaw(["hls", "-", "--haptics", "h.ahap"], stdin: playlist)
        #expect(
            String(decoding: hls.stdout, as: UTF8.self).contains(
                #"DATA-ID="com.apple.hls.haptics.url",URI="h.ahap""#))
        let wav = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/file.wav"))
        let generate = try CLI.runRaw(["generate", "-", "-o", dir.path + "/g.ahap"], stdin: wav)
        #expect(generate.status == 0, "\(generate.stderr)")
    }

    /// `plot` without `-o` writes the page next to its input, like `render`.
    @Test func plotWritesNextToItsInputByDefault() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("Tap.ahap", renderFixture)
        let r = try CLI.run(["plot", input])
        #expect(r.status == 0 && r.stderr.hasPrefix("wrote \(dir.path)/Tap.html"), "\(r.stderr)")
        let html = try String(contentsOfFile: dir.path + "/Tap.html", encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
    }

    /// A rejected file still gives JSON on standard output: the diagnostics say why.
    @Test func inspectJSONOfARejectedFileCarriesItsDiagnostics() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let broken = try dir.write("broken.ahap", "{\"Pattern\": [")
        let r = try CLI.run(["inspect", "--format", "json", broken])
        #expect(r.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["file"] as? String == broken && object["accepted"] as? Bool == false)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["severity"] as? String == "error")
    }

    /// Summaries count right: no "0.0 s of audio in 0.0 s (0× realtime)" when nothing was
    /// rendered, and one file is "1 file".
    @Test func summariesReadRight() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let first = try CLI.run(["render", input])
        #expect(first.stderr.contains("rendered 1 of 1 file: "), "\(first.stderr)")
        #expect(first.stderr.contains("(render length "), "\(first.stderr)")
        let again = try CLI.run(["render", input, "--skip-existing"])
        #expect(again.stderr.hasSuffix("rendered 0 of 1 file; 1 skipped (already there)\n"))
        #expect(!again.stderr.contains("0.0 s") && !again.stderr.contains("0× realtime"))
    }

    /// What `generate` writes passes its own `lint` without a warning or a note (`"Version":
    /// 1.0`, not the integer Core Haptics only notes).
    @Test func generatedFilesAreCleanForTheirOwnLint() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let generated = dir.path + "/trailer.ahap"
        let g = try CLI.run([
            "generate", repositoryRoot + "/Examples/Audio/trailer.flac", "-o", generated,
        ])
        #expect(g.status == 0, "\(g.stderr)")
        #expect(
            try String(contentsOfFile: generated, encoding: .utf8).contains("\"Version\": 1.0,"))
        let lint = try CLI.run(["lint", "--warnings-as-errors", "--notes", generated])
        #expect(lint.status == 0 && lint.stdout.isEmpty, "\(lint.stdout)")
    }

    /// `render --format` (the container) still works, saying it is deprecated; so does
    /// `generate --max-duration` (its input limit, now `--max-input-duration`).
    @Test func renamedOptionsKeepWorkingWithADeprecationNote() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let old = try CLI.run(["render", input, "--format", "flac", "-o", dir.path + "/p.flac"])
        #expect(old.status == 0 && old.stderr.contains("--format is deprecated"), "\(old.stderr)")
        #expect(try SoundFile.info(path: dir.path + "/p.flac").container == .flac)
        let help = try CLI.run(["render", "--help"]).stdout
        #expect(help.contains("--type <type>") && !help.contains("--format"))
        #expect(!help.contains("(default: all cores). (default:"), "one default for --jobs")
    }
}

/// The checkout this test was built from (Examples/, README.md, docs/).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
