extension HapticPattern {
    /// Builds a pattern with the DSL; shorthand for
    /// `Pattern(gap:metadata:content).hapticPattern`.
    ///
    /// ```swift
    /// let tap = HapticPattern(gap: 0.1) {
    ///     Transient(intensity: 1)
    ///     Transient(intensity: 0.5)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - gap: Seconds between consecutive sequential events (default 0).
    ///   - metadata: `Metadata` entries.
    ///   - content: The elements (see ``Pattern`` for the timing rules).
    public init(
        gap: Double = 0, metadata: [MetadataEntry] = [],
        @PatternBuilder _ content: () -> [PatternNode]
    ) {
        self = Pattern(gap: gap, metadata: metadata, content).hapticPattern
    }

    /// Resolves a DSL ``Pattern``; same as `pattern.hapticPattern`.
    ///
    /// ```swift
    /// let model = HapticPattern(Pattern { Transient() })
    /// ```
    ///
    /// - Parameter pattern: The DSL pattern.
    public init(_ pattern: Pattern) {
        self = pattern.hapticPattern
    }
}
