/// A 1-based source position inside a JSON document.
///
/// `column` counts Unicode scalars (not bytes) from the start of the line, so it matches
/// what editors show; a tab counts as one column. A leading UTF-8 BOM is not counted.
public struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    /// Byte offset from the start of the input (0-based, BOM included).
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public var description: String { "\(line):\(column)" }
}

/// One node of the ordered JSON tree produced by ``JSONParser``.
///
/// Unlike `JSONSerialization`, the tree keeps object members in file order and keeps
/// duplicate keys, so the AHAP decoder can point at both occurrences.
public struct JSONValue: Sendable {
    /// The payload of a node.
    public enum Kind: Sendable {
        case null
        case bool(Bool)
        /// A finite number; `isInteger` is `true` when the literal had no fraction or exponent.
        case number(Double, isInteger: Bool)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    public var kind: Kind
    /// Where the value starts (its first character).
    public var position: JSONPosition

    public init(_ kind: Kind, at position: JSONPosition) {
        self.kind = kind
        self.position = position
    }

    /// A short name of the JSON type for messages ("a string", "an object" …).
    public var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public var objectMembers: [JSONMember]? {
        if case .object(let m) = kind { return m }
        return nil
    }

    public var arrayElements: [JSONValue]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = kind { return s }
        return nil
    }
}

/// One `"key": value` member of a JSON object, with the key's own position.
public struct JSONMember: Sendable {
    public var key: String
    public var keyPosition: JSONPosition
    public var value: JSONValue

    public init(key: String, keyPosition: JSONPosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
