extension EventElement {
    /// Sets the envelope's `AttackTime` (0…1, clamped): how long the event takes to
    /// reach its full intensity or volume.
    ///
    /// ```swift
    /// Continuous(duration: 1, intensity: 0.6).attack(0.2).release(0.4)
    /// ```
    ///
    /// - Parameter value: The `AttackTime` value.
    /// - Returns: The element with the attack set.
    public func attack(_ value: Double) -> Self { parameter(.attackTime, value) }

    /// Sets the envelope's `DecayTime` (0…1, clamped): how long the event takes to fall
    /// to its sustain level (non-sustained events fade over it).
    ///
    /// ```swift
    /// Continuous(duration: 1).decay(0.3).sustained(false)
    /// ```
    ///
    /// - Parameter value: The `DecayTime` value.
    /// - Returns: The element with the decay set.
    public func decay(_ value: Double) -> Self { parameter(.decayTime, value) }

    /// Sets the envelope's `ReleaseTime` (0…1, clamped): how long the event takes to
    /// fade out after its duration.
    ///
    /// ```swift
    /// AudioTone(duration: 0.5).release(0.25)
    /// ```
    ///
    /// - Parameter value: The `ReleaseTime` value.
    /// - Returns: The element with the release set.
    public func release(_ value: Double) -> Self { parameter(.releaseTime, value) }

    /// Sets `Sustained`: whether the event holds its level for its whole duration
    /// (`true`, written as 1.0) or fades after attack and decay (`false`, written as 0.0).
    ///
    /// ```swift
    /// Continuous(duration: 2).decay(0.5).sustained(false)
    /// ```
    ///
    /// - Parameter isSustained: Whether the envelope is sustained (default `true`).
    /// - Returns: The element with `Sustained` set.
    public func sustained(_ isSustained: Bool = true) -> Self {
        parameter(.sustained, isSustained ? 1 : 0)
    }

    /// Sets any event parameter directly, clamped to its range (`nil` unsets it).
    /// The DSL does not check that the parameter suits the event type; the linter does.
    ///
    /// ```swift
    /// Transient().parameter(.hapticSharpness, 0.9)
    /// ```
    ///
    /// - Parameters:
    ///   - id: The event parameter.
    ///   - value: Its value, or `nil` to leave it at its default.
    /// - Returns: The element with the parameter set.
    public func parameter(_ id: EventParameterID, _ value: Double?) -> Self {
        var copy = self
        copy.event.parameters.setClamped(id, value)
        return copy
    }
}
