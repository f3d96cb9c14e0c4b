/// The legend under the time axis: the sharpness colour bar, a key of mark shapes and a
/// note on what the panels mean. It flows into more rows on narrow pictures rather than
/// overflowing, so its height is planned before drawing starts (the SVG's height needs it).
extension TimelinePlot {
    /// The legend's rows at one width.
    struct LegendPlan {
        /// Indices into `keyItems`, one array per row.
        let keyRows: [[Int]]
        /// The explanatory note, word-wrapped.
        let noteLines: [String]

        /// Average glyph advance at the legend's 11 px size; no font metrics are available,
        /// so this errs wide.
        static let charWidth = 6.0
        static let keyRowHeight = 22.0
        static let noteLineHeight = 16.0

        init(availableWidth: Double, fullScaleG: Double) {
            var rows: [[Int]] = [[]]
            var x = 0.0
            for (i, words) in TimelinePlot.keyItems.enumerated() {
                let width = LegendPlan.itemWidth(words)
                if x > 0, x + width > availableWidth {
                    rows.append([])
                    x = 0
                }
                rows[rows.count - 1].append(i)
                x += width + 20
            }
            keyRows = rows
            let note =
                "Intensity and sharpness panels show the effective values after dynamic "
                + "parameters and parameter curves. Drive and audio are normalized to ±1; "
                + "acceleration is in g (±1 = ±\(TimelinePlot.trimmed(fullScaleG)) g full scale)."
            noteLines = LegendPlan.wrap(note, width: availableWidth)
        }

        /// Swatch plus words.
        static func itemWidth(_ words: String) -> Double { 18 + Double(words.count) * charWidth }

        /// Height from the legend's top to the picture's bottom edge.
        var height: Double {
            40 + Double(keyRows.count) * Self.keyRowHeight + Double(noteLines.count)
                * Self.noteLineHeight + 8
        }

        /// Greedy word wrap to `width` px. O(characters).
        static func wrap(_ text: String, width: Double) -> [String] {
            let capacity = max(10, Int(width / charWidth))
            var lines: [String] = []
            var line = ""
            for word in text.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > capacity {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            if !line.isEmpty { lines.append(line) }
            return lines
        }
    }

    /// The key's entries, in drawing order; `drawKeySwatch` draws the matching symbol.
    static let keyItems = [
        "transient: stem height = intensity",
        "continuous: envelope",
        "AudioContinuous tone",
        "AudioCustom audio (file name)",
        "signals: min–max per pixel column",
    ]

    static func drawLegend(_ svg: inout SVGBuilder, layout: Layout) {
        let top = layout.legendTop
        let left = layout.plotLeft
        svg.raw("<g id=\"legend\">\n")

        // The colour bar uses the same gradient as the sharpness panel.
        let barWidth = 220.0
        svg.label("Sharpness colour", x: 24, y: top + 12, cssClass: "legend-head")
        svg.rect(
            x: left, y: top + 2, width: barWidth, height: 12,
            attributes: "rx=\"2\" fill=\"url(#sharpness-horizontal)\"")
        for (t, text) in [(0.0, "0 round"), (0.5, "0.5"), (1.0, "1 crisp")] {
            svg.label(
                text, x: left + t * barWidth, y: top + 28,
                anchor: t == 0 ? "start" : (t == 1 ? "end" : "middle"), cssClass: "tick")
        }

        svg.label("Key", x: 24, y: top + 56, cssClass: "legend-head")
        var y = top + 52
        for row in layout.legend.keyRows {
            var x = left
            for i in row {
                drawKeySwatch(&svg, item: i, x: x, y: y)
                svg.label(keyItems[i], x: x + 18, y: y + 4, cssClass: "legend")
                x += LegendPlan.itemWidth(keyItems[i]) + 20
            }
            y += LegendPlan.keyRowHeight
        }
        y += 6
        for line in layout.legend.noteLines {
            svg.label(line, x: left, y: y, cssClass: "legend")
            y += LegendPlan.noteLineHeight
        }
        svg.raw("</g>\n")
    }

    /// A 14 × 12 px symbol centred vertically on `y`, matching how the panels draw that mark.
    private static func drawKeySwatch(_ svg: inout SVGBuilder, item: Int, x: Double, y: Double) {
        func polygon(_ points: [(Double, Double)], fill: String) {
            svg.raw("<polygon points=\"")
            for (dx, dy) in points { svg.point(x + dx, y + dy) }
            svg.raw("\" \(fill)/>\n")
        }
        switch item {
        case 0:
            let color = SharpnessColorScale.color(0.5)
            svg.line(
                x1: x + 6, y1: y + 6, x2: x + 6, y2: y - 7,
                attributes: "stroke=\"\(color)\" stroke-width=\"2\"")
            svg.raw(
                "<circle cx=\"\(SVGBuilder.format(x + 6))\" cy=\"\(SVGBuilder.format(y - 7))\" r=\"2.6\" fill=\"\(color)\"/>\n"
            )
        case 1:
            polygon(
                [(0, 6), (4, -6), (12, -3), (14, 6)],
                fill: "fill=\"\(SharpnessColorScale.color(0.2))\" fill-opacity=\"0.72\"")
        case 2:
            svg.rect(
                x: x, y: y - 6, width: 14, height: 12,
                attributes: "rx=\"2\" fill-opacity=\"0.6\" \(audioToneStyle)")
        case 3:
            svg.rect(
                x: x, y: y - 6, width: 14, height: 12,
                attributes: "rx=\"2\" fill-opacity=\"0.6\" \(audioClipStyle)")
        default:
            polygon(
                [(0, 0), (3, -6), (7, -2), (10, -6), (14, 0), (10, 6), (7, 2), (3, 6)],
                fill: "fill=\"\(signalColor(.drive))\"")
        }
    }
}
