/// One AHAP `Parameter` item: a dynamic parameter that changes abruptly at `time`
/// for every active and later event of its family.
public struct DynamicParameter: Hashable, Sendable {
    /// `ParameterID`.
    public var id: DynamicParameterID
    /// `Time` (or legacy `ParameterTime`) in seconds from the pattern start.
    public var time: Double
    /// `ParameterValue`, clamped to ``DynamicParameterID/range`` (absent in a file = 0).
    public var value: Double

    public init(id: DynamicParameterID, time: Double, value: Double) {
        self.id = id
        self.time = time
        self.value = value
    }
}
