import HapticPattern

/// What a JSON format's decoder has found so far: its mode, its limits and its diagnostics,
/// with one summary standing for those past ``PatternLimits/maxDiagnostics``.
struct JSONFindings {
    let strict: Bool
    let limits: PatternLimits
    fileprivate(set) var diagnostics: [Diagnostic] = []
    fileprivate var suppressed: (count: Int, worst: Diagnostic.Severity) = (0, .note)

    init(strict: Bool, limits: PatternLimits) {
        self.strict = strict
        self.limits = limits
    }
}

/// The state and reading rules the JSON formats of this module share (`.haptic`, `.hjif`):
/// findings with a JSON path and line:column, lenient repairs, unknown and repeated keys, and
/// the document's first steps (the size limit, the parse, the top-level object). Each
/// decoder's context keeps its own counts and adds its key tree's rules.
protocol JSONFormatDecoding {
    var findings: JSONFindings { get set }
}

extension JSONFormatDecoding {
    var strict: Bool { findings.strict }
    var limits: PatternLimits { findings.limits }

    /// Records one finding, or counts it once the list is full.
    /// - Complexity: O(1) amortized.
    mutating func add(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ path: String,
        _ position: JSONPosition?, _ message: String
    ) {
        guard findings.diagnostics.count < limits.maxDiagnostics else {
            findings.suppressed = (
                findings.suppressed.count + 1, max(findings.suppressed.worst, severity)
            )
            return
        }
        findings.diagnostics.append(
            Diagnostic(
                severity: severity, code: code, path: path, line: position?.line,
                column: position?.column, message: message))
    }

    /// A violation of the format that lenient mode repairs: an error in strict mode, a warning
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
        let count = findings.suppressed.count
        if count > 0 {
            findings.diagnostics.append(
                Diagnostic(
                    severity: findings.suppressed.worst, code: .diagnosticsTruncated,
                    message:
                        "\(count) more finding\(count == 1 ? "" : "s") not listed (maxDiagnostics \(limits.maxDiagnostics))."
                ))
            findings.suppressed = (0, .note)
        }
        return findings.diagnostics
    }

    /// Notes every member whose key is not in `known` (both formats leave room for keys this
    /// package does not read, and later editions add more) and reports a known key given twice
    /// (strict validators refuse it; lenient mode uses the last, as ``member(_:_:)`` does).
    /// - Complexity: O(n) in the members.
    mutating func checkKeys(_ members: [JSONMember], known: Set<String>, path: String) {
        var first: [String: JSONPosition] = [:]
        for member in members {
            guard known.contains(member.key) else {
                add(
                    .note, .keyUnknown, join(path, member.key), member.keyPosition,
                    "Unknown key `\(member.key)`; it is ignored (the format leaves room for later additions)."
                )
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

    /// The members of the object `value`, its unknown and repeated keys checked against
    /// `known`; nil with a violation (the caller skips it) when it is no object.
    /// - Complexity: O(n) in the members.
    mutating func object(_ value: JSONValue, path: String, known: Set<String>) -> [JSONMember]? {
        guard let members = object(value, path: path) else { return nil }
        checkKeys(members, known: known, path: path)
        return members
    }

    /// The members of the object `value`; nil with a violation (the caller skips it) when it
    /// is no object. Its keys are the caller's to check.
    /// - Complexity: O(1).
    mutating func object(_ value: JSONValue, path: String) -> [JSONMember]? {
        guard let members = value.objectMembers else {
            violation(
                .valueWrongType, path, value.position,
                "`\(path)` must be an object but is \(value.typeDescription).",
                repair: "It is skipped.")
            return nil
        }
        return members
    }

    /// The last member named `key` (JSON's last-wins rule), or `nil`.
    func member(_ members: [JSONMember], _ key: String) -> JSONMember? {
        members.last { $0.key == key }
    }

    /// `the top level` or `` `path` ``, for messages.
    func place(_ path: String) -> String { path.isEmpty ? "the top level" : "`\(path)`" }

    /// The document's top-level object: `nil` with one error when the bytes are past the size
    /// limit, are no JSON or hold something else at the top (`shape` says what the format
    /// wants there, e.g. "a .haptic clip is a JSON object with …"); a byte order mark is a
    /// note and a trailing comma a violation. `noun` names the input in the size message.
    /// - Complexity: O(n) in the bytes.
    mutating func topLevelObject(_ bytes: [UInt8], noun: String, shape: String)
        -> (members: [JSONMember], position: JSONPosition)?
    {
        guard bytes.count <= limits.maxInputBytes else {
            add(
                .error, .limitInputSize, "", nil,
                "The \(noun) is \(bytes.count) bytes, more than the limit of \(limits.maxInputBytes) bytes (maxInputBytes). It is not decoded."
            )
            return nil
        }
        let document: JSONDocument
        switch JSONParser(maximumValues: limits.maxJSONValues).parse(bytes) {
        case .success(let d):
            document = d
        case .failure(let e):
            add(.error, e.kind.diagnosticCode, "", e.position, e.message)
            return nil
        }
        if document.hadByteOrderMark {
            add(
                .note, .jsonByteOrderMark, "", JSONPosition(line: 1, column: 1, offset: 0),
                "The file starts with a UTF-8 byte order mark; it is skipped.")
        }
        for comma in document.trailingCommas {
            violation(
                .jsonTrailingComma, "", comma,
                "Trailing comma: strict JSON allows no comma before `]` or `}`.",
                repair: "Accepted here.")
        }
        let root = document.root
        guard let top = root.objectMembers else {
            add(
                .error, .fileNotObject, "", root.position,
                "The top level is \(root.typeDescription), but \(shape).")
            return nil
        }
        return (top, root.position)
    }
}

/// `path.key`, or `key` at the top level.
func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }
