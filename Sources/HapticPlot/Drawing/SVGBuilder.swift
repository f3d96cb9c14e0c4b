import HapticPattern

/// Minimal append-only SVG/XML text builder.
///
/// Output must be byte-for-byte deterministic, so numbers never go through locale- or
/// platform-dependent formatting: `number(_:)` rounds to one decimal with integer
/// arithmetic (a tenth of a pixel is below what any renderer shows, and it keeps files small).
struct SVGBuilder {
    private(set) var text: String = ""

    init(reservingCapacity capacity: Int = 1 << 16) {
        text.reserveCapacity(capacity)
    }

    /// Appends raw markup.
    mutating func raw(_ s: String) { text += s }

    /// Appends a number with at most one decimal (`12`, `12.5`, `-0.3`), no exponent.
    /// O(digits). Non-finite values print as `0` so a bad input can't break the XML.
    mutating func number(_ x: Double) { text += Self.format(x) }

    /// Formats like `number(_:)`.
    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let tenths = Int((x * 10).rounded())  // .toNearestOrAwayFromZero: symmetric for ±
        let whole = tenths / 10
        let frac = abs(tenths % 10)
        // Int division truncates toward zero, so −0.3 has whole == 0: keep its sign.
        let sign = (tenths < 0 && whole == 0) ? "-" : ""
        return frac == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(frac)"
    }

    /// Formats with exactly `decimals` digits after the point (for labels such as `1.50 g`);
    /// a non-finite value draws as 0.
    static func fixed(_ x: Double, decimals: Int) -> String {
        x.isFinite ? fixedText(x, decimals: max(0, decimals)) : "0"
    }

    /// ``fixed(_:decimals:)`` without trailing zeros (and without a point left bare): a label's
    /// number to at most `decimals` places.
    static func trimmed(_ x: Double, decimals: Int) -> String {
        var s = fixed(x, decimals: decimals)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }

    /// Escapes text for element content and double-quoted attribute values.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // XML 1.0 forbids most control characters outright; drop them.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}": continue
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Appends `<text>` with escaped content. `anchor` is `start`, `middle` or `end`.
    mutating func label(
        _ content: String, x: Double, y: Double, anchor: String = "start",
        cssClass: String? = nil, extra: String = ""
    ) {
        text += "<text x=\""
        number(x)
        text += "\" y=\""
        number(y)
        text += "\""
        if anchor != "start" { text += " text-anchor=\"\(anchor)\"" }
        if let cssClass { text += " class=\"\(cssClass)\"" }
        if !extra.isEmpty { text += " " + extra }
        text += ">" + Self.escape(content) + "</text>\n"
    }

    /// Appends `<rect>`.
    mutating func rect(x: Double, y: Double, width: Double, height: Double, attributes: String) {
        text += "<rect x=\""
        number(x)
        text += "\" y=\""
        number(y)
        text += "\" width=\""
        number(max(0, width))
        text += "\" height=\""
        number(max(0, height))
        text += "\" " + attributes + "/>\n"
    }

    /// Appends `<line>`.
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, attributes: String) {
        text += "<line x1=\""
        number(x1)
        text += "\" y1=\""
        number(y1)
        text += "\" x2=\""
        number(x2)
        text += "\" y2=\""
        number(y2)
        text += "\" " + attributes + "/>\n"
    }

    /// Appends one `x,y` pair followed by a space (for `points` lists).
    mutating func point(_ x: Double, _ y: Double) {
        number(x)
        text += ","
        number(y)
        text += " "
    }
}
