/// JSON for a page's `<script>` element: fixed-decimal numbers (no exponent, no locale) and
/// strings escaped so that `</script>` cannot end the element.
struct PageJSON {
    private(set) var text = ""

    mutating func raw(_ s: String) { text += s }

    /// `x` with at most `decimals` digits after the point, trailing zeros removed.
    static func number(_ x: Double, _ decimals: Int) -> String {
        var s = SVGBuilder.fixed(x, decimals: decimals)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s
    }

    /// A JSON string literal; `<` is escaped too so `</script>` cannot end the element.
    static func string(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case "\u{0}"..."\u{1F}", "\u{2028}", "\u{2029}":
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
