/// Drawing of the individual panels. Every panel is a `<g id="lane-…" class="lane">` holding
/// its background, grid, titles and value labels, and its marks cropped to the plot area.
extension TimelinePlot {
    /// Fill and stroke of `AudioContinuous` boxes (legend uses the same).
    static let audioToneStyle = "fill=\"#15aabf\" stroke=\"#0c8599\" stroke-width=\"1\""
    /// Fill and stroke of `AudioCustom` boxes.
    static let audioClipStyle = "fill=\"#40c057\" stroke=\"#2b8a3e\" stroke-width=\"1\""

    /// Colours of the signal panels: neutral, distinct from the sharpness scale's purples and oranges.
    static func signalColor(_ kind: Panel.Kind) -> String {
        switch kind {
        case .acceleration: "#0b7285"
        case .audio: "#1c7ed6"
        default: "#343a40"
        }
    }

    /// Drawing budget for continuous-event envelope points: past it, remaining events are
    /// merged per pixel column like short ones, so pathological inputs stay bounded in size.
    static let continuousPointBudget = 100_000

    static func drawPanel(_ svg: inout SVGBuilder, panel: Panel, layout: Layout, data: PlotData) {
        svg.raw("<g id=\"lane-\(panel.id)\" class=\"lane\">\n")
        drawFrame(&svg, panel: panel, layout: layout)
        switch panel.kind {
        case .hapticEvents where layout.dense:
            drawDenseHapticPanel(&svg, panel: panel, layout: layout, data: data)
        case .hapticEvents:
            drawValueLabels(
                &svg, panel: panel, layout: layout, labels: [(1, "1"), (0.5, "0.5"), (0, "0")])
            cropped(&svg, panel) {
                drawHapticEvents(&$0, panel: panel, layout: layout, events: data.hapticEvents)
            }
        case .intensity:
            drawValueLabels(&svg, panel: panel, layout: layout, labels: [(1, "1"), (0, "0")])
            cropped(&svg, panel) {
                drawCurve(
                    &$0, panel: panel, layout: layout, points: data.effectiveIntensity,
                    sharpnessColoured: false)
            }
        case .sharpness:
            drawValueLabels(&svg, panel: panel, layout: layout, labels: [(1, "1"), (0, "0")])
            cropped(&svg, panel) {
                drawCurve(
                    &$0, panel: panel, layout: layout, points: data.effectiveSharpness,
                    sharpnessColoured: true)
            }
        case .audioEvents:
            cropped(&svg, panel) {
                drawAudioEvents(&$0, panel: panel, layout: layout, events: data.audioEvents)
            }
        case .drive, .acceleration:
            let fs = panel.kind == .acceleration ? trimmed(data.accelerationFullScaleG) + " g" : "1"
            drawValueLabels(
                &svg, panel: panel, layout: layout,
                labels: [(1, "+" + fs), (0, "0"), (-1, "−" + fs)])
            let signal = panel.kind == .drive ? data.drive : data.acceleration
            cropped(&svg, panel) {
                drawSignal(
                    &$0, signal, sampleRate: data.sampleRate, layout: layout, top: panel.top,
                    height: panel.height, color: signalColor(panel.kind))
            }
        case .audio:
            if data.audioRight.isEmpty {
                drawValueLabels(
                    &svg, panel: panel, layout: layout, labels: [(1, "+1"), (0, "0"), (-1, "−1")])
                cropped(&svg, panel) {
                    drawSignal(
                        &$0, data.audioLeft, sampleRate: data.sampleRate, layout: layout,
                        top: panel.top,
                        height: panel.height, color: signalColor(.audio))
                }
            } else {
                // Two half-height bands: left channel above, right below.
                let half = panel.height / 2
                for (i, name) in ["L", "R"].enumerated() {
                    let top = panel.top + Double(i) * half
                    svg.label(
                        name, x: layout.plotLeft - 28, y: top + half / 2 + 4, anchor: "end",
                        cssClass: "lane-unit")
                    svg.label(
                        "0", x: layout.plotLeft - 6, y: top + half / 2 + 3.5, anchor: "end",
                        cssClass: "tick")
                }
                svg.line(
                    x1: layout.plotLeft, y1: panel.top + half, x2: layout.plotRight,
                    y2: panel.top + half,
                    attributes: "class=\"grid\"")
                cropped(&svg, panel) {
                    for (i, signal) in [data.audioLeft, data.audioRight].enumerated() {
                        drawSignal(
                            &$0, signal, sampleRate: data.sampleRate, layout: layout,
                            top: panel.top + Double(i) * half, height: half,
                            color: signalColor(.audio))
                    }
                }
            }
        }
        svg.raw("</g>\n")
    }

