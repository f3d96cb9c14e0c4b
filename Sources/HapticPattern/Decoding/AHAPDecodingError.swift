/// Thrown by ``HapticPattern/init(ahap:mode:)`` when a file is not accepted; carries every
/// diagnostic so callers can show them.
public struct AHAPDecodingError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        let errors = diagnostics.filter { $0.severity == .error }
        return (errors.isEmpty ? diagnostics : errors).map(\.description).joined(separator: "\n")
    }
}

extension HapticPattern {
    /// Decodes AHAP bytes, throwing ``AHAPDecodingError`` unless the file is accepted in
    /// `mode` (a pattern and no error diagnostics).
    public init(ahap bytes: [UInt8], mode: AHAPDecoder.Mode = .lenient) throws(AHAPDecodingError) {
        let result = AHAPDecoder(options: .init(mode: mode)).decode(bytes)
        guard result.accepted, let pattern = result.pattern else {
            throw AHAPDecodingError(diagnostics: result.diagnostics)
        }
        self = pattern
    }
}
