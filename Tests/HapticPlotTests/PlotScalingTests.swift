import Foundation
import HapticRenderKit
import HapticTestSupport
import Testing

@testable import HapticPlot

/// Pictures that scale: a dense panel becomes a summary, an empty panel is left out, a long
/// pattern reads on a clock, a quiet stretch fills its panel when zoomed.
@Suite("Timeline pictures that scale")
struct PlotScalingTests {
    /// The film-length fixture (5,000 events over 12 minutes, 3.5 per pixel column) draws
    /// bars per 4-pixel bucket over an events-per-second strip, not a mark per column.
    @Test("summarises a dense haptic events panel")
    func denseLaneIsSummarised() throws {
        let data = PlotFixtures.long(minutes: 12, eventCount: 5_000, sampleRate: 200)
        let svg = TimelinePlot.svg(for: data)
        let panel = try #require(Self.group("lane-haptic-events", in: svg))
        #expect(panel.contains("strip: events/s") && panel.contains("bars: peak per "))
        #expect(panel.contains("class=\"density\""))
        #expect(!panel.contains("<circle"), "no stem heads")
        // At most one bar per bucket of 4 columns (a bar's path goes up and down: two Vs).
        let buckets = (1_422 + 3) / 4
        let bars = (panel.components(separatedBy: "V").count - 1) / 2
        #expect(bars <= buckets, "\(bars) bars for \(buckets) buckets")
        #expect(bars > buckets / 2, "the panel is mostly filled: \(bars)")

        // A sparse pattern keeps a stem per transient.
        let sparse = TimelinePlot.svg(for: PlotFixtures.demo())
        let demoLane = try #require(Self.group("lane-haptic-events", in: sparse))
        #expect(!demoLane.contains("class=\"density\"") && demoLane.contains("<circle"))
    }

    @Test("buckets keep each bucket's loudest event and count the starts")
    func buckets() {
        let events = [
            PlotEvent(time: 0.1, kind: .hapticTransient(intensity: 0.3, sharpness: 0)),
            PlotEvent(time: 0.2, kind: .hapticTransient(intensity: 0.9, sharpness: 1)),
            PlotEvent(
                time: 5, duration: 3,
                kind: .hapticContinuous(
                    intensity: 0.5, sharpness: 0.5,
                    envelope: [.init(time: 0, value: 0), .init(time: 1, value: 0.6)])),
        ]
        // 10 s over 40 columns: 10 buckets of 1 s.
        let b = HapticDensity.buckets(events, duration: 10, columns: 40)
        #expect(b.count == 10)
        #expect(b[0].peak == 0.9 && b[0].starts == 2)
        #expect(b[0].level == SharpnessColorScale.level(1))
        #expect((5...8).allSatisfy { b[$0].peak == 0.6 } && b[5].starts == 1 && b[6].starts == 0)
        #expect(b[9].peak < 0 && b[9].starts == 0)
    }

    /// A haptics-only pattern (no audio events, silent audio) gets no audio panels, and the
    /// title says they were left out; the zoom data lists only the panels drawn.
    @Test("leaves out empty panels and says so")
    func emptyLanesAreLeftOut() throws {
        var data = PlotFixtures.demo()
        data.audioEvents = []
        data.audioLeft = [Float](repeating: 0, count: data.audioLeft.count)
        data.audioRight = [Float](repeating: 0, count: data.audioRight.count)
        let svg = TimelinePlot.svg(for: data)
        #expect(!svg.contains("id=\"lane-audio\"") && !svg.contains("id=\"lane-audio-events\""))
        #expect(svg.contains("id=\"lane-drive\"") && svg.contains("id=\"lane-acceleration\""))
        #expect(svg.contains("left out (empty): audio events, audio"))
        let full = TimelinePlot.svg(for: PlotFixtures.demo())
        let height = { (s: String) in
            Int(s.range(of: "height=\"").map { s[$0.upperBound...].prefix { $0 != "\"" } } ?? "")!
        }
        #expect(height(svg) <= height(full) - 128 - 66, "the picture is shorter by the two panels")
        let detail = try #require(
            try JSONSerialization.jsonObject(with: Data(TimelineDetail(data: data).json.utf8))
                as? [String: Any])
        let panels = try #require(detail["lanes"] as? [String: [Double]])
        #expect(panels["audio"] == nil && panels["drive"] != nil)
    }

    @Test("labels a long pattern's axis on a clock")
    func clockAxis() throws {
        let ticks = TimelinePlot.timeTicks(duration: 721.7, maximumCount: 15)
        #expect(ticks.clock && ticks.step == 60 && ticks.title == "time (m:ss)")
        #expect(ticks.values.map(ticks.label).last == "12:00")
        #expect(ticks.label(65) == "1:05" && ticks.label(3_725) == "1:02:05")
        let short = TimelinePlot.timeTicks(duration: 100, maximumCount: 10)
        #expect(!short.clock && short.label(50) == "50" && short.title == "time (s)")
        let svg = TimelinePlot.svg(for: PlotFixtures.long(minutes: 12, sampleRate: 200))
        let axis = try #require(Self.group("time-axis", in: svg))
        #expect(axis.contains(">12:00</text>") && axis.contains(">time (m:ss)</text>"))
    }

    /// The text of `<g id="…">` up to its closing tag (groups do not nest inside panels).
    static func group(_ id: String, in svg: String) -> String? {
        guard let start = svg.range(of: "<g id=\"\(id)\"") else { return nil }
        var depth = 0
        var index = start.lowerBound
        while let open = svg.range(of: "<g", range: index..<svg.endIndex),
            let close = svg.range(of: "</g>", range: index..<svg.endIndex)
        {
            if open.lowerBound < close.lowerBound {
                depth += 1
                index = open.upperBound
            } else {
                depth -= 1
                index = close.upperBound
                if depth == 0 { return String(svg[start.lowerBound..<close.upperBound]) }
            }
        }
        return nil
    }
}

