import Foundation
import HapticRenderKit
import HapticTestSupport
import Testing

@testable import HapticPlot

/// Opens the audition page in headless Chromium. Skipped where no Chromium is installed
/// (`.ci/run` installs it).
@Suite(
    "Audition page in a headless browser",
    .enabled(if: PlotTools.chromium != nil, "chromium not installed"))
struct PlotBrowserTests {
    static func chromiumArguments(profile: URL) -> [String] {
        ExternalTool.chromiumArguments(profile: profile.path)
    }

    static func writePage(in dir: URL, script: String = "") throws -> URL {
        var (html, _) = PlotAuditionPageTests.page()
        if !script.isEmpty {
            html = html.replacingOccurrences(
                of: "</body>", with: "<script>\(script)</script>\n</body>")
        }
        let url = dir.appendingPathComponent("page.html")
        try html.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("renders a non-blank screenshot of the requested size")
    func screenshot() throws {
        let browser = try #require(PlotTools.chromium)
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.url
        let page = try Self.writePage(in: dir)
        let png = dir.appendingPathComponent("out.png")
        let result = try PlotTools.run(
            browser,
            Self.chromiumArguments(profile: dir.appendingPathComponent("profile"))
                + ["--screenshot=\(png.path)", "--window-size=1600,1000", page.absoluteString])
        let data = try #require(
            try? Data(contentsOf: png),
            "no screenshot (status \(result.status)): \(result.err.suffix(2_000))")
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
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.url
        let page = try Self.writePage(in: dir)
        let result = try PlotTools.run(
            browser,
            Self.chromiumArguments(profile: dir.appendingPathComponent("profile"))
                + ["--virtual-time-budget=5000", "--dump-dom", page.absoluteString])
        #expect(result.status == 0, "chromium failed: \(result.err.suffix(2_000))")
        #expect(result.out.contains("data-audio-ready=\"1\""), "audio metadata never loaded")
        #expect(result.out.contains("id=\"playhead\""), "playhead script did not run")
        #expect(result.out.contains("x1=\"150.0\""), "playhead not at time 0")
        // The browser's own decoder reports the embedded audio's length (the 4 s demo).
        #expect(result.out.contains("data-audio-duration=\"4.000\""), "decoded duration wrong")
    }

    /// Runs `page` (with `hash`) in Chromium and returns the DOM after scripts settled.
    static func dump(_ page: URL, hash: String = "", in dir: URL) throws -> String {
        let browser = try #require(PlotTools.chromium)
        let result = try PlotTools.run(
            browser,
            Self.chromiumArguments(profile: dir.appendingPathComponent("profile"))
                + [
                    "--window-size=1600,1000", "--virtual-time-budget=5000", "--dump-dom",
                    page.absoluteString + hash,
                ])
        #expect(result.status == 0, "chromium failed: \(result.err.suffix(2_000))")
        return result.out
    }

