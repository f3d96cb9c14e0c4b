import HapticPattern

/// The `.haptic` decoder's state: the mode, the limits and the findings so far.
struct ClipDecodingContext: JSONFormatDecoding {
    var findings: JSONFindings

    init(strict: Bool, limits: PatternLimits) {
        findings = JSONFindings(strict: strict, limits: limits)
    }

    /// The object at `key` of `members`, or an error naming what is missing or mistyped.
    mutating func requiredObject(
        _ members: [JSONMember], _ key: String, in path: String, at position: JSONPosition
    )
        -> (members: [JSONMember], path: String)?
    {
        let here = join(path, key)
        guard let m = member(members, key) else {
            add(
                .error, .hapticMissingKey, path, position,
                "The required key `\(key)` is missing from \(place(path)); a .haptic clip needs `signals.continuous.envelopes.amplitude`."
            )
            return nil
        }
        guard let object = m.value.objectMembers else {
            add(
                .error, .valueWrongType, here, m.value.position,
                "`\(here)` must be an object but is \(m.value.typeDescription).")
            return nil
        }
        return (object, here)
    }

    /// The number at `value`, or `nil` with a problem reported (non-numbers have no clear
    /// meaning: the caller skips what holds them).
    mutating func number(_ value: JSONValue, _ path: String) -> Double? {
        if case .number(let n, _) = value.kind { return n }
        add(
            strict ? .error : .warning, .valueWrongType, path, value.position,
            "`\(path)` must be a number but is \(value.typeDescription).")
        return nil
    }
}
