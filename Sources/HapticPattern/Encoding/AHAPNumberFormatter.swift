/// Prints Doubles as JSON numbers in the shortest form that reads back to the same
/// Double (`1`, `0.5`, `0.30000001192092896`, `1e-05`): Swift's `description` already
/// produces shortest round-trip digits; we only drop a `.0` suffix.
public enum AHAPNumberFormatter {
    /// The JSON text of a finite `value`. Non-finite values (never produced by the
    /// decoder) are written as 0 so the output stays valid JSON.
    public static func string(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Whole numbers below 1e15 (`description` prints them as `12.0`; -0 keeps its sign),
        // printed as integers: the same text, without the digit search.
        if value.magnitude < 1e15, value == value.rounded(), value != 0 || value.sign == .plus {
            return String(Int64(value))
        }
        let text = value.description
        let utf8 = text.utf8
        guard utf8.last == UInt8(ascii: "0"), utf8.dropLast().last == UInt8(ascii: ".") else {
            return text
        }
        return String(decoding: utf8.dropLast(2), as: UTF8.self)
    }
}
