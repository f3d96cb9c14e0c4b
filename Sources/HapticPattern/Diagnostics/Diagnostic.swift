/// One finding about an AHAP file: what is wrong or what was tolerated, where, and how
/// to fix it.
///
/// Rendered like a compiler message by ``rendered(file:)``:
/// `path/file.ahap:12:5: error: message [event.missing-time, Core Haptics -4822]`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious the finding is.
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
        /// Informational: something was normalized but nothing a device plays changes.
        case note
        /// Accepted, but Core Haptics would behave differently or the file is suspicious.
        case warning
        /// The file (strict) or this item (lenient, "skipped") cannot be played as written.
        case error

        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public var severity: Severity
    /// Our stable code (see ``DiagnosticCode``).
    public var code: DiagnosticCode
    /// The Core Haptics error code a device would report (e.g. −4822), when one applies.
    public var coreHapticsCode: Int?
    /// JSON path of the offending key or value, e.g.
    /// `Pattern[12].Event.EventParameters[0].ParameterValue`; empty for the whole file.
    public var path: String
    /// 1-based line of the offending key or value, when known.
    public var line: Int?
    /// 1-based column (Unicode scalars) of the offending key or value, when known.
    public var column: Int?
    /// What is wrong, for a sound designer, including the fix.
    public var message: String

    public init(
        severity: Severity, code: DiagnosticCode, coreHapticsCode: Int? = nil,
        path: String = "", line: Int? = nil, column: Int? = nil, message: String
    ) {
        self.severity = severity
        self.code = code
        self.coreHapticsCode = coreHapticsCode
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// Compiler-style text: `file:line:col: severity: message [code, Core Haptics -48xx]`.
    /// The `path` is appended as `(at Pattern[3].Event.Time)` when present. Control
    /// characters a file smuggled into a message (a key holding `\u001b[2J`, a line break)
    /// are written as `\u{1B}`, so the text stays one line that a terminal shows as it is.
    public func rendered(file: String) -> String {
        unescapedText(file: file).escapingControlCharacters
    }

    private func unescapedText(file: String) -> String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        var text = "\(location): \(severity.rawValue): \(message)"
        if !path.isEmpty { text += " (at \(path))" }
        text += " [\(code.rawValue)"
        if let coreHapticsCode { text += ", Core Haptics \(coreHapticsCode)" }
        text += "]"
        return text
    }

    public var description: String { rendered(file: "<input>") }
}

extension String {
    /// The text with every control character (C0, DEL and C1) written as `\u{1B}`; the text
    /// itself when it has none. O(count).
    public var escapingControlCharacters: String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
        guard unicodeScalars.contains(where: isControl) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
