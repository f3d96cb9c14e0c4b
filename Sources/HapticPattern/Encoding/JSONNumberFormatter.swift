/// The one number format of every JSON the package writes (``JSONWriter``): the shortest text
/// that reads back to the same value (`1`, `0.5`, `0.30000001192092896`, `1e-05`; a `Float` in
/// its own shortest digits, `0.1`). Swift's `description` already gives the shortest
/// round-trip digits; a whole number drops its `.0`, and `-0` keeps its sign.
public enum JSONNumberFormatter {
    /// The JSON text of a finite `value`. A non-finite value (which JSON cannot hold, and no
    /// decoder produces) is written as 0, so the output stays valid JSON.
    public static func string(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Whole numbers below 1e15 (`description` prints them as `12.0`; -0 keeps its sign),
        // printed as integers: the same text, without the digit search.
        if value.magnitude < 1e15, value == value.rounded(), value != 0 || value.sign == .plus {
            return String(Int64(value))
        }
        return droppingPointZero(value.description)
    }

    /// The JSON text of a finite `value` in `Float`'s own shortest digits; 0 when not finite.
    public static func string(_ value: Float) -> String {
        value.isFinite ? droppingPointZero(value.description) : "0"
    }

    private static func droppingPointZero(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.last == UInt8(ascii: "0"), utf8.dropLast().last == UInt8(ascii: ".") else {
            return text
        }
        return String(decoding: utf8.dropLast(2), as: UTF8.self)
    }
}

/// The name this type had while only the AHAP encoder used it.
@available(*, deprecated, renamed: "JSONNumberFormatter")
public typealias AHAPNumberFormatter = JSONNumberFormatter
