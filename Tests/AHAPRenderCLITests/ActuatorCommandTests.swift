import Foundation
import HapticTestSupport
import SoundFile
import Testing

@Suite struct ActuatorCommandTests {
    static func json(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    @Test func jsonHasTheDatasheetKeys() throws {
        let r = try CLI.run(["actuator", "pixel", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let sheet = try Self.json(r.stdout)
        #expect(sheet["resonanceHz"] as? Double == 145)
        let q = try #require(sheet["q"] as? Double)
        #expect(q > 15 && q < 16, "pixel's Q_ts is 15.5 by its table")
        for key in [
            "tauMs", "peakHz", "bandwidthHz", "impulseResponse", "stepResponse",
            "sharpnessBandLowHz",
            "sharpnessBandHighHz", "sharpness",
        ] {
            #expect(sheet[key] != nil, "\(key)")
        }
        let response = try #require(sheet["frequencyResponse"] as? [[String: Double]])
        #expect(
            response.count > 60 && response.allSatisfy { $0["hz"] != nil && $0["gPerVolt"] != nil })
        let transients = try #require(sheet["transients"] as? [[String: Double]])
        #expect(transients.count == 11)
        #expect(
            transients.allSatisfy {
                $0["sharpness"] != nil && ($0["peakG"] ?? 0) > 0 && ($0["durationMs"] ?? 0) > 0
            })
    }

    /// The datasheet's transient is what `render` produces for the same event.
    @Test func transientPeakMatchesARender() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write(
            "click.ahap",
            """
            {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
              {"ParameterID": "HapticIntensity", "ParameterValue": 1},
              {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}
            """)
        let render = try CLI.run([
            "render", input, "-o", dir.path + "/click.wav", "--layout", "haptic",
            "--sample-format", "float32", "--quiet",
        ])
        #expect(render.status == 0, "\(render.stderr)")
        let audio = try SoundFile.read(path: dir.path + "/click.wav")
        // iphone: full scale 3 g
        let peak = Double(audio.samples.reduce(0) { max($0, abs($1)) }) * 3
        let r = try CLI.run(["actuator", "iphone", "--format", "json"])
        let transients = try #require(try Self.json(r.stdout)["transients"] as? [[String: Double]])
        let half = try #require(transients.first { $0["sharpness"] == 0.5 })
        #expect(
            abs(half["peakG"]! / peak - 1) < 1e-6, "datasheet \(half["peakG"]!) g, render \(peak) g"
        )
    }

    @Test func textPicturesAndProfileFiles() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let text = try CLI.run(["actuator", "coin"])
        #expect(text.status == 0)
        for part in [
            "resonance f0", "175.0 Hz", "−3 dB band", "transients (intensity 1)",
            "frequency response",
        ] {
            #expect(text.stdout.contains(part), "\(part)")
        }
        let profile = try dir.write(
            "stiff.json",
            #"{ "base": "iphone", "name": "stiff-lra", "resonanceHz": 170, "qHiZ": 30 }"#)
        let svg = try CLI.run(["actuator", profile, "-o", dir.path + "/stiff.svg"])
        #expect(svg.status == 0 && svg.stdout.isEmpty, "\(svg.stderr)")
        let picture = try String(contentsOfFile: dir.path + "/stiff.svg", encoding: .utf8)
        #expect(picture.contains("Actuator stiff-lra") && picture.contains("f0 170.0 Hz"))
        if let rsvg = ExternalTool.which("rsvg-convert") {
            let converted = try ExternalTool.run(
                rsvg, [dir.path + "/stiff.svg", "-o", dir.path + "/stiff.png"])
            #expect(converted.status == 0, "\(converted.err)")
        }
        let html = try CLI.run([
            "actuator", profile, "-o", dir.path + "/stiff.html", "--format", "json",
        ])
        #expect(html.status == 0)
        #expect(
            try Self.json(html.stdout)["resonanceHz"] as? Double == 170,
            "with -o, --format still prints")
        #expect(
            try String(contentsOfFile: dir.path + "/stiff.html", encoding: .utf8).contains(
                "<table id=\"transients\">"))
        let again = try CLI.run(["actuator", "coin", "-o", dir.path + "/stiff.svg"])
        #expect(
            again.status == 1
                && again.stderr.contains(
                    "coin: error: \(dir.path)/stiff.svg already exists; use --force to replace it"),
            "\(again.stderr)")
    }

    /// The ERM preset and an ERM profile file: the datasheet's own keys and text, and the
    /// datasheet's transient is the render's.
    @Test func anERMDatasheetAndRender() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let r = try CLI.run(["actuator", "erm", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let sheet = try Self.json(r.stdout)
        #expect(sheet["kind"] as? String == "erm" && sheet["resonanceHz"] == nil)
        #expect(sheet["ratedSpeedHz"] as? Double == 200)
        for key in ["timeConstantMs", "spinUpMs", "stopMs", "steadyResponse", "intensity"] {
            #expect(sheet[key] != nil, "\(key)")
        }
        let text = try CLI.run([
            "actuator", repositoryRoot + "/Examples/Actuators/controller-erm.json",
        ])
        #expect(text.status == 0, "\(text.stderr)")
        for part in ["actuator controller-erm", "time constant τ", "steady response", "intensity"] {
            #expect(text.stdout.contains(part), "\(part)")
        }
        let input = try dir.write(
            "click.ahap",
            """
            {"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
              {"ParameterID": "HapticIntensity", "ParameterValue": 1},
              {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}
            """)
        // The render of a click peaks where the datasheet says, for the preset and the file.
        let file = repositoryRoot + "/Examples/Actuators/controller-erm.json"
        for actuator in ["erm", file] {
            let sheet = try Self.json(
                try CLI.run(["actuator", actuator, "--format", "json"]).stdout)
            let render = try CLI.run([
                "render", input, "-o", dir.path + "/click.wav", "--layout", "haptic",
                "--sample-format", "float32", "--actuator", actuator, "--quiet", "--force",
            ])
            #expect(render.status == 0, "\(render.stderr)")
            let audio = try SoundFile.read(path: dir.path + "/click.wav")
            let fullScale = try #require(sheet["fullScaleG"] as? Double)
            let peak = Double(audio.samples.reduce(0) { max($0, abs($1)) }) * fullScale
            let transients = try #require(sheet["transients"] as? [[String: Double]])
            let half = try #require(transients.first { $0["sharpness"] == 0.5 })
            #expect(peak > 0)
            #expect(
                abs(half["peakG"]! / peak - 1) < 1e-6,
                "\(actuator): datasheet \(half["peakG"]!) g, render \(peak) g")
        }
    }

    @Test func badProfilesNameTheFileAndKey() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let bad = try dir.write("lra.json", "{ \"base\": \"iphone\",\n  \"resonanceHz\": 30000 }")
        let r = try CLI.run(["actuator", bad])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains("lra.json:2:3: error:") && r.stderr.contains("'resonanceHz'"),
            "\(r.stderr)")
        let unknown = try CLI.run(["actuator", "taptic"])
        #expect(
            unknown.status == 64 && unknown.stderr.contains("unknown actuator 'taptic'"),
            "\(unknown.stderr)")
        // A missing profile says so in ENOENT's words, as every command does for a missing file.
        let missing = try CLI.run(["actuator", dir.path + "/my-lra.json"])
        #expect(missing.status == 64, "\(missing.stderr)")
        #expect(missing.stderr == "\(dir.path)/my-lra.json: error: No such file or directory\n")
        let rendering = try CLI.run([
            "render", bad, "--actuator", dir.path + "/my-lra.json", "-o", dir.path + "/x.wav",
        ])
        #expect(rendering.status == 64 && rendering.stderr.contains("No such file or directory"))
        let extension_ = try CLI.run(["actuator", "iphone", "-o", dir.path + "/x.png"])
        #expect(extension_.status == 64)
    }
}
