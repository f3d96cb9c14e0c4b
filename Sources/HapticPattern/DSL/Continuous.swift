/// A `HapticContinuous` event: a vibration of a given duration with an envelope.
///
/// It moves the sequential cursor by its duration.
///
/// ```swift
/// Continuous(duration: 1, intensity: 0.6, sharpness: 0.3)
///     .attack(0.2)
///     .release(0.4)
/// ```
public struct Continuous: EventElement, Hashable {
    public var event: HapticEvent
    public var timing = ElementTiming()

    /// Creates a continuous haptic event.
    ///
    /// - Parameters:
    ///   - duration: `EventDuration` in seconds (negative values become 0).
    ///   - intensity: `HapticIntensity`, 0…1 (clamped); `nil` leaves the default.
    ///   - sharpness: `HapticSharpness`, 0…1 (clamped); `nil` leaves the default.
    public init(duration: Double, intensity: Double? = nil, sharpness: Double? = nil) {
        var parameters = EventParameters()
        parameters.setClamped(.hapticIntensity, intensity)
        parameters.setClamped(.hapticSharpness, sharpness)
        event = HapticEvent(
            type: .hapticContinuous, time: 0, duration: max(0, duration), parameters: parameters)
    }
}
