import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws an `ActuatorDatasheet` as one SVG page (1200 × 900): the key figures, the kind's
/// panels (an LRA's frequency response and impulse and step responses:
/// `ActuatorDatasheetPlot+LRA.swift`; an ERM's steady response and spin-up:
/// `ActuatorDatasheetPlot+ERM.swift`), and the transients' peak g and click duration against
/// sharpness. Plain string building like `TimelinePlot`, so the same datasheet always gives
/// the same bytes. O(points).
public enum ActuatorDatasheetPlot {
    static let width = 1200.0
    static let height = 900.0

    /// The standalone SVG document.
    public static func svg(_ sheet: ActuatorDatasheet) -> String {
        var svg = SVGBuilder(reservingCapacity: 1 << 17)
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.raw(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\"900\" viewBox=\"0 0 1200 900\" "
                + "role=\"img\" aria-label=\"\(SVGBuilder.escape("Datasheet of actuator " + sheet.actuator))\">\n"
        )
        svg.raw(
            """
            <style>
            text{font-family:Inter,'Helvetica Neue',Helvetica,Arial,'Liberation Sans','DejaVu Sans',sans-serif;fill:#1f2328}
            .title{font-size:20px;font-weight:600}
            .facts{font-size:12.5px;fill:#424a53}
            .panel-title{font-size:13px;font-weight:600}
            .tick{font-size:10.5px;fill:#57606a}
            .axis-title{font-size:11px;fill:#57606a}
            .note{font-size:10.5px;fill:#57606a}
            .grid{stroke:#e1e4e8;stroke-width:1}
            .frame{fill:#f6f8fa;stroke:#d0d7de}
            </style>

            """)
        svg.rect(x: 0, y: 0, width: width, height: height, attributes: "fill=\"#ffffff\"")
        svg.label("Actuator \(sheet.actuator)", x: 24, y: 36, cssClass: "title")
        var facts: [String] = []
        if let lra = sheet.lra { facts = lraFacts(sheet, lra) }
        if let erm = sheet.erm { facts = ermFacts(sheet, erm) }
        svg.label(facts.joined(separator: "  ·  "), x: 24, y: 60, cssClass: "facts")
        if let lra = sheet.lra { drawLRA(&svg, sheet, lra) }
        if let erm = sheet.erm { drawERM(&svg, erm) }
        drawTransients(&svg, sheet)
        svg.raw("</svg>\n")
        return svg.text
    }

    /// A plot area in SVG units.
    struct Panel {
        var x, y, w, h: Double
    }

    // MARK: - Time series

    static func drawSeries(
        _ svg: inout SVGBuilder, _ p: Panel, title: String, yTitle: String,
        series: ActuatorDatasheet.TimeSeries, skipFirst: Bool
    ) {
        svg.label(title, x: p.x, y: p.y - 10, cssClass: "panel-title")
        svg.rect(x: p.x, y: p.y, width: p.w, height: p.h, attributes: "class=\"frame\"")
        let values = series.values
        guard values.count > 1 else { return }
        // An impulse response's first sample holds the plant's direct term (acceleration
        // follows force at once); scaling to it would flatten the ringing.
        let bound = values.dropFirst(skipFirst ? 1 : 0).reduce(0) { max($0, abs($1)) }
        let scale = bound > 0 ? bound * 1.05 : 1
        let duration = series.intervalMs * Double(values.count - 1)
        func x(_ i: Int) -> Double { p.x + Double(i) / Double(values.count - 1) * p.w }
        func y(_ v: Double) -> Double { p.y + p.h / 2 - v / scale * (p.h / 2) }
        svg.line(x1: p.x, y1: y(0), x2: p.x + p.w, y2: y(0), attributes: "class=\"grid\"")
        for (v, text) in [(bound, sig(bound)), (0, "0"), (-bound, sig(-bound))] {
            svg.label(text, x: p.x - 6, y: y(v) + 3.5, anchor: "end", cssClass: "tick")
        }
        let step = niceStep(duration / 5)
        var t = 0.0
        while t <= duration + 1e-9 {
            let xt = p.x + t / duration * p.w
            svg.line(
                x1: xt, y1: p.y + p.h, x2: xt, y2: p.y + p.h + 4, attributes: "stroke=\"#8c959f\"")
            svg.label(
                fmt(t, step < 1 ? 1 : 0), x: xt, y: p.y + p.h + 16, anchor: "middle",
                cssClass: "tick")
            t += step
        }
        svg.label(
            "ms", x: p.x + p.w / 2, y: p.y + p.h + 32, anchor: "middle", cssClass: "axis-title")
        svg.label(yTitle, x: p.x + 6, y: p.y + 14, cssClass: "note")
        var d = ""
        for (i, v) in values.enumerated() {
            d +=
                (i == 0 ? "M" : "L") + SVGBuilder.format(x(i)) + ","
                + SVGBuilder.format(y(max(-scale, min(scale, v))))
        }
        svg.raw("<path d=\"\(d)\" fill=\"none\" stroke=\"#0b7285\" stroke-width=\"1.3\"/>\n")
    }

