import Foundation
import HapticRender
import HapticTestSupport
import Testing

@Suite struct InspectCommandTests {
    func inspectJSON(_ path: String, _ extra: [String] = []) throws -> [String: Any] {
        let out = try CLI.run(["inspect", "--format", "json", path] + extra)
        #expect(out.status == 0, "\(out.stderr)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
    }

    @Test func fixtureSummary() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let file = try dir.write("good.ahap", goodAHAP)
        let o = try inspectJSON(file)
        // Continuous: 0.5 + 1.5 + (0.02·2^(8·0.25) − 0.04) = 2.04; curve: 1 + 1.25 = 2.25.
        let duration = try #require(o["patternDuration"] as? Double)
        #expect(abs(duration - 2.25) < 1e-9)
        // The render length adds the iphone preset's ring-down (the curve decides the end).
        let length = try #require(o["renderLength"] as? Double)
        #expect(abs(length - (2.25 + ActuatorProfile.iphone.ringDownSeconds)) < 1.5 / 48_000)
        #expect(o["version"] as? Double == 1)
        #expect(o["events"] as? [String: Int] == ["HapticContinuous": 1, "HapticTransient": 1])
        let curves = try #require(o["curves"] as? [String: [String: Int]])
        #expect(curves["HapticIntensityControl"] == ["count": 1, "points": 2])
        #expect((o["intensity"] as? [String: Double]) == ["min": 0.25, "max": 0.25])
        #expect((o["sharpness"] as? [String: Double]) == ["min": 0.75, "max": 0.75])
    }

    @Test func releaseTailDecidesDuration() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let file = try dir.write(
            "tail.ahap",
            #"{"Pattern": [{"Event": {"Time": 1, "EventType": "HapticContinuous", "EventDuration": 2, "EventParameters": [{"ParameterID": "ReleaseTime", "ParameterValue": 0.5}]}}]}"#
        )
        let duration = try #require(try inspectJSON(file)["patternDuration"] as? Double)
        #expect(abs(duration - (1 + 2 + 0.02 * 16 - 0.04)) < 1e-9)
    }

    @Test(needsCorpus) func corpusFileDuration() throws {
        // Apple's Boing sample; the expected value is computed independently from the file
        // (JSONSerialization + the duration rule of docs/ahap-format.md), not from our decoder.
        let file = try #require(
            Corpus.patternFiles().first { $0.hasSuffix("Demos/SampleAHAPs/Effects/Boing.ahap") })
        let url = Corpus.url(file)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var expected = 0.0
        for item in json["Pattern"] as? [[String: Any]] ?? [] {
            if let e = item["Event"] as? [String: Any] {
                let t = e["Time"] as? Double ?? 0
                let d = e["EventDuration"] as? Double ?? 0
                let params = e["EventParameters"] as? [[String: Any]] ?? []
                let release =
                    params.first { $0["ParameterID"] as? String == "ReleaseTime" }?[
                        "ParameterValue"] as? Double
                let sustained =
                    (params.first { $0["ParameterID"] as? String == "Sustained" }?["ParameterValue"]
                        as? Double ?? 1) != 0
                let isTransient = e["EventType"] as? String == "HapticTransient"
                let tail =
                    (!isTransient && sustained)
                    ? release.map { 0.02 * pow(2, 8 * $0) - 0.04 } ?? 0 : 0
                expected = max(expected, t + d + tail)
            }
            if let p = item["Parameter"] as? [String: Any] {
                expected = max(expected, p["Time"] as? Double ?? 0)
            }
            if let c = item["ParameterCurve"] as? [String: Any] {
                let t = c["Time"] as? Double ?? 0
                for point in c["ParameterCurveControlPoints"] as? [[String: Any]] ?? [] {
                    expected = max(expected, t + (point["Time"] as? Double ?? 0))
                }
            }
        }
        let duration = try #require(try inspectJSON(url.path)["patternDuration"] as? Double)
        #expect(expected > 0)
        #expect(abs(duration - expected) < 1e-9)
    }

    @Test(needsCorpus) func searchRootsResolveRicochetAudio() throws {
        let file = try #require(
            Corpus.patternFiles().first { $0.hasSuffix("Demos/SampleAHAPs/Ricochet/Grow.ahap") })
        let streaming = Corpus.url(file).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("!Copy-To-StreamingAssets!").path
        let without = try inspectJSON(Corpus.url(file).path)
        #expect((without["resources"] as? [[String: Any]])?.first?["resolved"] as? Bool == false)
        let with = try inspectJSON(Corpus.url(file).path, ["--search-root", streaming])
        #expect((with["resources"] as? [[String: Any]])?.first?["resolved"] as? Bool == true)
        #expect(
            try CLI.run(["lint", "--strict", "--search-root", streaming, Corpus.url(file).path])
                .status == 0)
    }

    @Test func textAndUsage() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let file = try dir.write("good.ahap", goodAHAP)
        let out = try CLI.run(["inspect", file])
        #expect(out.status == 0)
        #expect(out.stdout.contains("  pattern duration: 2.25 s\n"), "\(out.stdout)")
        #expect(out.stdout.contains("  render length:    2.348 s (48 kHz, iphone actuator)\n"))
        let missing = try CLI.run(["inspect", dir.path + "/nope.ahap"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "\(dir.path)/nope.ahap: error: No such file or directory\n")
        #expect(try CLI.run(["inspect"]).status == 64)
    }

    @Test func timelineTableShowsVoicesAndLaneBreakpointsInTimeOrder() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let file = try dir.write(
            "table.ahap",
            """
            {"Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}},
              {"Event": {"Time": 0.25, "EventType": "HapticContinuous", "EventDuration": 0.25,
                "EventParameters": [{"ParameterID": "AttackTime", "ParameterValue": 0.125}]}},
              {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.02, "ParameterValue": 0.5}},
              {"ParameterCurve": {"ParameterID": "AudioPanControl", "Time": 0.1,
                "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0}, {"Time": 0.1, "ParameterValue": 1}]}}
            ]}
            """)
        let out = try CLI.run(["inspect", "--timeline", file])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("sample ") })
        let table = Array(lines[start...])
        #expect(table[0] == "sample     time(s)  what happens")
        #expect(
            table[1]
                == "     0    0.000000  start   #0 HapticTransient L0 intensity 0.750 sharpness 0.500"
        )
        #expect(table[2] == "   960    0.020000  lane    L0 HapticIntensityControl = 0.5000")
        #expect(table[3] == "  1920    0.040000  end     #0 HapticTransient")
        #expect(
            table[4] == "  4800    0.100000  lane    L0 AudioPanControl = 0.0000 ramp 10.0000/s")
        #expect(table[5] == "  9600    0.200000  lane    L0 AudioPanControl = 1.0000")
        #expect(
            table[6]
                == " 12000    0.250000  start   #1 HapticContinuous L0 intensity 0.750 sharpness 0.500 AR attack 1920 release 960 smp"
        )
        #expect(table[7] == " 24000    0.500000  release #1 HapticContinuous")
        #expect(table[8] == " 24960    0.520000  end     #1 HapticContinuous")
        #expect(table[9].hasPrefix("pattern end 24000 smp, voices end 24960 smp"))
        let short = try CLI.run(["inspect", "--timeline", "--timeline-limit", "2", file])
        #expect(short.stdout.contains("… 6 more rows"))
        #expect(!short.stdout.contains("end     #0"))
    }
}
