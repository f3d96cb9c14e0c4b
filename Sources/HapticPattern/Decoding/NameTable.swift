/// A fixed list of names (schema keys, enum raw values) that JSON strings are matched
/// against as bytes, so that reading a key or a type name makes no `String`.
///
/// Names are stored back to back and tried in order with a length check first, so a
/// lookup is O(names) integer comparisons plus one byte comparison. Matching means
/// `String` equality: a string that had escapes or non-ASCII bytes is compared as a
/// `String` (canonical equivalence); only plain ASCII can use byte identity.
///
/// Tables are built once, as static constants, so their bytes are allocated once and
/// never freed: that makes a table a plain value that is copied and read without any
/// reference counting (it is read once per decoded key). Do not build tables per decode.
// immutable; points at memory that is never freed or written again
struct NameTable: @unchecked Sendable {
    /// All names' UTF-8, back to back.
    private let text: UnsafeBufferPointer<UInt8>
    /// Per name: its offset in `text` (high 32 bits) and its length (low 32 bits), so the
    /// length check that rejects most candidates is one load and one comparison.
    private let spans: UnsafeBufferPointer<UInt64>

    init(_ names: [String]) {
        text = UnsafeBufferPointer(Self.immortalCopy(of: names.flatMap(\.utf8)))
        var offset = 0
        spans = UnsafeBufferPointer(
            Self.immortalCopy(
                of: names.map { name in
                    defer { offset += name.utf8.count }
                    return UInt64(offset) << 32 | UInt64(name.utf8.count)
                }))
    }

    private static func immortalCopy<T>(of elements: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(elements.count, 1))
        _ = buffer.initialize(from: elements)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<elements.count])
    }

    var count: Int { spans.count }

    /// Name `k`'s UTF-8.
    @inline(__always) private func bytes(_ k: Int) -> UnsafeBufferPointer<UInt8> {
        let span = spans[k]
        return UnsafeBufferPointer(
            start: text.baseAddress.map { $0 + Int(span >> 32) }, count: Int(span & 0xFFFF_FFFF))
    }

    /// Name `k`. O(length).
    func name(_ k: Int) -> String { String(decoding: bytes(k), as: UTF8.self) }

    /// All names, in order. O(total length).
    var names: [String] { (0..<count).map(name) }

    /// The index of the name `node`'s text equals, or `nil` (also for non-strings).
    func index(of node: JSONNode) -> Int? {
        guard node.kind == .string else {
            return node.stringValue.flatMap { names.firstIndex(of: $0) }
        }
        return index(ofBytes: node.utf8)
    }

    /// The index of the name spelled by `literal` (plain ASCII), or `nil`.
    func index(of literal: StaticString) -> Int? {
        index(ofBytes: literal.utf8Bytes)
    }

    /// The index of the name whose UTF-8 is exactly `bytes`. For ASCII `bytes`, byte
    /// identity is `String` equality.
    private func index(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = UInt64(bytes.count)
        for k in 0..<spans.count where spans[k] & 0xFFFF_FFFF == length {
            if utf8Equal(self.bytes(k), bytes) { return k }
        }
        return nil
    }
}

/// The cases of a string-backed enum by raw value, for `T(rawValue:)` on a JSON string
/// node without making a `String`. A static constant, like ``NameTable``.
struct CaseTable<T: CaseIterable & RawRepresentable & Sendable>: Sendable
where T.RawValue == String {
    private let table: NameTable
    private let cases: [T]

    init() {
        cases = Array(T.allCases)
        table = NameTable(cases.map(\.rawValue))
    }

    /// The case whose raw value `node`'s text equals, or `nil` (also for non-strings).
    func match(_ node: JSONNode) -> T? {
        table.index(of: node).map { cases[$0] }
    }
}