    // MARK: - Frame

    /// Background, vertical grid at the time ticks, panel title and unit.
    private static func drawFrame(_ svg: inout SVGBuilder, panel: Panel, layout: Layout) {
        svg.rect(
            x: layout.plotLeft, y: panel.top, width: layout.plotWidth, height: panel.height,
            attributes: "class=\"lane-bg\"")
        // `vgrid` marks the time grid, which the audition page replaces while zoomed.
        for t in layout.ticks.values {
            let x = layout.x(t)
            svg.line(
                x1: x, y1: panel.top, x2: x, y2: panel.bottom, attributes: "class=\"grid vgrid\"")
        }
        svg.label(panel.title, x: 24, y: panel.top + 17, cssClass: "lane-title")
        svg.label(panel.unit, x: 24, y: panel.top + 32, cssClass: "lane-unit")
    }

    /// Right-aligned value labels at the plot's left edge; `value` is −1…1 for bipolar
    /// panels (which `labels` containing a negative value implies) and 0…1 otherwise.
    static func drawValueLabels(
        _ svg: inout SVGBuilder, panel: Panel, layout: Layout, labels: [(Double, String)]
    ) {
        let bipolar = labels.contains { $0.0 < 0 }
        for (value, text) in labels {
            let y =
                bipolar
                ? bipolarY(value, top: panel.top, height: panel.height)
                : unipolarY(value, panel: panel)
            svg.line(
                x1: layout.plotLeft - 4, y1: y, x2: layout.plotLeft, y2: y,
                attributes: "class=\"axis-line\"")
            svg.label(text, x: layout.plotLeft - 7, y: y + 3.5, anchor: "end", cssClass: "tick")
            if bipolar && value == 0 {
                svg.line(
                    x1: layout.plotLeft, y1: y, x2: layout.plotRight, y2: y,
                    attributes: "class=\"zero\"")
            }
        }
    }

    static func cropped(
        _ svg: inout SVGBuilder, _ panel: Panel, _ body: (inout SVGBuilder) -> Void
    ) {
        svg.raw("<g clip-path=\"url(#clip-\(panel.id))\">\n")
        body(&svg)
        svg.raw("</g>\n")
    }

    /// y of `v` (0…1, clamped) in a unipolar panel: 0 on the baseline, 1 near the top.
    static func unipolarY(_ v: Double, panel: Panel) -> Double {
        let c = v.isFinite ? min(1, max(0, v)) : 0
        return panel.bottom - 5 - c * (panel.height - 14)
    }

    /// y of `v` (−1…1, clamped) in a band `top…top+height` with 0 in the middle.
    static func bipolarY(_ v: Double, top: Double, height: Double) -> Double {
        let c = v.isFinite ? min(1, max(-1, v)) : 0
        return top + height / 2 - c * (height / 2 - 5)
    }

    // MARK: - Haptic events