    // MARK: - Transients

    private static func drawTransients(_ svg: inout SVGBuilder, _ sheet: ActuatorDatasheet) {
        let rows = sheet.transients
        guard !rows.isEmpty else { return }
        let panels: [(Panel, String, (ActuatorDatasheet.Transient) -> Double)] = [
            (
                Panel(x: 80, y: 700, w: 500, h: 140),
                "Transients: peak acceleration in g (intensity 1)", { $0.peakG }
            ),
            (
                Panel(x: 660, y: 700, w: 500, h: 140),
                "Transients: click duration in ms (above −20 dB of the peak)", { $0.durationMs }
            ),
        ]
        for (p, title, value) in panels {
            svg.label(title, x: p.x, y: p.y - 10, cssClass: "panel-title")
            svg.rect(x: p.x, y: p.y, width: p.w, height: p.h, attributes: "class=\"frame\"")
            let top = (rows.map(value).max() ?? 1) * 1.15
            let slot = p.w / Double(rows.count)
            for (i, row) in rows.enumerated() {
                let v = value(row)
                let barH = top > 0 ? v / top * p.h : 0
                let x0 = p.x + Double(i) * slot + slot * 0.2
                svg.rect(
                    x: x0, y: p.y + p.h - barH, width: slot * 0.6, height: barH,
                    attributes: "fill=\"\(SharpnessColorScale.color(row.sharpness))\"")
                svg.label(
                    fmt(v, v < 10 ? 2 : 1), x: x0 + slot * 0.3, y: p.y + p.h - barH - 4,
                    anchor: "middle", cssClass: "tick")
                svg.label(
                    fmt(row.sharpness, 1), x: x0 + slot * 0.3, y: p.y + p.h + 16, anchor: "middle",
                    cssClass: "tick")
            }
            svg.label(
                "sharpness", x: p.x + p.w / 2, y: p.y + p.h + 32, anchor: "middle",
                cssClass: "axis-title")
        }
    }

    /// A self-contained page: the SVG inline and the numbers as tables.
    public static func html(_ sheet: ActuatorDatasheet) -> String {
        let name = SVGBuilder.escape(sheet.actuator)
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Actuator \(name) — HapticRender datasheet</title>
            <style>body{margin:0;font-family:Inter,'Helvetica Neue',Helvetica,Arial,sans-serif;color:#1f2328}
            svg{display:block;max-width:100%;height:auto}section{display:flex;flex-wrap:wrap;gap:32px;padding:8px 24px 32px}
            table{border-collapse:collapse;font-size:13px}th,td{text-align:right;padding:3px 10px;border-bottom:1px solid #eaeef2}
            th{font-weight:500;color:#57606a}h2{font-size:14px}</style></head><body>

            """
        page += AuditionPage.inlineSVG(svg(sheet))
        page +=
            "<section><div><h2>Transients (intensity 1)</h2><table id=\"transients\">"
            + "<tr><th>sharpness</th><th>carrier Hz</th><th>pulse ms</th><th>peak g</th><th>duration ms</th></tr>\n"
        for t in sheet.transients {
            page +=
                "<tr><td>\(fmt(t.sharpness, 1))</td><td>\(fmt(t.carrierHz, 1))</td><td>\(fmt(t.pulseMs, 2))</td>"
                + "<td>\(fmt(t.peakG, 3))</td><td>\(fmt(t.durationMs, 2))</td></tr>\n"
        }
        page += "</table></div>"
        if let lra = sheet.lra { page += lraTables(lra) }
        if let erm = sheet.erm { page += ermTables(erm) }
        return page + "</section></body></html>\n"
    }

    // MARK: - Helpers

    /// A number with `decimals` digits (deterministic, locale-free).
    static func fmt(_ x: Double, _ decimals: Int) -> String {
        SVGBuilder.fixed(x, decimals: decimals)
    }

    /// Three significant digits, for axis labels spanning decades.
    static func sig(_ x: Double) -> String {
        guard x != 0, x.isFinite else { return "0" }
        return SVGBuilder.trimmed(
            x, decimals: min(6, max(0, 2 - Int(log10(abs(x)).rounded(.down)))))
    }

    /// The 1-2-5 step at or above `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let base = pow(10, log10(raw).rounded(.down))
        return [1.0, 2, 5, 10].map { $0 * base }.first { $0 >= raw * (1 - 1e-9) } ?? 10 * base
    }
}