/// The page's zoom in a browser: vertical auto-scale, the clock axis, the dense summary.
@Suite(
    "Audition page zoom that scales",
    .enabled(if: PlotTools.chromium != nil, "chromium not installed"))
struct PlotZoomScalingTests {
    /// Drive at 1.5 % of full scale from 2.5 s: zoomed there, the panel shows it ×50 and says
    /// so; the full view is not scaled.
    @Test("scales a quiet stretch up when zoomed")
    func quietStretchFillsTheLane() throws {
        var data = PlotFixtures.demo()
        let quietFrom = Int(2.5 * data.sampleRate)
        for i in quietFrom..<data.drive.count {
            data.drive[i] = Float(0.015 * sin(Double(i) * 0.3))
        }
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.url
        let page = dir.appendingPathComponent("page.html")
        try PlotAuditionPageTests.page(data).html.write(to: page, atomically: true, encoding: .utf8)
        let zoomed = try PlotBrowserTests.dump(page, hash: "#view=2.6,3.2", in: dir)
        let drive = try #require(PlotScalingTests.group("lane-drive", in: zoomed))
        #expect(drive.contains("data-gain=\"50\""), "\(drive.prefix(300))")
        #expect(drive.contains("×50 (zoomed to ±0.02 of full scale)"))
        // The polygon spans most of the panel (92 px), not a flat line.
        let ys = Self.polygonYs(drive.components(separatedBy: "class=\"zoom-marks\"").last ?? "")
        #expect((ys.max() ?? 0) - (ys.min() ?? 0) > 50, "\(ys.min() ?? 0)…\(ys.max() ?? 0)")
        let loud = try PlotBrowserTests.dump(page, hash: "#view=0.5,1.5", in: dir)
        #expect(
            try #require(PlotScalingTests.group("lane-drive", in: loud)).contains("data-gain=\"1\"")
        )
    }

    /// A 12-minute page zoomed to 10 s reads on the clock; zoomed to 10 minutes, the events
    /// are still summarised, over the events-per-second strip.
    @Test("keeps the clock axis and the dense summary when zoomed")
    func longPageZoom() throws {
        let data = PlotFixtures.long(minutes: 12, eventCount: 5_000, sampleRate: 200)
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.url
        let page = dir.appendingPathComponent("page.html")
        try PlotAuditionPageTests.page(data).html.write(to: page, atomically: true, encoding: .utf8)
        let ten = try PlotBrowserTests.dump(page, hash: "#view=125,135", in: dir)
        #expect(ten.contains(">2:10</text>"), "clock ticks")
        #expect(ten.contains("time (m:ss) · 2:05.000–2:15.000 of 12:00.000"))
        let wide = try PlotBrowserTests.dump(page, hash: "#view=0,600", in: dir)
        let panel = try #require(PlotScalingTests.group("lane-haptic-events", in: wide))
        #expect(panel.contains("class=\"zoom-marks\"") && panel.contains("class=\"density\""))
        let marks = panel.components(separatedBy: "class=\"zoom-marks\"")[1]
        #expect(!marks.contains("<circle"), "a dense view gets bars, not stems")
    }

    /// The y coordinates of the `points` of the first polygon in `text`.
    static func polygonYs(_ text: String) -> [Double] {
        guard let start = text.range(of: "points=\""),
            let end = text[start.upperBound...].firstIndex(of: "\"")
        else { return [] }
        return text[start.upperBound..<end].split(separator: " ").compactMap {
            $0.split(separator: ",").last.flatMap { Double($0) }
        }
    }
}
