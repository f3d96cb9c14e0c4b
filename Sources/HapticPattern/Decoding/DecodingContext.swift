/// Mutable state of one decode: the mode and the diagnostics collected so far, plus the
/// helpers that turn a finding into the right severity for the mode.
struct DecodingContext {
    let strict: Bool
    let limits: PatternLimits
    var diagnostics: [Diagnostic] = []
    var waveformPathLocations: [String: SourceLocation] = [:]
    /// Findings beyond ``PatternLimits/maxDiagnostics``: counted, not stored.
    var suppressed = SuppressedDiagnostics()
    /// Running counts checked against `limits` while decoding.
    var counts = ItemCounts()
    /// Set once a limit is exceeded: the document is refused and decoding stops.
    var limitExceeded = false

    init(strict: Bool, limits: PatternLimits = .default) {
        self.strict = strict
        self.limits = limits
    }

    mutating func add(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, coreHaptics: Int? = nil,
        path: @autoclosure () -> String, at position: JSONPosition?, _ message: String
    ) {
        guard diagnostics.count < limits.maxDiagnostics else {
            suppressed.count(severity)
            return
        }
        diagnostics.append(
            Diagnostic(
                severity: severity, code: code, coreHapticsCode: coreHaptics, path: path(),
                line: position?.line, column: position?.column, message: message))
    }

    /// Something Core Haptics rejects and that has no clear meaning: an error in strict
    /// mode; in lenient mode a warning whose message ends with `consequence`
    /// ("The event is skipped."). The caller drops the item in both modes.
    mutating func reject(
        _ code: DiagnosticCode, coreHaptics: Int?, path: @autoclosure () -> String,
        at position: JSONPosition?,
        _ message: String, consequence: String
    ) {
        if strict {
            add(.error, code, coreHaptics: coreHaptics, path: path(), at: position, message)
        } else {
            add(
                .warning, code, coreHaptics: coreHaptics, path: path(), at: position,
                message + " " + consequence)
        }
    }

    /// Something Core Haptics rejects but whose meaning is clear: an error in strict mode,
    /// a warning saying what was accepted (`acceptance`) in lenient mode. The caller uses
    /// the fixed value in both modes (strict keeps it only in the best-effort pattern).
    mutating func fixable(
        _ code: DiagnosticCode, coreHaptics: Int?, path: @autoclosure () -> String,
        at position: JSONPosition?,
        _ message: String, acceptance: String
    ) {
        if strict {
            add(.error, code, coreHaptics: coreHaptics, path: path(), at: position, message)
        } else {
            add(
                .warning, code, coreHaptics: coreHaptics, path: path(), at: position,
                message + " " + acceptance)
        }
    }
}

/// Formats a Double for messages without noise (`1`, `0.5`, `10`).
func formatNumber(_ value: Double) -> String {
    JSONNumberFormatter.string(value)
}

/// A JSON path built only when a diagnostic needs it (decoding a clean file formats no
/// path at all): `Pattern[3].Event`, optionally `.EventParameters[2]`. Its names are
/// static strings and its key a borrowed node, so making and copying one retains nothing.
struct LazyPath: CustomStringConvertible {
    var index: Int
    var kind: StaticString
    var field: StaticString?
    var subIndex: Int?
    var trailingKey: StaticString?
    /// A trailing key as written in the file, made a String only if the path is formatted
    /// (which happens while the node is valid, as diagnostics are made during decoding).
    var trailingKeyNode: JSONNode?

    init(_ index: Int, _ kind: StaticString) {
        self.index = index
        self.kind = kind
    }

    /// The path of element `subIndex` of array `field` inside this item.
    func element(_ field: StaticString, _ subIndex: Int) -> LazyPath {
        var p = self
        p.field = field
        p.subIndex = subIndex
        return p
    }

    /// The path of member `key` of the object this path names.
    func key(_ key: StaticString) -> LazyPath {
        var p = self
        p.trailingKey = key
        return p
    }

    /// The path of `member` (spelled as in the file) of the object this path names.
    func key(_ member: JSONNode.Member) -> LazyPath {
        var p = self
        p.trailingKeyNode = member.keyNode
        return p
    }

    var description: String {
        var s = "Pattern[\(index)].\(kind)"
        if let field { s += ".\(field)" }
        if let subIndex { s += "[\(subIndex)]" }
        if let trailingKey { s += ".\(trailingKey)" }
        if let trailingKeyNode { s += ".\(trailingKeyNode.string)" }
        return s
    }
}
