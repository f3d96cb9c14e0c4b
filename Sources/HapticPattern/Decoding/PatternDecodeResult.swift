/// A pattern file decoded to the pattern model: what ``AHAPDecoder/decode(_:)`` returns, and
/// what every other format's reader gives (HapticFormats' `PatternFormats`: the AHAP form
/// that plays like the file, with the format's own findings).
public struct PatternDecodeResult: Sendable {
    /// The canonical pattern, or `nil` when the file as a whole is unusable.
    public var pattern: HapticPattern?
    /// Every finding, in file order of discovery.
    public var diagnostics: [Diagnostic]

    /// Where each `EventWaveformPath` (as written) first appears, so resource problems
    /// found later can point at it.
    public var waveformPathLocations: [String: SourceLocation]

    public init(
        pattern: HapticPattern?, diagnostics: [Diagnostic],
        waveformPathLocations: [String: SourceLocation] = [:]
    ) {
        self.pattern = pattern
        self.diagnostics = diagnostics
        self.waveformPathLocations = waveformPathLocations
    }

    /// `true` when there is a pattern and no error diagnostic.
    public var accepted: Bool { pattern != nil && !hasErrors }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Only the error diagnostics.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// The name this type had while only the AHAP decoder made one.
@available(*, deprecated, renamed: "PatternDecodeResult")
public typealias AHAPDecodeResult = PatternDecodeResult

/// A JSON path plus the line:column it starts at.
public struct SourceLocation: Hashable, Sendable {
    public var jsonPath: String
    public var position: JSONPosition

    public init(jsonPath: String, position: JSONPosition) {
        self.jsonPath = jsonPath
        self.position = position
    }
}
