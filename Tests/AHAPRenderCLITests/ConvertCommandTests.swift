import Foundation
import HapticTestSupport
import Testing

@Suite struct ConvertCommandTests {
    static let heartbeat = Corpus.packageRoot.appendingPathComponent(
        "Examples/Patterns/Heartbeat.ahap"
    ).path

    @Test func convertsNextToTheInputToOAndToAFolder() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("in/Tap.ahap", goodAHAP)
        let beside = try CLI.run(["convert", input, "--to", "haptic"])
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/in/Tap.haptic"))
        #expect(beside.stderr.contains("wrote \(dir.path)/in/Tap.haptic"))
        // The .haptic reads back (lint detects it by content) and converts on.
        #expect(try CLI.run(["lint", "--strict", dir.path + "/in/Tap.haptic"]).status == 0)
        let json = try CLI.run([
            "convert", dir.path + "/in/Tap.haptic", "--to", "android", "-o", dir.path + "/Tap.json",
        ])
        #expect(json.status == 0)
        let effect =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: dir.path + "/Tap.json")))
            as? [String: Any]
        #expect(effect?["format"] as? String == "hapticrender.android-effect")
        // A folder: .ahap and .haptic files, outputs mirroring it; two inputs named Tap.* would
        // both write out/Tap.kt: a usage error before anything is written.
        try dir.write("in/sub/Knock.ahap", goodAHAP)
        let arguments = [
            "convert", dir.path + "/in", "--to", "kotlin", "--output-dir", dir.path + "/out",
        ]
        let clash = try CLI.run(arguments)
        #expect(
            clash.status == 64 && clash.stderr.contains("would both convert to")
                && clash.stderr.contains("on its own with -o"), "\(clash.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/out"))
        try FileManager.default.removeItem(atPath: input)
        let folder = try CLI.run(arguments)
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/out/sub/Knock.kt"))
        let kotlin = try String(contentsOfFile: dir.path + "/out/Tap.kt", encoding: .utf8)
        #expect(kotlin.contains("object TapHaptics"))
    }

    @Test func refusesToOverwrite() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("Tap.ahap", goodAHAP)
        // The output would be the input: a usage error, whatever name reaches it.
        let same = try CLI.run(["convert", input, "--to", "ahap"])
        #expect(same.status == 64 && same.stderr.contains("an input is never overwritten"))
        #expect(
            try CLI.run([
                "convert", input, "--to", "ahap", "-o", dir.path + "/./Tap.ahap", "--force",
            ])
            .status == 64)
        #expect(try String(contentsOfFile: input, encoding: .utf8) == goodAHAP)
        #expect(try CLI.run(["convert", input, "--to", "haptic"]).status == 0)
        let again = try CLI.run(["convert", input, "--to", "haptic"])
        #expect(again.status == 1 && again.stderr.contains("--force"))
        #expect(try CLI.run(["convert", input, "--to", "haptic", "--force"]).status == 0)
    }

    @Test func usageAndRejectedInputs() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let a = try dir.write("a.ahap", goodAHAP)
        let b = try dir.write("b.ahap", goodAHAP)
        // The targets are the registry's: what --to accepts, refuses and lists.
        let wav = try CLI.run(["convert", a, "--to", "wav"])
        #expect(
            wav.status == 64
                && ["'ahap'", "'haptic'", "'hjif'", "'android'", "'kotlin'"].allSatisfy(
                    wav.stderr.contains),
            "\(wav.stderr)")
        // The help as one line: its columns wrap wherever the terminal width puts them.
        let help = try CLI.run(["convert", "--help"]).stdout
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            help.contains(
                "Target: ahap, haptic, hjif (MPEG-I haptics, ISO/IEC 23090-31), android (JSON with the three API tiers) or kotlin."
            ),
            "\(help)")
        #expect(help.contains("AHAP, .haptic or .hjif files"))
        #expect(
            try CLI.run(["convert", a, b, "--to", "haptic", "-o", dir.path + "/x.haptic"]).status
                == 64)
        #expect(
            try CLI.run([
                "convert", a, "--to", "haptic", "-o", dir.path + "/x", "--output-dir", dir.path,
            ]).status == 64)
        #expect(try CLI.run(["convert", a, "--to", "haptic", "--format", "json"]).status == 64)
        let missing = try CLI.run(["convert", dir.path + "/none.ahap", "--to", "haptic"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("none.ahap: error: No such file or directory"))
        #expect(try CLI.run(["convert", "-", "--to", "haptic"]).status == 64)  // needs -o
        let bad = try dir.write(
            "bad.haptic",
            #"{"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}]}}}}"#
        )
        let rejected = try CLI.run(["convert", bad, "--to", "ahap", "-o", dir.path + "/bad.ahap"])
        #expect(rejected.status == 1)
        #expect(
            rejected.stderr.contains("bad.haptic:1:")
                && rejected.stderr.contains("[haptic.too-few-breakpoints]"))
        #expect(
            rejected.stderr.contains(
                "bad.haptic: error: the .haptic clip was rejected (lenient mode, 1 error); nothing written"
            ), "\(rejected.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/bad.ahap"))
    }

    @Test func reportAsJSON() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let run = try CLI.run([
            "convert", Self.heartbeat, "--to", "android", "-o", dir.path + "/h.json", "--report",
            "--format", "json",
        ])
        #expect(run.status == 0)
        let reports = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let targets = try #require(reports.first?["targets"] as? [[String: Any]])
        #expect(
            targets.map { $0["target"] as? String } == [
                "haptic", "hjif", "android.waveform", "android.composition", "android.envelope",
            ])
        #expect(
            targets.allSatisfy { ($0["correlation"] as? Double).map { $0 > 0 && $0 <= 1 } ?? false }
        )
        let text = try CLI.run(["convert", Self.heartbeat, "--to", "haptic", "-o", "-"])
        #expect(text.status == 0 && text.stdout.contains("\"signals\""))
        // Standard input in, standard output out.
        let piped = try CLI.runRaw(
            ["convert", "-", "--to", "haptic", "-o", "-"], stdin: Data(goodAHAP.utf8))
        #expect(piped.status == 0)
        #expect(String(decoding: piped.stdout, as: UTF8.self).contains("\"signals\""))
        let bad = try CLI.runRaw(
            ["convert", "-", "--to", "ahap", "-o", "-"], stdin: Data("{".utf8))
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("<stdin>:1:"), "\(bad.stderr)")
    }

    /// `render` plays a `.haptic` clip (detected by content).
    @Test func renderPlaysAClip() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        #expect(
            try CLI.run(["convert", Self.heartbeat, "--to", "haptic", "-o", dir.path + "/h.haptic"])
                .status == 0)
        let render = try CLI.run(["render", dir.path + "/h.haptic", "-o", dir.path + "/h.wav"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path + "/h.wav"))
        // In a folder, a clip beside an AHAP file of the same name keeps its extension.
        try dir.write("in/Tap.ahap", goodAHAP)
        #expect(try CLI.run(["convert", dir.path + "/in/Tap.ahap", "--to", "haptic"]).status == 0)
        let folder = try CLI.run([
            "render", dir.path + "/in", "--output-dir", dir.path + "/out", "--quiet",
        ])
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(listing(dir.path + "/out") == ["Tap.haptic.wav", "Tap.wav"])
    }
}
