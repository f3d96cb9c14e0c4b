import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An LRA's part of the datasheet page: its figures, the frequency response (simulated points
/// over the closed form, log–log, with f0, the −3 dB band and the sharpness band marked), the
/// impulse and step responses, and the frequency response as a table.
extension ActuatorDatasheetPlot {
    /// The page's line of key figures.
    static func lraFacts(_ sheet: ActuatorDatasheet, _ lra: LRADatasheet) -> [String] {
        [
            "f0 \(fmt(lra.resonanceHz, 1)) Hz",
            "Q \(fmt(lra.q, 2)) (Hi-Z \(fmt(lra.qHiZ, 1)))",
            "τ \(fmt(lra.tauMs, 2)) ms (Hi-Z \(fmt(lra.tauHiZMs, 1)) ms)",
            "peak \(fmt(lra.peakGPerVolt, 3)) g/V at \(fmt(lra.peakHz, 1)) Hz",
            "−3 dB \(lra.bandwidthHz.map { fmt($0, 1) + " Hz" } ?? "n/a")",
            "sharpness band \(fmt(sheet.sharpnessBandLowHz, 0))–\(fmt(sheet.sharpnessBandHighHz, 0)) Hz",
            "rail \(fmt(sheet.voltageClamp, 1)) V", "x_max \(fmt(lra.maxExcursionMm, 2)) mm",
            "full scale \(fmt(sheet.fullScaleG, 1)) g",
        ]
    }

    /// The frequency response across the page, the impulse and step responses below it.
    static func drawLRA(_ svg: inout SVGBuilder, _ sheet: ActuatorDatasheet, _ lra: LRADatasheet) {
        drawFrequencyResponse(&svg, sheet, lra, Panel(x: 80, y: 100, w: 1080, h: 300))
        drawSeries(
            &svg, Panel(x: 80, y: 470, w: 500, h: 150),
            title: "Impulse response (one-sample pulse, low-Z driver)",
            yTitle: "g per V·s (the instantaneous term at 0 is off scale)",
            series: lra.impulseResponse, skipFirst: true)
        drawSeries(
            &svg, Panel(x: 660, y: 470, w: 500, h: 150), title: "Step response (low-Z driver)",
            yTitle: "g per V", series: lra.stepResponse, skipFirst: false)
    }

    /// The frequency response, for the HTML page.
    static func lraTables(_ lra: LRADatasheet) -> String {
        var page =
            "<div><h2>Frequency response</h2><table id=\"frequency-response\">"
            + "<tr><th>Hz</th><th>g/V simulated</th><th>g/V closed form</th><th>max continuous g</th></tr>\n"
        for r in lra.frequencyResponse {
            page +=
                "<tr><td>\(fmt(r.hz, 1))</td><td>\(sig(r.gPerVolt))</td><td>\(sig(r.closedFormGPerVolt))</td>"
                + "<td>\(sig(r.maxContinuousG))</td></tr>\n"
        }
        return page + "</table></div>"
    }

    // MARK: - Frequency response

    private static func drawFrequencyResponse(
        _ svg: inout SVGBuilder, _ sheet: ActuatorDatasheet, _ lra: LRADatasheet, _ p: Panel
    ) {
        let points = lra.frequencyResponse
        guard let fMin = points.first?.hz, let fMax = points.last?.hz else { return }
        let values = points.flatMap { [$0.gPerVolt, $0.closedFormGPerVolt] }.filter { $0 > 0 }
        let yMax = pow(10, (log10(values.max() ?? 1)).rounded(.up))
        let yMin = max(yMax / 1e4, pow(10, (log10(values.min() ?? 1e-3)).rounded(.down)))
        func x(_ hz: Double) -> Double { p.x + log(hz / fMin) / log(fMax / fMin) * p.w }
        func y(_ v: Double) -> Double {
            p.y + p.h - log(max(v, yMin) / yMin) / log(yMax / yMin) * p.h
        }
        svg.label(
            "Frequency response: body acceleration per drive volt (steady sine, low-Z driver)",
            x: p.x, y: p.y - 10, cssClass: "panel-title")
        svg.rect(x: p.x, y: p.y, width: p.w, height: p.h, attributes: "class=\"frame\"")
        // Sharpness band and −3 dB band as shaded spans.
        svg.rect(
            x: x(sheet.sharpnessBandLowHz), y: p.y,
            width: x(sheet.sharpnessBandHighHz) - x(sheet.sharpnessBandLowHz),
            height: p.h, attributes: "fill=\"#fca636\" fill-opacity=\"0.12\"")
        if let lo = lra.halfPowerLowHz, let hi = lra.halfPowerHighHz {
            svg.rect(
                x: x(lo), y: p.y, width: x(hi) - x(lo), height: p.h,
                attributes: "fill=\"#6a00a8\" fill-opacity=\"0.14\"")
        }
        for hz in [20.0, 50, 100, 200, 500, 1000] where hz >= fMin && hz <= fMax * 1.0001 {
            svg.line(x1: x(hz), y1: p.y, x2: x(hz), y2: p.y + p.h, attributes: "class=\"grid\"")
            svg.label(fmt(hz, 0), x: x(hz), y: p.y + p.h + 16, anchor: "middle", cssClass: "tick")
        }
        var decade = yMin
        while decade <= yMax * 1.0001 {
            svg.line(
                x1: p.x, y1: y(decade), x2: p.x + p.w, y2: y(decade), attributes: "class=\"grid\"")
            svg.label(sig(decade), x: p.x - 6, y: y(decade) + 3.5, anchor: "end", cssClass: "tick")
            decade *= 10
        }
        svg.label(
            "Hz", x: p.x + p.w / 2, y: p.y + p.h + 32, anchor: "middle", cssClass: "axis-title")
        svg.label("g/V", x: p.x - 44, y: p.y + p.h / 2, anchor: "middle", cssClass: "axis-title")
        var line = ""
        for (i, point) in points.enumerated() {
            line +=
                (i == 0 ? "M" : "L") + SVGBuilder.format(x(point.hz)) + ","
                + SVGBuilder.format(y(point.closedFormGPerVolt))
        }
        svg.raw("<path d=\"\(line)\" fill=\"none\" stroke=\"#8c959f\" stroke-width=\"2\"/>\n")
        var dots = ""
        for point in points {
            dots +=
                "<circle cx=\"\(SVGBuilder.format(x(point.hz)))\" cy=\"\(SVGBuilder.format(y(point.gPerVolt)))\" r=\"2.4\"/>"
        }
        svg.raw("<g fill=\"#0b7285\">\(dots)</g>\n")
        svg.line(
            x1: x(lra.resonanceHz), y1: p.y, x2: x(lra.resonanceHz), y2: p.y + p.h,
            attributes: "stroke=\"#cf222e\" stroke-dasharray=\"4 3\"")
        svg.label("f0", x: x(lra.resonanceHz) + 4, y: p.y + p.h * 0.6, cssClass: "tick")
        let legend =
            "● simulated model   — closed form (docs/physics.md, Model equations)   "
            + "purple: −3 dB band   orange: sharpness band"
        svg.label(legend, x: p.x + p.w - 8, y: p.y + p.h - 8, anchor: "end", cssClass: "note")
    }
}
