/// An event parameter: an ID and the value that sets the event's character.
open class CHHapticEventParameter {
    /// The parameter's ID.
    public let parameterID: CHHapticEvent.ParameterID
    /// The parameter's value (clamped to the ID's range when the pattern is made).
    public var value: Float

    public init(parameterID: CHHapticEvent.ParameterID, value: Float) {
        self.parameterID = parameterID
        self.value = value
    }
}
