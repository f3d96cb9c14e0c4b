import Foundation
import HapticTestSupport
import SoundFile
import Testing

/// The limit flags reach the library, and hostile inputs are refused up front.
@Suite struct LimitOptionsTests {
    func transients(_ n: Int) -> String {
        let events = (0..<n).map {
            #"{"Event": {"Time": \#(Double($0) * 0.1), "EventType": "HapticTransient"}}"#
        }
        return #"{"Pattern": ["# + events.joined(separator: ",") + "]}"
    }

    @Test func maxEvents() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("ten.ahap", transients(10))
        let refused = try CLI.run(["render", input, "--max-events", "5"])
        #expect(refused.status == 1 && refused.stderr.contains("limit.events"), "\(refused.stderr)")
        #expect(listing(dir.path) == ["ten.ahap"])
        let lint = try CLI.run(["lint", input, "--max-events", "5"])
        #expect(lint.status == 1 && lint.stdout.contains("limit.events"), "\(lint.stdout)")
        #expect(try CLI.run(["render", input, "--max-events", "10", "--quiet"]).status == 0)
    }

    @Test func absurdLengthsAreRefusedUpFront() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let huge = try dir.write(
            "huge.ahap", #"{"Pattern": [{"Event": {"Time": 1e9, "EventType": "HapticTransient"}}]}"#
        )
        let r = try CLI.run(["render", huge])
        #expect(r.status == 1 && r.stderr.contains("limit.duration"), "\(r.stderr)")
        // A 1 s pattern looped 100,000 times is 27 hours: refused before anything is unrolled.
        let short = try dir.write("short.ahap", transients(10))
        let looped = try CLI.run(["render", short, "--loop", "100000"])
        #expect(looped.status == 1 && looped.stderr.contains("limit.duration"), "\(looped.stderr)")
        let long = try CLI.run(["render", short, "--duration", "7200"])
        #expect(long.status == 64 && long.stderr.contains("--max-duration"))
        #expect(listing(dir.path) == ["huge.ahap", "short.ahap"])
        let raised = try CLI.run([
            "render", short, "--loop", "100", "--max-duration", "200", "--quiet",
        ])
        #expect(raised.status == 0, "\(raised.stderr)")
    }

    @Test func escapingAudioPathsNeedTheFlag() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        var w = try SoundFileWriter(
            path: dir.path + "/outside.wav", format: .wav, sampleRate: 48_000, channels: 1)
        try w.write((0..<4_800).map { Float(0.5 * sin(Double($0) * 0.1)) })
        try w.finish()
        let input = try dir.write(
            "patterns/p.ahap",
            #"{"Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "../outside.wav"}}]}"#
        )
        let refused = try CLI.run(["render", input, "--layout", "audio", "-o", dir.path + "/a.wav"])
        #expect(
            refused.status == 0 && refused.stderr.contains("resource.refused"), "\(refused.stderr)")
        #expect(try SoundFile.read(path: dir.path + "/a.wav").samples.allSatisfy { $0 == 0 })
        let allowed = try CLI.run([
            "render", input, "--layout", "audio", "--allow-escaping-paths", "-o",
            dir.path + "/b.wav", "--quiet",
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try SoundFile.read(path: dir.path + "/b.wav").samples.contains { abs($0) > 0.1 })
        // Larger than --max-audio-bytes: the file is not decoded, the event is silent.
        let small = try CLI.run([
            "render", input, "--layout", "audio", "--allow-escaping-paths", "--max-audio-bytes",
            "1000",
            "-o", dir.path + "/c.wav",
        ])
        #expect(
            small.status == 0 && small.stderr.contains("resource.unreadable"), "\(small.stderr)")
    }
}

@Suite struct RenderLimitFlagsTests {
    @Test func voicesAndPolyphonyFlags() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        // Ten overlapping 1 s continuous events: polyphony 10.
        let events = (0..<10).map {
            #"{"Event": {"Time": \#(Double($0) * 0.01), "EventType": "HapticContinuous", "EventDuration": 1}}"#
        }
        let input = try dir.write(
            "p.ahap", #"{"Pattern": ["# + events.joined(separator: ",") + "]}")
        let poly = try CLI.run(["render", input, "--max-polyphony", "4"])
        #expect(poly.status == 1 && poly.stderr.contains("limit.polyphony"), "\(poly.stderr)")
        let voices = try CLI.run(["render", input, "--loop", "3", "--max-voices", "20"])
        #expect(voices.status == 1 && voices.stderr.contains("limit.voices"), "\(voices.stderr)")
        #expect(listing(dir.path) == ["p.ahap"])
        let timeline = try CLI.run(["inspect", "--timeline", input, "--max-polyphony", "4"])
        #expect(timeline.status == 1 && timeline.stderr.contains("limit.polyphony"))
        #expect(try CLI.run(["render", input, "--loop", "3", "--quiet"]).status == 0)
    }

    @Test func lanePointsFlag() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        // One 8-point intensity curve, looped 3 times: 24 lane breakpoints.
        let points = (0..<8).map { #"{"Time": \#(Double($0) * 0.1), "ParameterValue": 0.5}"# }
            .joined(separator: ",")
        let input = try dir.write(
            "p.ahap",
            #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1}},"#
                + #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": ["#
                + points + "]}}]}")
        let few = try CLI.run(["render", input, "--loop", "3", "--max-lane-points", "10"])
        #expect(
            few.status == 1 && few.stderr.contains("limit.curve-points")
                && few.stderr.contains("maxLaneBreakpoints"),
            "\(few.stderr)")
        #expect(listing(dir.path) == ["p.ahap"])
        let zero = try CLI.run(["render", input, "--max-lane-points", "0"])
        #expect(zero.status != 0 && zero.stderr.contains("--max-lane-points"), "\(zero.stderr)")
        #expect(
            try CLI.run(["render", input, "--loop", "3", "--max-lane-points", "1000", "--quiet"])
                .status == 0)
    }
}
