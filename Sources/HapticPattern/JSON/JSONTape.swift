/// A parsed JSON document as one flat array of nodes in document order (a "tape"), the
/// form the AHAP decoder reads.
///
/// Why flat: a tree of `[JSONValue]` arrays costs one heap allocation per container, a
/// reference count per string and a recursive release when it is dropped; on a 2 MB file
/// that was most of the decoding time. Here every node is a 32-byte plain value, so the
/// tape is one allocation, reading it retains nothing and freeing it is one `free`.
///
/// Layout: a container node is followed by its children; an object's children alternate
/// key node, value subtree. A container records the index just past its last descendant,
/// so a reader skips a subtree in O(1). Strings are not copied: a node points at its bytes
/// in the input, or — only when the literal had escapes or non-ASCII bytes — at its
/// unescaped, validated bytes in ``decodedText``.
///
/// Complexity: 32 bytes per value and per key; building it is O(input bytes).
struct JSONTape {
    /// The largest input a tape can describe: offsets, lines, columns and counts are 32-bit.
    static let maximumInputBytes = Int(UInt32.max)

    /// What a node holds.
    enum Kind: UInt8 {
        case null
        case `false`
        case `true`
        /// A number literal with a fraction or an exponent.
        case number
        /// A number literal with neither (`isInteger` of ``JSONValue/Kind/number(_:isInteger:)``).
        case integer
        /// A string whose bytes are in the input as written (plain ASCII, no escapes).
        case string
        /// A string whose unescaped UTF-8 bytes are in ``JSONTape/decodedText``.
        case decodedString
        case array
        case object
    }

    /// One value or key.
    struct Node {
        /// Number: the Double's bit pattern. String: the first byte's offset (in the input or
        /// in ``JSONTape/decodedText``). Container: the index just past its last descendant.
        var payload: UInt64
        /// String: its length in bytes. Array: its elements. Object: its members.
        var count: UInt32
        /// Where the node starts: byte offset, 1-based line and column (see ``JSONPosition``).
        var offset: UInt32
        var line: UInt32
        var column: UInt32
        var kind: Kind

        var position: JSONPosition {
            JSONPosition(line: Int(line), column: Int(column), offset: Int(offset))
        }

        /// The index of the node after this one's subtree, given this node's index.
        @inline(__always) func end(at index: Int) -> Int {
            kind == .array || kind == .object ? Int(truncatingIfNeeded: payload) : index + 1
        }
    }

    /// Every node (`nodeCount` of them); the root is node 0.
    let nodes: JSONNodeStorage
    let nodeCount: Int
    /// Unescaped bytes of the strings of kind ``Kind/decodedString``.
    let decodedText: [UInt8]
    /// Positions of commas directly followed by `]` or `}` (strict JSON forbids them).
    let trailingCommas: [JSONPosition]
    /// Whether the input started with a UTF-8 byte order mark (skipped).
    let hadByteOrderMark: Bool

    /// Parses `input` (see ``JSONParser`` for the accepted grammar). O(input bytes).
    static func parse(_ input: UnsafeBufferPointer<UInt8>, maximumValues: Int = .max) -> Result<
        JSONTape, JSONSyntaxError
    > {
        var scanner = JSONScanner(input, maximumValues: maximumValues)
        return Result { () throws(JSONSyntaxError) -> JSONTape in try scanner.parseDocument() }
    }

    /// Calls `body` with the root node. The nodes borrow `input` (which must be the buffer
    /// this tape was parsed from) and this tape's storage, so they must not escape `body`.
    func withRoot<R>(input: UnsafeBufferPointer<UInt8>, _ body: (JSONNode) throws -> R) rethrows
        -> R
    {
        try withExtendedLifetime(nodes) {
            try decodedText.withUnsafeBufferPointer { decoded in
                let storage = JSONNode.Storage(
                    nodes: nodes.base, input: input.baseAddress, decoded: decoded.baseAddress)
                return try body(JSONNode(storage, 0))
            }
        }
    }
}
