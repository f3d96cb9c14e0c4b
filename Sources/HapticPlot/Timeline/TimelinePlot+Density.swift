/// The haptic events panel of a pattern too dense for a mark per event (a film's thousands of
/// events over a few hundred pixels would merge into a solid wall): a summary instead —
/// bars of the peak intensity per bucket of a few pixels, coloured by the sharpness of the
/// event that peaks there, over a strip whose darkness is the events started per second.
enum HapticDensity {
    /// Pixel columns summarised by one bar; the gap between bars keeps them apart.
    static let bucketColumns = 4
    /// Height of the events-per-second strip at the panel's bottom.
    static let stripHeight = 14.0

    /// Dense: more events than half the pixel columns, i.e. on average closer than 2 px.
    static func isDense(events: Int, columns: Int) -> Bool { events * 2 > columns }

    /// One bucket: the loudest event touching it (intensity and sharpness colour level) and
    /// the events starting in it.
    struct Bucket: Equatable {
        var peak = -1.0
        var level = 0
        var starts = 0
    }

    /// The buckets of `events` over `columns` pixel columns of `duration` seconds. A
    /// continuous event counts with its envelope's peak in every bucket it covers.
    /// O(events + buckets covered).
    static func buckets(_ events: [PlotEvent], duration: Double, columns: Int) -> [Bucket] {
        let count = max(1, (columns + bucketColumns - 1) / bucketColumns)
        var buckets = [Bucket](repeating: Bucket(), count: count)
        func bucket(_ t: Double) -> Int {
            guard t.isFinite else { return 0 }
            return min(count - 1, max(0, Int((t / duration * Double(count)).rounded(.down))))
        }
        for event in events where event.time.isFinite && event.time <= duration {
            let peak: Double
            let sharpness: Double
            var end = event.time
            switch event.kind {
            case .hapticTransient(let intensity, let s):
                guard event.time >= 0 else { continue }
                (peak, sharpness) = (TimelinePlot.clamp01(intensity), s)
            case .hapticContinuous(let intensity, let s, let envelope):
                end += event.duration.isFinite ? max(0, event.duration) : 0
                guard end >= 0 else { continue }
                let loudest = envelope.map(\.value).max() ?? intensity
                (peak, sharpness) = (TimelinePlot.clamp01(loudest), s)
            default:
                continue
            }
            if event.time >= 0 { buckets[bucket(event.time)].starts += 1 }
            for b in bucket(max(0, event.time))...bucket(min(duration, end))
            where peak > buckets[b].peak {
                buckets[b].peak = peak
                buckets[b].level = SharpnessColorScale.level(sharpness)
            }
        }
        return buckets
    }
}

extension TimelinePlot {
    /// The haptic events panel of a dense pattern (see ``HapticDensity``): value labels, the
    /// strip's scale, then the bars and the strip, cropped to the plot.
    static func drawDenseHapticPanel(
        _ svg: inout SVGBuilder, panel: Panel, layout: Layout, data: PlotData
    ) {
        var bars = panel
        bars.height -= HapticDensity.stripHeight
        let buckets = HapticDensity.buckets(
            data.hapticEvents, duration: layout.duration, columns: layout.columns)
        drawValueLabels(
            &svg, panel: bars, layout: layout, labels: [(1, "1"), (0.5, "0.5"), (0, "0")])
        drawDensityLabels(&svg, panel: panel, layout: layout, buckets: buckets)
        cropped(&svg, panel) {
            drawHapticDensity(&$0, panel: panel, bars: bars, layout: layout, buckets: buckets)
        }
    }

    /// Bars of each bucket's peak intensity on `bars` (the panel minus the strip), and the
    /// strip of events per second.
    private static func drawHapticDensity(
        _ svg: inout SVGBuilder, panel: Panel, bars: Panel, layout: Layout,
        buckets: [HapticDensity.Bucket]
    ) {
        let width = layout.plotWidth / Double(buckets.count)
        let base = SVGBuilder.format(unipolarY(0, panel: bars))
        var paths = [String](repeating: "", count: SharpnessColorScale.steps)
        for (i, b) in buckets.enumerated() where b.peak >= 0 {
            let x0 = layout.plotLeft + Double(i) * width
            paths[b.level] +=
                "M" + SVGBuilder.format(x0) + "," + base + "V"
                + SVGBuilder.format(unipolarY(b.peak, panel: bars)) + "h"
                + SVGBuilder.format(max(1, width - 1)) + "V" + base + "Z"
        }
        for level in 0..<paths.count where !paths[level].isEmpty {
            svg.raw(
                "<path d=\"\(paths[level])\" fill=\"\(SharpnessColorScale.color(level: level))\" "
                    + "fill-opacity=\"0.85\"/>\n")
        }
        // The strip: eight shades of events per second, one path each.
        let most = buckets.map(\.starts).max() ?? 0
        guard most > 0 else { return }
        let top = panel.bottom - HapticDensity.stripHeight + 2
        var shades = [String](repeating: "", count: 8)
        for (i, b) in buckets.enumerated() where b.starts > 0 {
            let shade = min(7, (b.starts * 8 - 1) / most)
            shades[shade] +=
                "M" + SVGBuilder.format(layout.plotLeft + Double(i) * width) + ","
                + SVGBuilder.format(top) + "h" + SVGBuilder.format(max(1, width - 1)) + "v"
                + SVGBuilder.format(HapticDensity.stripHeight - 4) + "h"
                + SVGBuilder.format(-max(1, width - 1)) + "Z"
        }
        for (shade, d) in shades.enumerated() where !d.isEmpty {
            svg.raw(
                "<path class=\"density\" d=\"\(d)\" fill=\"#24292f\" "
                    + "fill-opacity=\"\(SVGBuilder.fixed(Double(shade + 1) / 8, decimals: 3))\"/>\n"
            )
        }
    }

    /// What the summary shows, under the panel's title, and the strip's scale left of the
    /// plot: the darkest shade's events per second.
    private static func drawDensityLabels(
        _ svg: inout SVGBuilder, panel: Panel, layout: Layout, buckets: [HapticDensity.Bucket]
    ) {
        let seconds = layout.duration / Double(buckets.count)
        let most = Double(buckets.map(\.starts).max() ?? 0) / seconds
        let y = panel.bottom - HapticDensity.stripHeight / 2 + 3.5
        svg.label(
            "≤ \(trimmed(most.rounded()))/s", x: layout.plotLeft - 7, y: y, anchor: "end",
            cssClass: "tick")
        svg.label(
            "bars: peak per \(trimmed(seconds)) s", x: 24, y: panel.top + 46, cssClass: "lane-unit")
        svg.label("strip: events/s", x: 24, y: panel.top + 60, cssClass: "lane-unit")
    }
}
