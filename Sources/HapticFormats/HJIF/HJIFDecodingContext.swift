import HapticPattern

/// The `.hjif` decoder's state: the mode, the limits, the findings so far and the counts the
/// limits bound.
struct HJIFDecodingContext {
    let strict: Bool
    let limits: PatternLimits
    private(set) var diagnostics: [Diagnostic] = []
    /// Findings past ``PatternLimits/maxDiagnostics``, summarized at the end.
    private var suppressed: (count: Int, worst: Diagnostic.Severity) = (0, .note)
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
        self.strict = strict
        self.limits = limits
    }

    mutating func add(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ path: String,
        _ position: JSONPosition?, _ message: String
    ) {
        guard diagnostics.count < limits.maxDiagnostics else {
            suppressed = (suppressed.count + 1, max(suppressed.worst, severity))
            return
        }
        diagnostics.append(
            Diagnostic(
                severity: severity, code: code, path: path, line: position?.line,
                column: position?.column, message: message))
    }

    /// A violation of the key tree that lenient mode repairs: an error in strict mode, a
    /// warning saying what was done (`repair`) in lenient mode.
    mutating func violation(
        _ code: DiagnosticCode, _ path: String, _ position: JSONPosition?, _ message: String,
        repair: String
    ) {
        if strict {
            add(.error, code, path, position, message)
        } else {
            add(.warning, code, path, position, message + " " + repair)
        }
    }

    /// The findings, with one summary standing for those past the limit.
    mutating func finishedDiagnostics() -> [Diagnostic] {
        if suppressed.count > 0 {
            diagnostics.append(
                Diagnostic(
                    severity: suppressed.worst, code: .diagnosticsTruncated,
                    message:
                        "\(suppressed.count) more finding\(suppressed.count == 1 ? "" : "s") not listed (maxDiagnostics \(limits.maxDiagnostics))."
                ))
            suppressed = (0, .note)
        }
        return diagnostics
    }

    /// Notes every member whose key is not in `known` (the key tree has optional keys this
    /// package does not read, and later editions add more) and reports a key given twice.
    mutating func checkKeys(_ members: [JSONMember], known: Set<String>, path: String) {
        var first: [String: JSONPosition] = [:]
        for member in members {
            guard known.contains(member.key) else {
                add(
                    .note, .keyUnknown, join(path, member.key), member.keyPosition,
                    "Unknown key `\(member.key)`; it is ignored.")
                continue
            }
            if let earlier = first[member.key] {
                violation(
                    .jsonDuplicateKey, join(path, member.key), member.keyPosition,
                    "`\(member.key)` appears twice in \(place(path)) (first at \(earlier)).",
                    repair: "The last one is used.")
            } else {
                first[member.key] = member.keyPosition
            }
        }
    }

    /// The last member named `key` (JSON's last-wins rule), or `nil`.
    func member(_ members: [JSONMember], _ key: String) -> JSONMember? {
        members.last { $0.key == key }
    }

    /// `the top level` or `` `path` ``, for messages.
    func place(_ path: String) -> String { path.isEmpty ? "the top level" : "`\(path)`" }

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
