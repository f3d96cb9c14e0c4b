import HapticPattern

/// The decoder's state: the mode, the limits and the findings so far.
struct ClipDecodingContext {
    let strict: Bool
    let limits: PatternLimits
    private(set) var diagnostics: [Diagnostic] = []
    /// Findings past ``PatternLimits/maxDiagnostics``, summarized at the end.
    private var suppressed: (count: Int, worst: Diagnostic.Severity) = (0, .note)

    init(strict: Bool, limits: PatternLimits) {
        self.strict = strict
        self.limits = limits
    }

    mutating func add(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ path: String,
        _ position: JSONPosition?,
        _ message: String
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

    /// A violation of the spec that lenient mode repairs: an error in strict mode, a warning
    /// saying what was done (`repair`) in lenient mode.
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

    /// Notes every member of `members` whose key is not in `known`, and reports a known key
    /// given twice (the SDKs' strict validator refuses it; lenient mode uses the last, as
    /// ``member(_:_:)`` does).
    mutating func checkKeys(_ members: [JSONMember], known: Set<String>, path: String) {
        var first: [String: JSONPosition] = [:]
        for member in members {
            guard known.contains(member.key) else {
                add(
                    .note, .keyUnknown, join(path, member.key), member.keyPosition,
                    "Unknown key `\(member.key)`; it is ignored (the format reserves room for later additions)."
                )
                continue
            }
            if let earlier = first[member.key] {
                violation(
                    .jsonDuplicateKey, join(path, member.key), member.keyPosition,
                    "`\(member.key)` appears twice in \(path.isEmpty ? "the top level" : "`\(path)`") (first at \(earlier)).",
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
                "The required key `\(key)` is missing from \(path.isEmpty ? "the top level" : "`\(path)`"); a .haptic clip needs `signals.continuous.envelopes.amplitude`."
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

/// `path.key`, or `key` at the top level.
func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
