/// One value of a ``JSONTape``, borrowed: a pointer to the tape's storage plus an index.
///
/// Copying a node copies four words and retains nothing, which is what makes walking a
/// large document cheap. The price is a lifetime rule: a node is valid only inside the
/// ``JSONTape/withRoot(input:_:)`` call that produced it, so decoders read it, turn what
/// they keep into model values (`String`, `Double`, ``JSONPosition``) and never store it.
///
/// Strings stay bytes until asked for: keys and names are compared as bytes
/// (``equals(_:)``), and a `String` is only made for values the model keeps or a message
/// quotes. Every accessor is O(1) except ``string`` (O(length)).
struct JSONNode {
    /// Where a tape's nodes and string bytes are, for the duration of one `withRoot` call.
    struct Storage {
        let nodes: UnsafePointer<JSONTape.Node>
        let input: UnsafePointer<UInt8>?
        let decoded: UnsafePointer<UInt8>?
    }

    let storage: Storage
    let index: Int

    @inline(__always) init(_ storage: Storage, _ index: Int) {
        self.storage = storage
        self.index = index
    }

    @inline(__always) var node: JSONTape.Node { storage.nodes[index] }

    var kind: JSONTape.Kind { node.kind }

    /// Where the value starts (its first character).
    var position: JSONPosition { node.position }

    /// A short name of the JSON type for messages ("a string", "an object" …), as
    /// ``JSONValue/typeDescription``.
    var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .false, .true: return "a boolean"
        case .number, .integer: return "a number"
        case .string, .decodedString: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    // MARK: Scalars

    var isString: Bool { kind == .string || kind == .decodedString }

    /// The value of a number node (kind ``JSONTape/Kind/number`` or ``JSONTape/Kind/integer``).
    var doubleValue: Double { Double(bitPattern: node.payload) }

    /// The UTF-8 bytes of a string node (valid UTF-8, escapes resolved).
    var utf8: UnsafeBufferPointer<UInt8> {
        let n = node
        precondition(n.kind == .string || n.kind == .decodedString, "not a string node")
        let base = n.kind == .string ? storage.input : storage.decoded
        return UnsafeBufferPointer(start: base.map { $0 + Int(n.payload) }, count: Int(n.count))
    }

    /// The text of a string node. O(length).
    var string: String { String(decoding: utf8, as: UTF8.self) }

    /// The text of a string node, else `nil`. O(length).
    var stringValue: String? { isString ? string : nil }

    /// Whether this is a string node equal to `literal` as Swift compares strings
    /// (canonical equivalence). Byte comparison decides the usual case; only strings that
    /// had escapes or non-ASCII bytes, or a non-ASCII literal, are compared as `String`s.
    func equals(_ literal: StaticString) -> Bool {
        guard isString else { return false }
        if utf8Equal(utf8, literal.utf8Bytes) { return true }
        // Plain ASCII on both sides: bytes that differ are different strings.
        guard kind == .decodedString || !literal.isASCII else { return false }
        return string == literal.description
    }
}
