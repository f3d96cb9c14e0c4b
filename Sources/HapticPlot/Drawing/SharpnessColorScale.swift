/// The colour scale for haptic sharpness, used by event marks, the sharpness panel and the legend.
///
/// Sharpness 0 (round, soft) is deep indigo; 1 (crisp, precise) is amber. The stops are
/// taken from matplotlib's *plasma* map (perceptually uniform, readable by the common
/// colour-vision deficiencies) between 0 and 0.88 — the last, near-white yellow of plasma
/// vanishes on a white background, so the scale stops short of it.
///
/// Colours are quantized to `steps` levels: marks can then be grouped into one `<path>` per
/// colour (smaller files) and identical input always maps to identical bytes.
package enum SharpnessColorScale {
    /// Number of distinct colours marks use (the legend's gradient is continuous).
    package static let steps = 24

    /// Plasma at 0, 0.22, 0.44, 0.66, 0.88, as RGB.
    static let stops: [(r: Double, g: Double, b: Double)] = [
        (13, 8, 135),  // #0d0887
        (106, 0, 168),  // #6a00a8  (plasma 0.22 ≈ this purple)
        (177, 42, 144),  // #b12a90
        (225, 100, 98),  // #e16462
        (252, 166, 54),  // #fca636
    ]

    /// The quantization level (0..<steps) of a sharpness; values are clamped to 0…1.
    package static func level(_ sharpness: Double) -> Int {
        let s = sharpness.isFinite ? min(1, max(0, sharpness)) : 0
        return min(steps - 1, Int((s * Double(steps - 1)).rounded()))
    }

    /// `#rrggbb` for a quantization level.
    package static func color(level: Int) -> String {
        hex(at: Double(level) / Double(steps - 1))
    }

    /// `#rrggbb` for a sharpness (quantized, clamped).
    package static func color(_ sharpness: Double) -> String {
        color(level: level(sharpness))
    }

    /// `#rrggbb` at position `t` (0…1) by linear interpolation between the stops, unquantized.
    static func hex(at t: Double) -> String {
        let u = min(1, max(0, t)) * Double(stops.count - 1)
        let i = min(stops.count - 2, Int(u))
        let f = u - Double(i)
        let a = stops[i]
        let b = stops[i + 1]
        func channel(_ x: Double, _ y: Double) -> String {
            let v = Int((x + (y - x) * f).rounded())
            let digits = "0123456789abcdef".map { $0 }
            return String([digits[v / 16], digits[v % 16]])
        }
        return "#" + channel(a.r, b.r) + channel(a.g, b.g) + channel(a.b, b.b)
    }
}
