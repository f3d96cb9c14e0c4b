/// Something the scheduler changed or dropped while building a timeline (a skipped event, a
/// capped duration, an option it corrected). Plain values: no dependency on the decoder's
/// diagnostics, so callers can map them however they like.
public struct SchedulerNote: Sendable, Hashable, CustomStringConvertible {
    /// Index of the layer in the `layers` array given to the scheduler.
    public var layer: Int
    /// Index of the event in that layer's `pattern.events` as given (before any sorting), or
    /// `nil` when the note is about the layer's options or a parameter curve.
    public var eventIndex: Int?
    public var message: String

    package init(layer: Int, eventIndex: Int?, message: String) {
        self.layer = layer
        self.eventIndex = eventIndex
        self.message = message
    }

    public var description: String {
        if let e = eventIndex { return "layer \(layer) event \(e): \(message)" }
        return "layer \(layer): \(message)"
    }
}
