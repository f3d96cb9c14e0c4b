import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension TimelinePlot {
    /// Ticks of the shared time axis: multiples of a "nice" step.
    struct TimeTicks: Equatable {
        /// Seconds between ticks, from the 1-2-5 series (…, 0.1, 0.2, 0.5, 1, 2, 5, 10, …).
        var step: Double
        /// Digits after the point that label every tick exactly (0 for steps ≥ 1).
        var decimals: Int
        /// Tick times from 0 to at most `duration`.
        var values: [Double]
    }

    /// Chooses the smallest 1-2-5 step that gives at most `maximumCount` intervals over
    /// `duration` (≈ one label per 90 px at the default width), so labels never collide and
    /// read as round numbers. O(ticks).
    static func timeTicks(duration: Double, maximumCount: Int) -> TimeTicks {
        guard duration > 0, duration.isFinite, maximumCount > 0 else {
            return TimeTicks(step: 1, decimals: 0, values: [0])
        }
        let raw = duration / Double(maximumCount)
        var exponent = Int((log10(raw)).rounded(.down))
        var step = 0.0
        // Walk 1, 2, 5 × 10^e upward until the step is at least the raw spacing.
        search: while true {
            for mantissa in [1.0, 2.0, 5.0] {
                let candidate = mantissa * pow10(exponent)
                if candidate >= raw * (1 - 1e-9) {
                    step = candidate
                    break search
                }
            }
            exponent += 1
        }
        let decimals = max(0, -Int((log10(step) + 1e-9).rounded(.down)))
        let count = Int((duration / step + 1e-9).rounded(.down))
        // k × step rather than repeated addition, so no error accumulates over many ticks.
        let values = (0...count).map { Double($0) * step }
        return TimeTicks(step: step, decimals: decimals, values: values)
    }

    /// Draws the tick marks, labels and title of the time axis under the last lane.
    static func drawTimeAxis(_ svg: inout SVGBuilder, layout: Layout, ticks: TimeTicks, y: Double) {
        svg.raw("<g id=\"time-axis\" class=\"axis\">\n")
        svg.line(
            x1: layout.plotLeft, y1: y, x2: layout.plotRight, y2: y,
            attributes: "class=\"axis-line\"")
        for t in ticks.values {
            let x = layout.x(t)
            svg.line(x1: x, y1: y, x2: x, y2: y + 5, attributes: "class=\"axis-line\"")
            svg.label(
                SVGBuilder.fixed(t, decimals: ticks.decimals), x: x, y: y + 18, anchor: "middle",
                cssClass: "tick")
        }
        svg.label(
            "time (s)", x: layout.plotLeft + layout.plotWidth / 2, y: y + 36, anchor: "middle",
            cssClass: "axis-title")
        svg.raw("</g>\n")
    }

    /// 10^e for integer e, exact for the small exponents used here.
    private static func pow10(_ e: Int) -> Double {
        var r = 1.0
        if e >= 0 { for _ in 0..<e { r *= 10 } } else { for _ in 0..<(-e) { r /= 10 } }
        return r
    }
}
