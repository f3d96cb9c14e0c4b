import Foundation
import HapticTestSupport
import SoundFile
import Testing

@Suite struct PlotCommandTests {
    @Test func svgHasEveryLaneAndConvertsToPNG() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let r = try CLI.run(["plot", input, "-o", dir.path + "/p.svg", "--actuator", "pixel", "--width", "1200"])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOfFile: dir.path + "/p.svg", encoding: .utf8)
        for id in ["haptic-events", "intensity", "sharpness", "audio-events", "drive", "acceleration", "audio"] {
            #expect(svg.contains("id=\"lane-\(id)\""), "lane \(id)")
        }
        for text in ["p.ahap", "pixel", "time (s)", "±1.5 g", "tone", "48 kHz"] {
            #expect(svg.contains(text), "\(text)")
        }
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.contains("width=\"1200\""))
        let rsvg = try #require(ExternalTool.which("rsvg-convert"), "rsvg-convert is installed by .ci/run")
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
        #expect(html.contains("duration"))  // the inspect summary
        // The embedded WAV is the audition render: same length as `render` writes.
        let start = try #require(html.range(of: "data:audio/wav;base64,"))
        let end = try #require(html[start.upperBound...].firstIndex(of: "\""))
        let wav = try #require(Data(base64Encoded: String(html[start.upperBound..<end])))
        try wav.write(to: URL(fileURLWithPath: dir.path + "/embedded.wav"))
        let info = try SoundFile.info(path: dir.path + "/embedded.wav")
        #expect(info.channels == 2 && info.frames == fixtureFrames && info.sampleFormat == .pcm16)

        if let browser = ExternalTool.chromium {
            let page = URL(fileURLWithPath: dir.path + "/p.html").absoluteString
            let dom = try ExternalTool.run(browser, ExternalTool.chromiumArguments(profile: dir.path + "/profile")
                + ["--virtual-time-budget=5000", "--dump-dom", page])
            #expect(dom.out.contains("data-audio-ready=\"1\""), "the embedded audio did not load: \(dom.err.suffix(500))")
        }
    }

    @Test func refusesToOverwriteAndRejectsOtherExtensions() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        try dir.write("p.svg", "keep")
        let exists = try CLI.run(["plot", input, "-o", dir.path + "/p.svg"])
        #expect(exists.status == 64 && exists.stderr.contains("already exists"))
        #expect(try String(contentsOfFile: dir.path + "/p.svg", encoding: .utf8) == "keep")
        let png = try CLI.run(["plot", input, "-o", dir.path + "/p.png"])
        #expect(png.status == 64 && png.stderr.contains(".svg or .html"))
        let split = try CLI.run(["plot", input, "-o", dir.path + "/q.html", "--layout", "split"])
        #expect(split.status == 1 && split.stderr.contains("mono or stereo"))
    }
}