    /// Continuous events as filled envelopes, transients as stems on top.
    ///
    /// Marks are merged per pixel column: of several transients in one column only the most
    /// intense is drawn (it hides the others anyway), and continuous events narrower than
    /// 2 px become 1 px bars, again the tallest per column. All marks of one sharpness
    /// colour share one `<path>`. So the mark count is O(width), whatever the event count.
    private static func drawHapticEvents(
        _ svg: inout SVGBuilder, panel: Panel, layout: Layout, events: [PlotEvent]
    ) {
        let base = unipolarY(0, panel: panel)
        let steps = SharpnessColorScale.steps
        var envelopes = [String](repeating: "", count: steps)
        var barHeight = [Double](repeating: -1, count: layout.columns)
        var barLevel = [Int](repeating: 0, count: layout.columns)
        var stemHeight = [Double](repeating: -1, count: layout.columns)
        var stemLevel = [Int](repeating: 0, count: layout.columns)
        var pointsLeft = continuousPointBudget

        func mergeIntoColumns(
            _ from: Double, _ to: Double, height: Double, level: Int,
            _ heights: inout [Double], _ levels: inout [Int]
        ) {
            for c in layout.column(from)...layout.column(to) where height > heights[c] {
                heights[c] = height
                levels[c] = level
            }
        }

        for event in events {
            guard event.time.isFinite, event.time <= layout.duration else { continue }
            switch event.kind {
            case .hapticTransient(let intensity, let sharpness):
                guard event.time >= 0 else { continue }
                mergeIntoColumns(
                    event.time, event.time, height: clamp01(intensity),
                    level: SharpnessColorScale.level(sharpness), &stemHeight, &stemLevel)
            case .hapticContinuous(let intensity, let sharpness, let envelope):
                let length = event.duration.isFinite ? max(0, event.duration) : 0
                let end = event.time + length
                guard end >= 0 else { continue }
                let level = SharpnessColorScale.level(sharpness)
                let x0 = layout.x(event.time)
                let x1 = layout.x(end)
                let points =
                    envelope.isEmpty
                    ? [
                        PlotPoint(time: 0, value: intensity),
                        PlotPoint(time: length, value: intensity),
                    ]
                    : envelope
                if x1 - x0 < 2 || pointsLeft <= 0 {
                    let peak = points.reduce(0) { max($0, clamp01($1.value)) }
                    mergeIntoColumns(
                        max(0, event.time), min(layout.duration, end), height: peak,
                        level: level, &barHeight, &barLevel)
                    continue
                }
                let reduced = reducePolyline(points, columns: Int(x1 - x0) + 1) {
                    Int(layout.x(event.time + $0) - x0)
                }
                pointsLeft -= reduced.count + 2
                var d = "M" + SVGBuilder.format(x0) + "," + SVGBuilder.format(base)
                for p in reduced {
                    d +=
                        "L" + SVGBuilder.format(layout.x(event.time + p.time)) + ","
                        + SVGBuilder.format(unipolarY(p.value, panel: panel))
                }
                d += "L" + SVGBuilder.format(x1) + "," + SVGBuilder.format(base) + "Z"
                envelopes[level] += d
            default:
                continue  // audio events belong to their own panel
            }
        }

        for level in 0..<steps where !envelopes[level].isEmpty {
            svg.raw(
                "<path d=\"\(envelopes[level])\" fill=\"\(SharpnessColorScale.color(level: level))\" "
                    + "fill-opacity=\"0.72\" stroke=\"\(SharpnessColorScale.color(level: level))\" "
                    + "stroke-width=\"1\" stroke-linejoin=\"round\"/>\n")
        }
        drawColumnStems(
            &svg, heights: barHeight, levels: barLevel, layout: layout, panel: panel,
            width: 1, attributes: "stroke-opacity=\"0.72\"", heads: false)
        // Heads only while stems are sparse: on a dense pattern they merge into a blur.
        let stems = stemHeight.count { $0 >= 0 }
        let sparse = stems * 6 <= layout.columns
        drawColumnStems(
            &svg, heights: stemHeight, levels: stemLevel, layout: layout, panel: panel,
            width: sparse ? 2 : 1, attributes: "stroke-linecap=\"butt\"", heads: sparse)
    }

    /// One vertical line per occupied column, grouped into one `<path>` per colour.
    private static func drawColumnStems(
        _ svg: inout SVGBuilder, heights: [Double], levels: [Int], layout: Layout, panel: Panel,
        width: Double, attributes: String, heads: Bool
    ) {
        let base = unipolarY(0, panel: panel)
        var paths = [String](repeating: "", count: SharpnessColorScale.steps)
        var circles = ""
        for c in 0..<heights.count where heights[c] >= 0 {
            let x = SVGBuilder.format(layout.columnX(c))
            let y = SVGBuilder.format(unipolarY(heights[c], panel: panel))
            paths[levels[c]] += "M" + x + "," + SVGBuilder.format(base) + "V" + y
            if heads {
                circles +=
                    "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"2.6\" "
                    + "fill=\"\(SharpnessColorScale.color(level: levels[c]))\"/>\n"
            }
        }
        for level in 0..<paths.count where !paths[level].isEmpty {
            svg.raw(
                "<path d=\"\(paths[level])\" stroke=\"\(SharpnessColorScale.color(level: level))\" "
                    + "stroke-width=\"\(SVGBuilder.format(width))\" fill=\"none\" \(attributes)/>\n"
            )
        }
        svg.raw(circles)
    }

