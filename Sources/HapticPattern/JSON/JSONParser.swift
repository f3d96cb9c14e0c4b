/// A hand-written JSON parser over UTF-8 bytes that records the line:column of every
/// value and key and builds an ordered tree (``JSONValue``).
///
/// Design choices:
/// * **Iterative**, with an explicit container stack limited to ``maximumDepth`` levels,
///   so hostile input (`[[[[…`) produces a clear error instead of a stack overflow.
/// * **Trailing commas** (`[1, 2,]`, `{"a": 1,}`) are always tolerated by the parser and
///   reported in ``JSONDocument/trailingCommas``; the AHAP decoder turns each into a
///   warning (lenient) or an error (strict). Everything else follows RFC 8259 strictly:
///   no comments, no `NaN`/`Infinity`, no leading zeros, no single quotes.
/// * Strings are validated as UTF-8; numbers that overflow a Double are errors.
/// * The scanner builds a flat ``JSONTape`` (what the AHAP decoder reads directly); this
///   type turns it into the ``JSONValue`` tree for other callers. Inputs of 4 GiB or more
///   are refused (``JSONSyntaxError/Kind/tooManyValues``).
///
/// Complexity: O(n) time in the input length; memory proportional to the input (the tape,
/// 32 bytes per value and key, then the tree, at most ~50 bytes per value, plus a stack of
/// at most ``maximumDepth`` frames), so ``maximumValues`` bounds it: `[0,0,…]` costs ~25
/// bytes of tree per input byte.
public struct JSONParser {
    /// Maximum nesting of arrays/objects. AHAP needs 6; 512 leaves room for odd metadata.
    package static let maximumDepth = 512

    /// Most values (scalars, arrays and objects, keys not counted) in one document; parsing
    /// stops with ``JSONSyntaxError/Kind/tooManyValues`` at the first one over.
    public var maximumValues: Int

    public init(maximumValues: Int = .max) {
        self.maximumValues = maximumValues
    }

    /// Parses `bytes` as one JSON document.
    public func parse(_ bytes: [UInt8]) -> Result<JSONDocument, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { buffer in
            JSONTape.parse(buffer, maximumValues: maximumValues).map { tape in
                JSONDocument(
                    root: tape.withRoot(input: buffer) { $0.tree },
                    trailingCommas: tape.trailingCommas,
                    hadByteOrderMark: tape.hadByteOrderMark)
            }
        }
    }
}
