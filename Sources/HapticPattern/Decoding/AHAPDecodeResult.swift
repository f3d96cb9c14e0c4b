/// What ``AHAPDecoder/decode(_:)`` returns.
public struct AHAPDecodeResult: Sendable {
    /// The canonical pattern, or `nil` when the file as a whole is unusable.
    public var pattern: HapticPattern?
    /// Every finding, in file order of discovery.
    public var diagnostics: [Diagnostic]

    public init(pattern: HapticPattern?, diagnostics: [Diagnostic]) {
        self.pattern = pattern
        self.diagnostics = diagnostics
    }

    /// `true` when there is a pattern and no error diagnostic.
    public var accepted: Bool { pattern != nil && !hasErrors }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Only the error diagnostics.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}
