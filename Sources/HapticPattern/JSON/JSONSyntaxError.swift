/// Why a byte sequence is not (lenient) JSON, and where.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    /// The class of problem; each maps to one ``DiagnosticCode``.
    public enum Kind: Hashable, Sendable {
        /// The input is empty or only whitespace.
        case empty
        /// Any other grammar violation (unexpected character, missing `:` …).
        case syntax
        /// A byte sequence that is not valid UTF-8.
        case invalidUTF8
        /// `NaN`, `Infinity` or `-Infinity`: not JSON, and no clear AHAP meaning.
        case nonFiniteLiteral
        /// A number literal whose value does not fit a Double (`1e309`).
        case numberOverflow
        /// `//` or `/* */` comments.
        case comment
        /// Containers nested deeper than ``JSONParser/maximumDepth``.
        case tooDeep
        /// More values than ``JSONParser/maximumValues``.
        case tooManyValues
    }

    public var kind: Kind
    public var position: JSONPosition
    /// A message for a sound designer, including what to change.
    public var message: String

    public init(_ kind: Kind, at position: JSONPosition, _ message: String) {
        self.kind = kind
        self.position = position
        self.message = message
    }
}

/// A successfully parsed document plus the leniencies the parser applied.
public struct JSONDocument: Sendable {
    public var root: JSONValue
    /// Positions of commas directly followed by `]` or `}` (strict JSON forbids them).
    public var trailingCommas: [JSONPosition]
    /// Whether the input started with a UTF-8 byte order mark (skipped).
    public var hadByteOrderMark: Bool
}
