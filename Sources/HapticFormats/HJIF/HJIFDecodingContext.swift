import HapticPattern

/// The `.hjif` decoder's state: the mode, the limits, the findings so far and the counts the
/// limits bound.
struct HJIFDecodingContext: JSONFormatDecoding {
    var findings: JSONFindings
    /// Effects and keyframes read so far (library, bands and composites), for the limits.
    var effects = 0
    var keyframes = 0
    /// Set once a limit is crossed: the rest of the document is not read.
    var overLimit = false
    /// The ids of the current perception's `effect_library`, which a band's references name.
    var libraryIDs: Set<Int> = []

    /// How deep composites and references may nest: the key tree nests them without bound,
    /// and each level multiplies what a file of a few bytes plays.
    static let maxEffectDepth = 8

    init(strict: Bool, limits: PatternLimits) {
        findings = JSONFindings(strict: strict, limits: limits)
    }

    /// The array at `key`, or nil with an error (`required`) or a violation naming what is
    /// missing or mistyped.
    mutating func array(
        _ members: [JSONMember], _ key: String, in path: String, at position: JSONPosition,
        required: Bool = true
    ) -> (elements: [JSONValue], path: String)? {
        let here = join(path, key)
        guard let m = member(members, key) else {
            if required {
                add(
                    .error, .hjifMissingKey, path, position,
                    "The required key `\(key)` is missing from \(place(path)).")
            }
            return nil
        }
        guard let elements = m.value.arrayElements else {
            add(
                required || strict ? .error : .warning, .valueWrongType, here, m.value.position,
                "`\(here)` must be an array but is \(m.value.typeDescription).")
            return nil
        }
        return (elements, here)
    }

    /// The string at `key`: nil (with a violation, `fallback` used) when it is missing or not
    /// a string.
    mutating func string(
        _ members: [JSONMember], _ key: String, in path: String, at position: JSONPosition,
        fallback: String
    ) -> String {
        let here = join(path, key)
        guard let m = member(members, key) else {
            violation(
                .hjifMissingKey, path, position,
                "The key `\(key)` is missing from \(place(path)).",
                repair: "It is read as \"\(fallback)\".")
            return fallback
        }
        guard let s = m.value.stringValue else {
            violation(
                .valueWrongType, here, m.value.position,
                "`\(here)` must be a string but is \(m.value.typeDescription).",
                repair: "It is read as \"\(fallback)\".")
            return fallback
        }
        return s
    }

    /// The whole number at `key` (written without a fraction, |n| < 2^53), or `fallback`
    /// with a violation when it is missing (unless `optional`) or is no whole number.
    mutating func integer(
        _ members: [JSONMember], _ key: String, in path: String, at position: JSONPosition,
        fallback: Int?, optional: Bool = false
    ) -> Int? {
        let here = join(path, key)
        guard let m = member(members, key) else {
            if !optional {
                violation(
                    .hjifMissingKey, path, position,
                    "The key `\(key)` is missing from \(place(path)).",
                    repair: fallback.map { "It is read as \($0)." } ?? "It is skipped.")
            }
            return fallback
        }
        return wholeNumber(m.value, here, fallback: fallback)
    }

    /// The whole number `value` holds, or `fallback` with a violation.
    mutating func wholeNumber(_ value: JSONValue, _ path: String, fallback: Int?) -> Int? {
        guard case .number(let n, let isInteger) = value.kind, isInteger, abs(n) < 9e15 else {
            violation(
                .valueWrongType, path, value.position,
                "`\(path)` must be a whole number written without a fraction or exponent, not \(found(value)).",
                repair: fallback.map { "It is read as \($0)." } ?? "It is skipped.")
            return fallback
        }
        return Int(n)
    }

    /// The number at `key` (nil when absent), or nil with a violation when it is no number.
    mutating func number(_ members: [JSONMember], _ key: String, in path: String) -> (
        value: Double, position: JSONPosition
    )? {
        guard let m = member(members, key) else { return nil }
        guard case .number(let n, _) = m.value.kind else {
            violation(
                .valueWrongType, join(path, key), m.value.position,
                "`\(join(path, key))` must be a number but is \(m.value.typeDescription).",
                repair: "It is ignored.")
            return nil
        }
        return (n, m.value.position)
    }

    /// A value as a message quotes it: a number as written, else its type.
    func found(_ value: JSONValue) -> String {
        if case .number(let n, let isInteger) = value.kind {
            return isInteger && abs(n) < 9e15 ? "\(Int64(n))" : "\(n)"
        }
        return value.typeDescription
    }

    /// Counts one effect and its keyframes against the limits; false (one error, and nothing
    /// more read) once either is crossed.
    mutating func count(effects e: Int, keyframes k: Int, path: String, at position: JSONPosition?)
        -> Bool
    {
        guard !overLimit else { return false }
        effects += e
        keyframes += k
        if effects > limits.maxEvents {
            add(
                .error, .limitEvents, path, position,
                "The file has more than \(limits.maxEvents) effects (maxEvents), library references and composites counted as they play. It is not decoded."
            )
            overLimit = true
        } else if keyframes > limits.maxCurvePoints {
            add(
                .error, .limitCurvePoints, path, position,
                "The file has more than \(limits.maxCurvePoints) keyframes (maxCurvePoints), library references and composites counted as they play. It is not decoded."
            )
            overLimit = true
        }
        return !overLimit
    }
}
