/// Fixed-point text for doubles without Foundation's `String(format:)`, the one formatter every
/// module's messages, tables and pictures use: exactly `decimals` digits after the point, halves
/// rounded away from zero, never `-0`; non-finite and huge values (≥ 9e18 after scaling) as Swift
/// prints them. O(digits).
package func fixedText(_ x: Double, decimals: Int) -> String {
    guard x.isFinite else { return String(x) }
    var scale: Int64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (x.magnitude * Double(scale)).rounded()
    guard scaled < 9.0e18 else { return String(x) }
    let units = Int64(scaled)
    let whole = String(units / scale)
    var text = (x < 0 && units != 0 ? "-" : "") + whole
    if decimals > 0 {
        let frac = String(units % scale)
        text += "." + String(repeating: "0", count: decimals - frac.count) + frac
    }
    return text
}

/// `text` right-aligned in `width` columns. O(width).
package func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

/// `a, b or c` (`conjunction` before the last item): a list as help and messages spell it.
/// O(items).
package func spokenList(_ items: [String], _ conjunction: String = "or") -> String {
    guard let last = items.last else { return "" }
    guard items.count > 1 else { return last }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}