    static func attribute(_ name: String, in dom: String) -> String? {
        guard let start = dom.range(of: name + "=\""),
            let end = dom[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return String(dom[start.upperBound..<end])
    }

    @Test("zooms and pans with the wheel, a drag and the keys, and resets with 0")
    func scriptedZoom() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.url
        // Real input events through the page's own handlers; each step records the view.
        let script = """
            window.addEventListener("load", function () {
              var svg = document.querySelector("#timeline svg"), r = svg.getBoundingClientRect();
              var x = r.left + r.width * 0.5, y = r.top + r.height * 0.5, b = document.body.dataset;
              function view() { return svg.dataset.viewStart + "-" + svg.dataset.viewEnd; }
              function key(k) { document.body.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })); }
              svg.dispatchEvent(new WheelEvent("wheel", { deltaY: -600, clientX: x, clientY: y, bubbles: true, cancelable: true }));
              setTimeout(function () {
                b.afterWheel = view();
                svg.dispatchEvent(new PointerEvent("pointerdown", { button: 0, clientX: x, clientY: y, bubbles: true }));
                svg.dispatchEvent(new PointerEvent("pointermove", { clientX: x - 200, clientY: y, bubbles: true }));
                window.dispatchEvent(new PointerEvent("pointerup", { clientX: x - 200, clientY: y, bubbles: true }));
                svg.dispatchEvent(new PointerEvent("pointermove", { clientX: x, clientY: y, bubbles: true }));
                setTimeout(function () {
                  b.afterDrag = view();
                  b.readout = document.getElementById("readout").textContent;
                  b.marks = document.querySelectorAll(".zoom-marks *").length;
                  key("ArrowLeft");
                  setTimeout(function () {
                    b.afterKey = view();
                    key("0");
                    setTimeout(function () { b.afterReset = view(); }, 100);
                  }, 100);
                }, 100);
              }, 100);
            });
            """
        let dom = try Self.dump(try Self.writePage(in: dir, script: script), in: dir)
        func range(_ name: String) throws -> (Double, Double) {
            let text = try #require(Self.attribute(name, in: dom), "\(name) missing")
            let parts = text.split(separator: "-").compactMap { Double($0) }
            try #require(parts.count == 2, "\(name) = \(text)")
            return (parts[0], parts[1])
        }
        let wheel = try range("data-after-wheel")
        // One wheel event zooms by exp(−300 · 0.002) at most (a flung wheel stays usable).
        let factor = exp(-0.6)
        #expect(abs((wheel.1 - wheel.0) - 4 * factor) < 1e-4, "\(wheel)")
        // The time under the cursor stays put: both ends moved toward it by the same factor.
        let fixedFromStart = wheel.0 / (1 - factor)
        let fixedFromEnd = (wheel.1 - 4 * factor) / (1 - factor)
        #expect(
            abs(fixedFromStart - fixedFromEnd) < 1e-3 && fixedFromStart > 1 && fixedFromStart < 3,
            "\(wheel)")
        let drag = try range("data-after-drag")
        #expect(
            drag.0 > wheel.0 && abs((drag.1 - drag.0) - (wheel.1 - wheel.0)) < 1e-6,
            "a drag to the left moves later: \(drag)")
        let key = try range("data-after-key")
        #expect(key.0 < drag.0, "← pans earlier: \(key)")
        #expect(try range("data-after-reset") == (0, 4))
        #expect(
            Int(Self.attribute("data-marks", in: dom) ?? "") ?? 0 > 20,
            "zoomed panels were not redrawn")
        #expect(
            Self.attribute("data-readout", in: dom)?.contains("intensity") == true,
            "no readout under the cursor")
    }

    @Test("opens the view in the URL, redraws the panels and the axis for it")
    func viewFromURL() throws {
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.url
        let page = try Self.writePage(in: dir)
        let dom = try Self.dump(page, hash: "#view=1.5,2", in: dir)
        #expect(Self.attribute("data-view-start", in: dom) == "1.500000")
        #expect(Self.attribute("data-view-end", in: dom) == "2.000000")
        #expect(dom.contains(">1.75</text>"), "the zoomed time axis has its own ticks")
        #expect(
            dom.contains("id=\"time-axis\" class=\"axis\" display=\"none\""),
            "the full-length axis is hidden")
        #expect(dom.contains("<polygon"), "signals redrawn")
        let png = dir.appendingPathComponent("zoom.png")
        let browser = try #require(PlotTools.chromium)
        _ = try PlotTools.run(
            browser,
            Self.chromiumArguments(profile: dir.appendingPathComponent("profile"))
                + [
                    "--screenshot=\(png.path)", "--window-size=1600,1000",
                    "--virtual-time-budget=5000", page.absoluteString + "#view=1.5,2",
                ])
        let data = try #require(try? Data(contentsOf: png))
        #expect(data.count > 50_000, "zoomed screenshot looks blank")
        if let keep = ProcessInfo.processInfo.environment["PLOT_OUTPUT_DIR"] {
            try? data.write(
                to: URL(fileURLWithPath: keep).appendingPathComponent("page-zoomed.png"))
        }
    }
}
