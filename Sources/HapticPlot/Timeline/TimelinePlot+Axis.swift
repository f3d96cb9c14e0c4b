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
        /// Seconds between ticks: from the 1-2-5 series (…, 0.1, 0.2, 0.5, 1, 2, 5, 10, …),
        /// or on a clock (5 s, 10 s, 15 s, 30 s, 1 min, 2 min, 5 min, …) for long patterns.
        var step: Double
        /// Digits after the point that label every tick exactly (0 for steps ≥ 1).
        var decimals: Int
        /// Tick times from 0 to at most `duration`.
        var values: [Double]
        /// Labels read `m:ss` (`h:mm:ss` from an hour) rather than seconds.
        var clock = false

        /// The label of tick time `t`: `12.5`, or `2:30` on a clock.
        func label(_ t: Double) -> String {
            guard clock else { return SVGBuilder.fixed(t, decimals: decimals) }
            let total = Int(t.rounded())
            let (h, m, sec) = (total / 3_600, total / 60 % 60, total % 60)
            let ss = sec < 10 ? "0\(sec)" : "\(sec)"
            if h > 0 { return "\(h):\(m < 10 ? "0\(m)" : "\(m)"):\(ss)" }
            return "\(m):\(ss)"
        }

        /// The axis title: `time (s)` or `time (m:ss)`.
        var title: String { clock ? "time (m:ss)" : "time (s)" }
    }

    /// Patterns at least this long get a clock axis (`m:ss`): 600 s reads better as 10:00.
    static let clockAxisSeconds = 120.0

    /// Clock steps in seconds, for axes of `clockAxisSeconds` or more.
    static let clockSteps: [Double] = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200]

    /// Chooses the smallest 1-2-5 step (on a clock for long patterns: 5 s … 2 h) that gives
    /// at most `maximumCount` intervals over `duration` (≈ one label per 90 px at the default
    /// width), so labels never collide and read as round numbers. O(ticks).
    static func timeTicks(duration: Double, maximumCount: Int) -> TimeTicks {
        guard duration > 0, duration.isFinite, maximumCount > 0 else {
            return TimeTicks(step: 1, decimals: 0, values: [0])
        }
        let raw = duration / Double(maximumCount)
        if duration >= clockAxisSeconds,
            let step = clockSteps.first(where: { $0 >= raw * (1 - 1e-9) })
        {
            let count = Int((duration / step + 1e-9).rounded(.down))
            return TimeTicks(
                step: step, decimals: 0, values: (0...count).map { Double($0) * step }, clock: true)
        }
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

    /// Draws the tick marks, labels and title of the time axis under the last panel.
    static func drawTimeAxis(_ svg: inout SVGBuilder, layout: Layout, ticks: TimeTicks, y: Double) {
        svg.raw("<g id=\"time-axis\" class=\"axis\">\n")
        svg.line(
            x1: layout.plotLeft, y1: y, x2: layout.plotRight, y2: y,
            attributes: "class=\"axis-line\"")
        for t in ticks.values {
            let x = layout.x(t)
            svg.line(x1: x, y1: y, x2: x, y2: y + 5, attributes: "class=\"axis-line\"")
            svg.label(ticks.label(t), x: x, y: y + 18, anchor: "middle", cssClass: "tick")
        }
        svg.label(
            ticks.title, x: layout.plotLeft + layout.plotWidth / 2, y: y + 36, anchor: "middle",
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
