/// Draws a `PlotData` as one SVG picture: stacked panels over a shared time axis.
///
/// Lanes, top to bottom: haptic events, effective intensity, effective sharpness, audio
/// events, drive, actuator acceleration, audio waveform — each only when it has something
/// to show (a haptics-only pattern has no audio panels; the title says which were left
/// out). Then the time axis (`m:ss` for long patterns) and a legend.
///
/// The output is plain string building — no XML library, no floating-point formatting that
/// depends on the platform — so the same `PlotData` and width always give identical bytes.
/// Cost is O(samples + events + width): signals are reduced to a min/max pair per pixel
/// column and event marks are merged per pixel column, so the SVG's size depends on the
/// width, not on the pattern's length (≈ 0.3 MB at 1600 px whatever the pattern).
///
/// The root `<svg>` carries the plot geometry for scripts (the audition page's playhead):
/// `data-plot-left` and `data-plot-width` (x of time 0 and px per `duration`, in viewBox
/// units), `data-plot-top`/`data-plot-bottom` (the panels' vertical extent) and
/// `data-duration` (seconds).
public enum TimelinePlot {
    /// The default picture width in pixels (`ahap-render plot --width`).
    public static let defaultWidth = 1600

    /// The narrowest picture that still fits the panel labels and a usable plot area.
    public static let minimumWidth = 480
    /// The widest picture: 16,384 px (ten times a screen; the SVG and the page's detail
    /// grow with the width, so a typo such as 1e9 is refused instead of filling memory).
    public static let maximumWidth = 16_384

    /// Renders `data` as a standalone SVG document `width` pixels wide (clamped to at least
    /// `minimumWidth`); the height follows from the panels (about 1000 px).
    public static func svg(for data: PlotData, width: Int = defaultWidth) -> String {
        let layout = Layout(width: max(minimumWidth, width), data: data)
        var svg = SVGBuilder(reservingCapacity: 1 << 19)
        drawDocumentStart(&svg, layout: layout, data: data)
        drawTitle(&svg, layout: layout, data: data)
        for panel in layout.panels {
            drawPanel(&svg, panel: panel, layout: layout, data: data)
        }
        drawTimeAxis(&svg, layout: layout, ticks: layout.ticks, y: layout.panelsBottom + 6)
        drawLegend(&svg, layout: layout)
        svg.raw("</svg>\n")
        return svg.text
    }

    // MARK: - Geometry

    /// One horizontal band of the picture.
    struct Panel {
        enum Kind {
            case hapticEvents, intensity, sharpness, audioEvents, drive, acceleration, audio
        }
        var kind: Kind
        /// Used for the group's `id` (`lane-<id>`) so tests and stylesheets can find it.
        var id: String
        var title: String
        var unit: String
        var top: Double
        var height: Double
        var bottom: Double { top + height }
    }

    /// Where everything goes; all values in SVG user units (= CSS px at 100 %).
    struct Layout {
        let width: Int
        let height: Int
        /// x of time 0; the panel titles and value labels live left of it.
        let plotLeft: Double = 150
        let plotRight: Double
        /// One decimation column per pixel.
        let columns: Int
        let duration: Double
        let panels: [Panel]
        /// Titles of the panels left out for having nothing to show.
        let hiddenPanels: [String]
        /// The haptic events panel summarises (see ``HapticDensity``).
        let dense: Bool
        let ticks: TimeTicks
        var plotWidth: Double { plotRight - plotLeft }
        var panelsTop: Double { panels.first?.top ?? 0 }
        var panelsBottom: Double { panels.last?.bottom ?? 0 }
        /// Top of the legend block.
        let legendTop: Double
        /// How the legend flows at this width.
        let legend: LegendPlan

