import Foundation
import HapticTestSupport
import Testing

@testable import HapticRenderKit

/// Opens the audition page in headless Chromium. Skipped where no Chromium is installed
/// (`.ci/run` installs it).
@Suite("Audition page in a headless browser", .enabled(if: PlotTools.chromium != nil, "chromium not installed"))
struct PlotBrowserTests {
    static func chromiumArguments(profile: URL) -> [String] {
        ExternalTool.chromiumArguments(profile: profile.path)
    }

    static func writePage(in dir: URL) throws -> URL {
        let (html, _) = PlotAuditionPageTests.page()
        let url = dir.appendingPathComponent("page.html")
        try html.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("renders a non-blank screenshot of the requested size")
    func screenshot() throws {
        let browser = try #require(PlotTools.chromium)
        let dir = try PlotTools.temporaryDirectory("chromium-shot")
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try Self.writePage(in: dir)
        let png = dir.appendingPathComponent("out.png")
        let result = try PlotTools.run(
            browser,
            Self.chromiumArguments(profile: dir.appendingPathComponent("profile"))
                + ["--screenshot=\(png.path)", "--window-size=1600,1000", page.absoluteString])
        let data = try #require(try? Data(contentsOf: png), "no screenshot (status \(result.status)): \(result.err.suffix(2_000))")
        let size = try #require(PlotTools.pngSize(data), "screenshot is not a PNG")
        #expect(size.width == 1600 && size.height == 1000)
        // A blank white 1600×1000 PNG compresses to a few KB; the plot is far busier.
        #expect(data.count > 50_000, "screenshot looks blank (\(data.count) bytes)")
        if let keep = ProcessInfo.processInfo.environment["PLOT_OUTPUT_DIR"] {
            try? data.write(to: URL(fileURLWithPath: keep).appendingPathComponent("page.png"))
        }
    }

    @Test("loads the embedded audio and places the playhead")
    func audioLoads() throws {
        let browser = try #require(PlotTools.chromium)
        let dir = try PlotTools.temporaryDirectory("chromium-dom")
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try Self.writePage(in: dir)
        let result = try PlotTools.run(
            browser,
            Self.chromiumArguments(profile: dir.appendingPathComponent("profile"))
                + ["--virtual-time-budget=5000", "--dump-dom", page.absoluteString])
        #expect(result.status == 0, "chromium failed: \(result.err.suffix(2_000))")
        #expect(result.out.contains("data-audio-ready=\"1\""), "audio metadata never loaded")
        #expect(result.out.contains("id=\"playhead\""), "playhead script did not run")
        #expect(result.out.contains("x1=\"150.0\""), "playhead not at time 0")
    }
}
