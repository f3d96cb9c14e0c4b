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

    /// The value of a number node, else `nil`.
    var numberValue: Double? {
        let n = node
        return n.kind == .number || n.kind == .integer ? Double(bitPattern: n.payload) : nil
    }

    /// The value of a boolean node, else `nil`.
    var boolValue: Bool? {
        switch kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

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

    // MARK: Containers

    /// The members of an object node, else `nil`.
    var objectMembers: Members? { kind == .object ? Members(object: self) : nil }

    /// The elements of an array node, else `nil`.
    var arrayElements: Elements? { kind == .array ? Elements(array: self) : nil }

    /// The children of a container in order, each found in O(1) by skipping the previous
    /// one's subtree.
    struct Children: IteratorProtocol {
        let storage: Storage
        /// The next child's first node.
        var cursor: Int
        let end: Int
        /// Nodes per child: 2 for object members (key, value), 1 for array elements.
        let stride: Int

        mutating func next() -> JSONNode? {
            guard cursor < end else { return nil }
            let child = JSONNode(storage, cursor)
            let last = cursor + stride - 1
            cursor = storage.nodes[last].end(at: last)
            return child
        }
    }

    /// The `"key": value` members of an object, in file order (duplicates kept).
    struct Members: Sequence {
        let object: JSONNode

        var count: Int { Int(object.node.count) }
        var isEmpty: Bool { count == 0 }
        var underestimatedCount: Int { count }

        func makeIterator() -> MemberIterator {
            MemberIterator(children: Children(storage: object.storage, cursor: object.index + 1,
                                              end: object.node.end(at: object.index), stride: 2))
        }

        /// The last member `predicate` accepts. O(members).
        func last(where predicate: (Member) throws -> Bool) rethrows -> Member? {
            var found: Member?
            for member in self where try predicate(member) { found = member }
            return found
        }
    }

    struct MemberIterator: IteratorProtocol {
        var children: Children
        mutating func next() -> Member? { children.next().map(Member.init(keyNode:)) }
    }

    /// One member of an object: its key node, followed on the tape by its value.
    struct Member {
        let keyNode: JSONNode

        var value: JSONNode { JSONNode(keyNode.storage, keyNode.index + 1) }
        /// The key's text. O(length); prefer ``JSONNode/equals(_:)`` on ``keyNode``.
        var key: String { keyNode.string }
        var keyPosition: JSONPosition { keyNode.position }
    }

    /// The elements of an array, in order.
    struct Elements: Sequence {
        let array: JSONNode

        var count: Int { Int(array.node.count) }
        var isEmpty: Bool { count == 0 }
        var underestimatedCount: Int { count }

        func makeIterator() -> Children {
            Children(storage: array.storage, cursor: array.index + 1, end: array.node.end(at: array.index), stride: 1)
        }
    }
}