        init(width: Int, data: PlotData) {
            self.width = width
            plotRight = Double(width - 28)
            columns = max(1, Int(plotRight - plotLeft))
            // A zero or invalid duration still gets an axis, so an empty pattern plots.
            duration = (data.duration.isFinite && data.duration > 0) ? data.duration : 1
            let stereo = !data.audioRight.isEmpty
            let specs: [(Panel.Kind, String, String, String, Double)] = [
                (.hapticEvents, "haptic-events", "Haptic events", "intensity 0–1", 124),
                (.intensity, "intensity", "Intensity", "effective, 0–1", 58),
                (.sharpness, "sharpness", "Sharpness", "effective, 0–1", 58),
                (.audioEvents, "audio-events", "Audio events", "fill strength = volume", 66),
                (.drive, "drive", "Drive", "normalized", 92),
                (
                    .acceleration, "acceleration", "Acceleration",
                    "g, full scale ±\(TimelinePlot.trimmed(data.accelerationFullScaleG)) g", 92
                ),
                (
                    .audio, "audio", "Audio", stereo ? "normalized, L / R" : "normalized",
                    stereo ? 128 : 92
                ),
            ]
            var shown = specs.filter { data.hasContent($0.0) }
            if shown.isEmpty { shown = [specs[0]] }
            hiddenPanels = specs.filter { spec in !shown.contains { $0.0 == spec.0 } }.map(\.2)
            dense = HapticDensity.isDense(events: data.hapticEvents.count, columns: columns)
            var y = 84.0
            var panels: [Panel] = []
            for (kind, id, title, unit, height) in shown {
                panels.append(
                    Panel(kind: kind, id: id, title: title, unit: unit, top: y, height: height))
                y += height + 10
            }
            self.panels = panels
            ticks = TimelinePlot.timeTicks(
                duration: duration, maximumCount: max(2, Int((plotRight - plotLeft) / 90)))
            legendTop = y - 10 + 58
            legend = LegendPlan(
                availableWidth: plotRight - plotLeft, fullScaleG: data.accelerationFullScaleG)
            height = Int(legendTop + legend.height)
        }

        /// x of time `t` (not clamped).
        func x(_ t: Double) -> Double { plotLeft + t / duration * plotWidth }

        /// The pixel column of time `t`, clamped to the plot.
        func column(_ t: Double) -> Int {
            guard t.isFinite else { return 0 }
            return min(columns - 1, max(0, Int((t / duration * Double(columns)).rounded(.down))))
        }

        /// x of the centre of column `c`.
        func columnX(_ c: Int) -> Double {
            plotLeft + (Double(c) + 0.5) * plotWidth / Double(columns)
        }
    }

    // MARK: - Document and title

    private static func drawDocumentStart(_ svg: inout SVGBuilder, layout: Layout, data: PlotData) {
        let w = layout.width
        let h = layout.height
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.raw(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" "
                + "viewBox=\"0 0 \(w) \(h)\" role=\"img\" "
                + "aria-label=\"\(SVGBuilder.escape("Haptic timeline of " + data.title))\" "
                + "data-plot-left=\"\(SVGBuilder.format(layout.plotLeft))\" "
                + "data-plot-width=\"\(SVGBuilder.format(layout.plotWidth))\" "
                + "data-plot-top=\"\(SVGBuilder.format(layout.panelsTop))\" "
                + "data-plot-bottom=\"\(SVGBuilder.format(layout.panelsBottom))\" "
                + "data-duration=\"\(SVGBuilder.fixed(layout.duration, decimals: 6))\">\n")
        svg.raw("<title>\(SVGBuilder.escape(data.title))</title>\n")
        // Classes keep repeated presentation out of the (many) marks. Fonts: the first
        // installed wins; Liberation/DejaVu are what headless Linux renderers have.
        svg.raw(
            """
            <style>
            text{font-family:Inter,'Helvetica Neue',Helvetica,Arial,'Liberation Sans','DejaVu Sans',sans-serif;fill:#1f2328}
            .title{font-size:20px;font-weight:600}
            .subtitle{font-size:12.5px;fill:#57606a}
            .lane-title{font-size:12.5px;font-weight:600}
            .lane-unit{font-size:10.5px;fill:#6e7781}
            .tick{font-size:10.5px;fill:#57606a}
            .axis-title{font-size:11.5px;fill:#57606a}
            .legend{font-size:11px;fill:#424a53}
            .legend-head{font-size:11px;font-weight:600}
            .event-label{font-size:10px;fill:#1f2328}
            .empty{font-size:11px;fill:#8c959f;font-style:italic}
            .lane-bg{fill:#f6f8fa}
            .grid{stroke:#e1e4e8;stroke-width:1}
            .zero{stroke:#c9ced4;stroke-width:1}
            .axis-line{stroke:#8c959f;stroke-width:1}
            </style>

            """)
        svg.rect(x: 0, y: 0, width: Double(w), height: Double(h), attributes: "fill=\"#ffffff\"")
        // The sharpness gradient, bottom (0) to top (1); also used by the legend bar.
        svg.raw("<defs>\n")
        for panel in layout.panels {
            svg.raw("<clipPath id=\"clip-\(panel.id)\">")
            svg.rect(
                x: layout.plotLeft, y: panel.top, width: layout.plotWidth, height: panel.height,
                attributes: "")
            svg.raw("</clipPath>\n")
        }
        svg.raw(
            "<linearGradient id=\"sharpness-horizontal\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\">\n")
        drawGradientStops(&svg)
        svg.raw("</linearGradient>\n")
        svg.raw("</defs>\n")
    }

