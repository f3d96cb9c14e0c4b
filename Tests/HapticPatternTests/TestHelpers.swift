import HapticPattern

/// Decodes a UTF-8 string fixture.
func decode(_ text: String, _ mode: AHAPDecoder.Mode = .lenient) -> AHAPDecodeResult {
    AHAPDecoder(options: .init(mode: mode)).decode(Array(text.utf8))
}

/// Wraps pattern items into a minimal AHAP document, one item per line block.
func ahap(_ items: String..., version: String = "1.0") -> String {
    "{\n  \"Version\": \(version),\n  \"Pattern\": [\n" + items.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]\n}\n"
}

/// 1-based line and column (in characters) of the `occurrence`-th match of `needle`,
/// computed independently of the parser, for asserting diagnostic positions.
func location(of needle: String, in text: String, occurrence: Int = 1) -> (line: Int, column: Int)? {
    var searchStart = text.startIndex
    var found: Range<String.Index>?
    for _ in 0..<occurrence {
        guard let r = text.range(of: needle, range: searchStart..<text.endIndex) else { return nil }
        found = r
        searchStart = r.upperBound
    }
    guard let found else { return nil }
    let before = text[text.startIndex..<found.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    let column = text[lineStart..<found.lowerBound].unicodeScalars.count + 1
    return (line, column)
}

extension AHAPDecodeResult {
    /// Diagnostics with a given code.
    func with(_ code: DiagnosticCode) -> [Diagnostic] { diagnostics.filter { $0.code == code } }
}

let transient = #"{"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}}"#
