import FoundationEssentials

/// An ERM's part of the datasheet page: its figures, the steady response against drive volts
/// (measured points over the closed form: frequency and acceleration both rise with the
/// speed), the spin-up and braked stop through the driver, and its tables.
extension ActuatorDatasheetPlot {
    /// The page's line of key figures.
    static func ermFacts(_ sheet: ActuatorDatasheet, _ erm: ERMDatasheet) -> [String] {
        [
            "rated \(fmt(erm.ratedVoltage, 2)) V: \(fmt(erm.ratedSpeedHz, 0)) Hz, \(fmt(erm.ratedG, 3)) g",
            "\(fmt(erm.hzPerVolt, 1)) Hz/V", "τ \(fmt(erm.timeConstantMs, 1)) ms",
            "0 → 90 % \(fmt(erm.spinUpMs, 1)) ms (open loop \(fmt(erm.openLoopRiseMs, 1)))",
            "stop → 10 % \(fmt(erm.stopMs, 1)) ms (open loop \(fmt(erm.openLoopStopMs, 1)))",
            "rail \(fmt(sheet.voltageClamp, 1)) V", "full scale \(fmt(sheet.fullScaleG, 1)) g",
        ]
    }

    /// The steady response across the page, the spin-up and stop below it.
    static func drawERM(_ svg: inout SVGBuilder, _ erm: ERMDatasheet) {
        drawSteadyResponse(&svg, erm, Panel(x: 80, y: 100, w: 1080, h: 300))
        drawSeries(
            &svg, Panel(x: 80, y: 470, w: 1080, h: 150),
            title: "Spin-up and stop through the driver (rated command for 200 ms, then 0)",
            yTitle: "g", series: erm.spinUp, skipFirst: false)
    }

    /// The steady response and the intensity law, for the HTML page.
    static func ermTables(_ erm: ERMDatasheet) -> String {
        var page =
            "<div><h2>Steady response</h2><table id=\"steady-response\">"
            + "<tr><th>volts</th><th>Hz</th><th>g simulated</th><th>g closed form</th></tr>\n"
        for r in erm.steadyResponse {
            page +=
                "<tr><td>\(fmt(r.volts, 2))</td><td>\(fmt(r.hz, 1))</td><td>\(sig(r.g))</td>"
                + "<td>\(sig(r.closedFormG))</td></tr>\n"
        }
        page +=
            "</table></div><div><h2>Intensity</h2><table id=\"intensity\">"
            + "<tr><th>intensity</th><th>volts</th><th>Hz</th><th>g</th></tr>\n"
        for p in erm.intensity {
            page +=
                "<tr><td>\(fmt(p.intensity, 1))</td><td>\(fmt(p.volts, 3))</td>"
                + "<td>\(fmt(p.hz, 1))</td><td>\(sig(p.g))</td></tr>\n"
        }
        return page + "</table></div>"
    }

    /// Measured acceleration (dots) over the closed form (line) against drive volts, linear
    /// axes, each point labelled with its measured frequency.
    private static func drawSteadyResponse(
        _ svg: inout SVGBuilder, _ erm: ERMDatasheet, _ p: Panel
    ) {
        let points = erm.steadyResponse
        guard let vMax = points.last?.volts, vMax > 0 else { return }
        let gMax = (points.map { max($0.g, $0.closedFormG) }.max() ?? 1) * 1.1
        func x(_ v: Double) -> Double { p.x + v / vMax * p.w }
        func y(_ g: Double) -> Double { p.y + p.h - g / gMax * p.h }
        svg.label(
            "Steady response: acceleration and frequency against drive volts (the motor alone)",
            x: p.x, y: p.y - 10, cssClass: "panel-title")
        svg.rect(x: p.x, y: p.y, width: p.w, height: p.h, attributes: "class=\"frame\"")
        let step = niceStep(gMax / 5)
        var g = 0.0
        while g <= gMax {
            svg.line(x1: p.x, y1: y(g), x2: p.x + p.w, y2: y(g), attributes: "class=\"grid\"")
            svg.label(sig(g), x: p.x - 6, y: y(g) + 3.5, anchor: "end", cssClass: "tick")
            g += step
        }
        for point in points {
            svg.label(
                fmt(point.volts, 1), x: x(point.volts), y: p.y + p.h + 16, anchor: "middle",
                cssClass: "tick")
        }
        svg.label(
            "V", x: p.x + p.w / 2, y: p.y + p.h + 32, anchor: "middle", cssClass: "axis-title")
        svg.label("g", x: p.x - 44, y: p.y + p.h / 2, anchor: "middle", cssClass: "axis-title")
        var line = "M" + SVGBuilder.format(x(0)) + "," + SVGBuilder.format(y(0))
        for point in points {
            line +=
                "L" + SVGBuilder.format(x(point.volts)) + ","
                + SVGBuilder.format(y(point.closedFormG))
        }
        svg.raw("<path d=\"\(line)\" fill=\"none\" stroke=\"#8c959f\" stroke-width=\"2\"/>\n")
        var dots = ""
        for point in points {
            dots +=
                "<circle cx=\"\(SVGBuilder.format(x(point.volts)))\" cy=\"\(SVGBuilder.format(y(point.g)))\" r=\"3\"/>"
            svg.label(
                "\(fmt(point.hz, 0)) Hz", x: x(point.volts), y: y(point.g) - 8, anchor: "middle",
                cssClass: "note")
        }
        svg.raw("<g fill=\"#0b7285\">\(dots)</g>\n")
        svg.label(
            "● simulated motor   — closed form g_R·(K·V)² (docs/physics.md, Eccentric rotating mass)",
            x: p.x + p.w - 8, y: p.y + p.h - 8, anchor: "end", cssClass: "note")
    }
}