    /// Nine stops reproduce the scale's piecewise-linear interpolation closely.
    static func drawGradientStops(_ svg: inout SVGBuilder) {
        for i in 0...8 {
            let t = Double(i) / 8
            svg.raw(
                "<stop offset=\"\(SVGBuilder.fixed(t, decimals: 3))\" "
                    + "stop-color=\"\(SharpnessColorScale.hex(at: t))\"/>\n")
        }
    }

    private static func drawTitle(_ svg: inout SVGBuilder, layout: Layout, data: PlotData) {
        svg.raw("<g id=\"title\">\n")
        svg.label(data.title, x: 24, y: 36, cssClass: "title")
        let transients = data.hapticEvents.count {
            if case .hapticTransient = $0.kind { true } else { false }
        }
        var parts = [
            data.duration >= 60
                ? "render length \(clock(data.duration)) (\(SVGBuilder.fixed(data.duration, decimals: 3)) s)"
                : "render length \(SVGBuilder.fixed(data.duration, decimals: 3)) s",
            "actuator \(data.actuatorName)",
            "\(counted(transients, "transient")), \(counted(data.hapticEvents.count - transients, "continuous haptic event"))",
            counted(data.audioEvents.count, "audio event"),
        ]
        let rate = data.renderSampleRate ?? data.sampleRate
        if rate > 0 { parts.append("\(trimmed(rate / 1000)) kHz") }
        if !layout.hiddenPanels.isEmpty {
            parts.append(
                "left out (empty): \(layout.hiddenPanels.joined(separator: ", ").lowercased())")
        }
        svg.label(parts.joined(separator: "  ·  "), x: 24, y: 60, cssClass: "subtitle")
        svg.raw("</g>\n")
    }

    // MARK: - Text helpers

    /// `m:ss.mmm` for durations of a minute or more, `s.mmm s` below.
    static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 60 else {
            return SVGBuilder.fixed(seconds.isFinite ? seconds : 0, decimals: 3) + " s"
        }
        let millis = Int((seconds * 1000).rounded())
        let minutes = millis / 60_000
        let rest = SVGBuilder.fixed(Double(millis % 60_000) / 1000, decimals: 3)
        return "\(minutes):\(rest.count < 6 ? "0" + rest : rest)"
    }

    /// `1 transient`, `5,000 transients`: a grouped count and its noun.
    static func counted(_ n: Int, _ noun: String) -> String {
        "\(grouped(n)) \(noun)\(n == 1 ? "" : "s")"
    }

    /// Thousands separated by commas (`5,000`), locale-independent.
    static func grouped(_ n: Int) -> String {
        let digits = String(abs(n))
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return n < 0 ? "-" + out : out
    }

    /// At most two decimals, trailing zeros removed (`1.5`, `2`, `0.25`).
    static func trimmed(_ x: Double) -> String {
        var s = SVGBuilder.fixed(x, decimals: 2)
        while s.contains("."), s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
