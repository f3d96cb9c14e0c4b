extension DecodingContext {
    /// Reads a number the way Core Haptics' `floatValue` does: JSON numbers as is,
    /// booleans as 1/0 and strings by their numeric prefix (non-numeric → 0), each
    /// non-number reported as a warning (Core Haptics accepts them silently).
    ///
    /// Returns `nil` for null, arrays and objects (Core Haptics raises an exception →
    /// −4814); the caller reports that with its own consequence.
    mutating func number(
        _ value: JSONNode, path: @autoclosure () -> String, what: @autoclosure () -> String
    ) -> Double? {
        switch value.kind {
        case .number, .integer:
            return value.doubleValue
        case .string, .decodedString:
            let s = value.string
            let trimmed = s.trimmingSpaces
            // Only decimal notation: `Double("0x10")` would read hex, `floatValue` does not.
            let decimal =
                !trimmed.isEmpty
                && trimmed.utf8.allSatisfy {
                    ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B
                        || $0 == 0x65 || $0 == 0x45
                }
            if decimal, let d = Double(trimmed), d.isFinite {
                add(
                    .warning, .valueNumericString, path: path(), at: value.position,
                    "\(what()) is written as a string (\"\(s)\"); Core Haptics reads it as the number \(formatNumber(d)). Remove the quotes."
                )
                return d
            }
            var hint = s.contains(",") ? " Use a dot as the decimal separator." : ""
            if decimal, Double(trimmed)?.isFinite == false {
                // "1e309": decimal notation, but beyond Double (and far beyond any AHAP value).
                hint = " It is too large to be a usable number."
            }
            add(
                .warning, .valueNonNumericString, path: path(), at: value.position,
                "\(what()) is the text \"\(s)\", which is not a number; Core Haptics reads it as 0.\(hint) Write a number."
            )
            return 0
        case .true, .false:
            let b = value.kind == .true
            add(
                .warning, .valueBoolAsNumber, path: path(), at: value.position,
                "\(what()) is `\(b)`; Core Haptics reads it as \(b ? 1 : 0). Write a number.")
            return b ? 1 : 0
        case .null, .array, .object:
            return nil
        }
    }

    /// Message fragment for a value of the wrong JSON type.
    func wrongType(_ value: JSONNode, what: String, expected: String) -> String {
        "\(what) must be \(expected) but is \(value.typeDescription); Core Haptics cannot load the file (-4814). Write \(expected)."
    }

    /// Clamps `value` to `range`, warning when it was outside (Core Haptics clamps silently).
    mutating func clamped(
        _ value: Double, to range: ClosedRange<Double>, path: @autoclosure () -> String,
        at position: JSONPosition?,
        what: @autoclosure () -> String
    ) -> Double {
        guard !range.contains(value) else { return value }
        let result = min(max(value, range.lowerBound), range.upperBound)
        add(
            .warning, .valueClamped, path: path(), at: position,
            "\(what()) \(formatNumber(value)) is outside \(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound)); Core Haptics clamps it to \(formatNumber(result)). Write a value in range."
        )
        return result
    }

    /// Reads a boolean flag (`true`/`false`, or a number: non-zero = true); `nil` with a
    /// warning for anything else.
    mutating func flag(
        _ value: JSONNode, path: @autoclosure () -> String, what: @autoclosure () -> String
    ) -> Bool? {
        switch value.kind {
        case .true: return true
        case .false: return false
        case .number, .integer: return value.doubleValue != 0
        default:
            add(
                .warning, .valueWrongType, path: path(), at: value.position,
                "\(what()) must be `true` or `false` but is \(value.typeDescription); it is ignored."
            )
            return nil
        }
    }
}

extension String {
    /// The string without leading/trailing ASCII whitespace (as `floatValue` skips it).
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return self[first...last]
    }
}

extension DecodingContext {
    /// Names matched exactly, as bytes (see ``CaseTable``).
    static let eventTypes = CaseTable<EventType>()
    static let eventParameterIDs = CaseTable<EventParameterID>()
    static let dynamicParameterIDs = CaseTable<DynamicParameterID>()
}

/// Case-insensitive lookup of an enum case by raw value (for wrong-case names).
func caseInsensitiveMatch<T: CaseIterable & RawRepresentable>(_ name: String, in type: T.Type) -> T?
where T.RawValue == String {
    let lower = name.lowercased()
    return T.allCases.first { $0.rawValue.lowercased() == lower }
}