    // MARK: - Parameter panels

    /// A piecewise-linear 0…1 curve with a light area under it. The sharpness panel strokes
    /// and fills with a vertical gradient of the sharpness scale, so its colour at any
    /// height is the colour events of that sharpness get.
    private static func drawCurve(
        _ svg: inout SVGBuilder, panel: Panel, layout: Layout, points: [PlotPoint],
        sharpnessColoured: Bool
    ) {
        let finite = points.filter { $0.time.isFinite && $0.value.isFinite }
        guard let first = finite.first, let last = finite.last else {
            svg.label(
                "no data", x: layout.plotLeft + 8, y: panel.top + panel.height / 2 + 4,
                cssClass: "empty")
            return
        }
        let reduced = reducePolyline(finite, columns: layout.columns) { layout.column($0) }
        // Hold the first and last values out to the plot's edges.
        var line =
            "M" + SVGBuilder.format(min(layout.x(first.time), layout.plotLeft)) + ","
            + SVGBuilder.format(unipolarY(first.value, panel: panel))
        for p in reduced {
            line +=
                "L" + SVGBuilder.format(layout.x(p.time)) + ","
                + SVGBuilder.format(unipolarY(p.value, panel: panel))
        }
        let endX = max(layout.x(last.time), layout.plotRight)
        line +=
            "L" + SVGBuilder.format(endX) + ","
            + SVGBuilder.format(unipolarY(last.value, panel: panel))
        let base = SVGBuilder.format(unipolarY(0, panel: panel))
        let area =
            line + "L" + SVGBuilder.format(endX) + "," + base + "L"
            + SVGBuilder.format(min(layout.x(first.time), layout.plotLeft)) + "," + base + "Z"
        let stroke: String
        let fill: String
        if sharpnessColoured {
            svg.raw(
                "<linearGradient id=\"sharpness-vertical\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" "
                    + "y1=\"\(base)\" x2=\"0\" y2=\"\(SVGBuilder.format(unipolarY(1, panel: panel)))\">\n"
            )
            drawGradientStops(&svg)
            svg.raw("</linearGradient>\n")
            stroke = "url(#sharpness-vertical)"
            fill = "url(#sharpness-vertical)\" fill-opacity=\"0.22"
        } else {
            stroke = "#495057"
            fill = "#adb5bd\" fill-opacity=\"0.35"
        }
        svg.raw("<path d=\"\(area)\" fill=\"\(fill)\" stroke=\"none\"/>\n")
        svg.raw(
            "<path d=\"\(line)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"1.6\" "
                + "stroke-linejoin=\"round\"/>\n")
    }

    // MARK: - Audio events

    /// Audio events as boxes in up to three rows (overlapping events take separate rows);
    /// fill strength is the volume, custom-audio events are labelled with their file name when the
    /// box is wide enough. A box that falls entirely inside what its row has already painted
    /// is skipped, so a row draws at most O(width) boxes.
    private static func drawAudioEvents(
        _ svg: inout SVGBuilder, panel: Panel, layout: Layout, events: [PlotEvent]
    ) {
        let (order, rowOf, rows) = audioEventRows(events, duration: layout.duration)
        guard !order.isEmpty else {
            svg.label(
                "no audio events", x: layout.plotLeft + 8, y: panel.top + panel.height / 2 + 4,
                cssClass: "empty")
            return
        }
        let rowHeight = (panel.height - 8) / Double(rows)
        var paintedUntil = [Double](repeating: -.infinity, count: rows)
        for i in order {
            let e = events[i]
            let row = rowOf[i]
            let x0 = layout.x(e.time)
            let x1 = max(
                x0 + 1.5, layout.x(e.time + (e.duration.isFinite ? max(0, e.duration) : 0)))
            if x1 <= paintedUntil[row] + 0.5 { continue }
            paintedUntil[row] = max(paintedUntil[row], x1)
            let volume: Double
            let style: String
            let name: String
            switch e.kind {
            case .audioContinuous(let v): (volume, style, name) = (v, audioToneStyle, "tone")
            case .audioCustom(let file, let v): (volume, style, name) = (v, audioClipStyle, file)
            default: continue  // haptic events belong to their own panel
            }
            let rowTop = panel.top + 4 + Double(row) * rowHeight
            // Full-height boxes keep labels readable; volume shows as the fill's strength.
            let opacity = SVGBuilder.fixed(0.15 + 0.6 * clamp01(volume), decimals: 2)
            svg.rect(
                x: x0, y: rowTop + 1, width: x1 - x0, height: rowHeight - 2,
                attributes: "rx=\"2\" fill-opacity=\"\(opacity)\" " + style)
            if let text = fitted(name, width: x1 - x0 - 8) {
                svg.label(text, x: x0 + 4, y: rowTop + rowHeight / 2 + 3.5, cssClass: "event-label")
            }
        }
    }

