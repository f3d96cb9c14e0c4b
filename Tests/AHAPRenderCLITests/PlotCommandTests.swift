import Foundation
import HapticTestSupport
import SoundFile
import Testing

@Suite struct PlotCommandTests {
    @Test func svgHasEveryLaneAndConvertsToPNG() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let r = try CLI.run([
            "plot", input, "-o", dir.path + "/p.svg", "--actuator", "pixel", "--width", "1200",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOfFile: dir.path + "/p.svg", encoding: .utf8)
        for id in [
            "haptic-events", "intensity", "sharpness", "audio-events", "drive", "acceleration",
            "audio",
        ] {
            #expect(svg.contains("id=\"lane-\(id)\""), "lane \(id)")
        }
        for text in ["p.ahap", "pixel", "time (s)", "±1.5 g", "tone", "48 kHz"] {
            #expect(svg.contains(text), "\(text)")
        }
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.contains("width=\"1200\""))
        let rsvg = try #require(
            ExternalTool.which("rsvg-convert"), "rsvg-convert is installed by .ci/run")
        let png = dir.path + "/p.png"
        let converted = try ExternalTool.run(rsvg, [dir.path + "/p.svg", "-o", png])
        #expect(converted.status == 0, "\(converted.err)")
        #expect((try? Data(contentsOf: URL(fileURLWithPath: png)))?.count ?? 0 > 20_000)
    }

    @Test func htmlEmbedsThePlayableAuditionRender() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let r = try CLI.run(["plot", input, "-o", dir.path + "/p.html"])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: dir.path + "/p.html", encoding: .utf8)
        #expect(html.contains("<svg") && !html.contains("http://") && !html.contains("https://"))
        #expect(html.contains("pattern duration") && html.contains("render length"))  // summary
        // The embedded MP3 is the audition render: same length as `render` writes (the LAME
        // header lets decoders trim the encoder delay and padding).
        let mp3 = try embeddedAudio(html, mimeType: "audio/mpeg")
        try mp3.write(to: URL(fileURLWithPath: dir.path + "/embedded.mp3"))
        let info = try SoundFile.info(path: dir.path + "/embedded.mp3")
        #expect(info.container == .mp3 && info.channels == 2)
        #expect(
            abs(info.frames - fixtureFrames) <= 1_152, "\(info.frames) vs \(fixtureFrames) frames")
        #expect(html.contains("id=\"timeline-detail\""), "the page has its zoom data")

        if let browser = ExternalTool.chromium {
            let page = URL(fileURLWithPath: dir.path + "/p.html").absoluteString
            let dom = try ExternalTool.run(
                browser,
                ExternalTool.chromiumArguments(profile: dir.path + "/profile")
                    + ["--virtual-time-budget=5000", "--dump-dom", page])
            #expect(
                dom.out.contains("data-audio-ready=\"1\""),
                "the embedded audio did not load: \(dom.err.suffix(500))")
            // What the browser decoded is as long as the render.
            let decoded = dom.out.range(of: "data-audio-duration=\"").flatMap { start in
                Double(dom.out[start.upperBound...].prefix { $0 != "\"" })
            }
            let seconds = try #require(decoded, "no decoded duration")
            #expect(abs(seconds - Double(fixtureFrames) / 48_000) < 0.03, "decoded \(seconds) s")
        }
    }

    @Test func htmlCanEmbedLosslessWAVAndChecksMP3Rates() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let r = try CLI.run(["plot", input, "-o", dir.path + "/p.html", "--page-audio", "wav"])
        #expect(r.status == 0, "\(r.stderr)")
        let wav = try embeddedAudio(
            try String(contentsOfFile: dir.path + "/p.html", encoding: .utf8), mimeType: "audio/wav"
        )
        try wav.write(to: URL(fileURLWithPath: dir.path + "/embedded.wav"))
        let info = try SoundFile.info(path: dir.path + "/embedded.wav")
        #expect(info.channels == 2 && info.frames == fixtureFrames && info.sampleFormat == .pcm16)

        let badRate = try CLI.run([
            "plot", input, "-o", dir.path + "/q.html", "--sample-rate", "96000",
        ])
        #expect(
            badRate.status == 64 && badRate.stderr.contains("--page-audio mp3 needs --sample-rate"),
            "\(badRate.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/q.html"))
    }

    /// The page is meant to be mailed: its summary and diagnostics name files relative to the
    /// pattern, never by the local absolute path they resolved to.
    @Test func pageHoldsNoAbsoluteLocalPath() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let sound = dir.path + "/sounds/knock.wav"
        try FileManager.default.createDirectory(
            atPath: dir.path + "/sounds", withIntermediateDirectories: true)
        var writer = try SoundFileWriter(
            path: sound, format: .wav, sampleFormat: .pcm16, sampleRate: 48_000, channels: 1)
        try writer.write([Float](repeating: 0.5, count: 4_800))
        try writer.finish()
        let input = try dir.write(
            "p.ahap",
            #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "sounds/knock.wav"}}, {"Event": {"Time": 0.2, "EventType": "AudioCustom", "EventWaveformPath": "gone.wav"}}]}"#
        )
        let r = try CLI.run(["plot", input, "-o", dir.path + "/p.html"])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: dir.path + "/p.html", encoding: .utf8)
        #expect(html.contains("sounds/knock.wav → sounds/knock.wav"))
        #expect(html.contains("gone.wav"), "the missing file's diagnostic is on the page")
        #expect(!html.contains(dir.path), "the page holds a local absolute path")
    }

    private func embeddedAudio(_ html: String, mimeType: String) throws -> Data {
        let start = try #require(html.range(of: "data:\(mimeType);base64,"), "no \(mimeType) audio")
        let end = try #require(html[start.upperBound...].firstIndex(of: "\""))
        return try #require(Data(base64Encoded: String(html[start.upperBound..<end])))
    }

    @Test func refusesToOverwriteAndRejectsOtherExtensions() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        try dir.write("p.svg", "keep")
        let exists = try CLI.run(["plot", input, "-o", dir.path + "/p.svg"])
        #expect(
            exists.status == 1
                && exists.stderr
                    == "\(input): error: \(dir.path)/p.svg already exists; use --force to replace it\n",
            "\(exists.stderr)")
        #expect(try String(contentsOfFile: dir.path + "/p.svg", encoding: .utf8) == "keep")
        let png = try CLI.run(["plot", input, "-o", dir.path + "/p.png"])
        #expect(png.status == 64 && png.stderr.contains(".svg or .html"))
        // The help lists the layouts the page can embed, and only those are accepted.
        let split = try CLI.run(["plot", input, "-o", dir.path + "/q.html", "--layout", "split"])
        #expect(
            split.status == 64 && split.stderr.contains("'audition', 'haptic', 'drive' or 'audio'"))
    }
}
