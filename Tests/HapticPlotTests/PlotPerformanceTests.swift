import Foundation
import HapticRenderKit
import Testing

@testable import HapticPlot

@Suite("Timeline plot of a long pattern")
struct PlotPerformanceTests {
    /// 12 minutes, 5,000 haptic + 500 audio events, four signals. The test uses 8 kHz
    /// (5.8 M samples per signal) to keep memory sane; `PLOT_BENCH_SAMPLE_RATE=48000` runs
    /// the full-rate case (≈ 35 M samples per signal, 550 MB of signals).
    /// Size and mark count, not speed: a wall-clock bound fails on a loaded CI machine (the
    /// sanitizer runs share its two cores); plot time is measured with the CLI and quoted in
    /// the README instead.
    @Test("12 minutes and 5,000 events plot into a small SVG")
    func longPattern() throws {
        let rate =
            ProcessInfo.processInfo.environment["PLOT_BENCH_SAMPLE_RATE"].flatMap(Double.init)
            ?? 8_000
        let data = PlotFixtures.long(minutes: 12, eventCount: 5_000, sampleRate: rate)
        #expect(data.drive.count == Int(12 * 60 * rate))

        let svg = TimelinePlot.svg(for: data)
        let bytes = svg.utf8.count
        #expect(bytes < 3_000_000, "SVG is \(bytes) bytes")
        // Merging keeps the mark count bounded by the width, not the event count.
        let stems = svg.components(separatedBy: "V").count - 1
        #expect(stems <= 2 * 1_422, "\(stems) stems drawn")
        #expect(svg.contains("lane-drive") && svg.contains("Long.ahap"))
        if let keep = ProcessInfo.processInfo.environment["PLOT_OUTPUT_DIR"] {
            try svg.write(toFile: keep + "/long.svg", atomically: true, encoding: .utf8)
        }
    }
}