    /// Assigns audio events to up to three rows (overlapping events take separate rows):
    /// `order` is the drawable events' indices by start time (stable, so rows and bytes are
    /// deterministic), `rowOf[i]` event `i`'s row, `rows` the rows used. O(n log n).
    static func audioEventRows(_ events: [PlotEvent], duration: Double)
        -> (order: [Int], rowOf: [Int], rows: Int)
    {
        let maxRows = 3
        let order = events.indices
            .filter { events[$0].time.isFinite && events[$0].time <= duration }
            .sorted { (events[$0].time, $0) < (events[$1].time, $1) }
        var rowEnds: [Double] = []
        var rowOf = [Int](repeating: 0, count: events.count)
        for i in order {
            let e = events[i]
            let end = e.time + (e.duration.isFinite ? max(0, e.duration) : 0)
            if let free = rowEnds.firstIndex(where: { $0 <= e.time }) {
                rowOf[i] = free
                rowEnds[free] = end
            } else if rowEnds.count < maxRows {
                rowOf[i] = rowEnds.count
                rowEnds.append(end)
            } else {
                let earliest = rowEnds.indices.min { rowEnds[$0] < rowEnds[$1] }!
                rowOf[i] = earliest
                rowEnds[earliest] = max(rowEnds[earliest], end)
            }
        }
        return (order, rowOf, max(1, rowEnds.count))
    }

    /// `text`, shortened with an ellipsis to fit `width` px at the 10 px label size, or nil
    /// when not even a few characters fit. Uses an average glyph width (no font metrics
    /// here), which errs on the short side.
    static func fitted(_ text: String, width: Double) -> String? {
        let perChar = 5.6
        let capacity = Int(width / perChar)
        if text.count <= capacity { return text }
        guard capacity >= 4 else { return nil }
        return String(text.prefix(capacity - 1)) + "…"
    }

    // MARK: - Signals

    /// A signal as its min/max envelope polygon (top edge left to right along the maxima,
    /// back along the minima). A thin stroke in the fill colour keeps flat stretches visible.
    private static func drawSignal(
        _ svg: inout SVGBuilder, _ signal: [Float], sampleRate: Double, layout: Layout,
        top: Double, height: Double, color: String
    ) {
        let envelope = MinMaxEnvelope.decimate(
            signal, sampleRate: sampleRate, duration: layout.duration, columns: layout.columns)
        guard envelope.count > 0 else {
            svg.label("no data", x: layout.plotLeft + 8, y: top + height / 2 - 4, cssClass: "empty")
            return
        }
        svg.raw(
            "<polygon fill=\"\(color)\" stroke=\"\(color)\" stroke-width=\"0.8\" stroke-linejoin=\"round\" points=\""
        )
        for c in 0..<envelope.count {
            svg.point(
                layout.columnX(c), bipolarY(Double(envelope.maximum[c]), top: top, height: height))
        }
        for c in stride(from: envelope.count - 1, through: 0, by: -1) {
            svg.point(
                layout.columnX(c), bipolarY(Double(envelope.minimum[c]), top: top, height: height))
        }
        svg.raw("\"/>\n")
    }

    static func clamp01(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
}
