/// A `HapticTransient` event: a brief, fixed-length tap.
///
/// A transient moves the sequential cursor by **0 s**: in a ``Pattern`` with
/// `gap: 0.1`, consecutive transients are 0.1 s apart.
///
/// ```swift
/// Pattern(gap: 0.1) {
///     Transient(intensity: 1, sharpness: 0.5)   // 0.0 s
///     Transient()                               // 0.1 s, default intensity and sharpness
/// }
/// ```
public struct Transient: EventElement, Hashable {
    public var event: HapticEvent
    public var timing = ElementTiming()

    /// Creates a transient.
    ///
    /// - Parameters:
    ///   - intensity: `HapticIntensity`, 0…1 (clamped); `nil` leaves the default (0.75).
    ///   - sharpness: `HapticSharpness`, 0…1 (clamped); `nil` leaves the default (0.5).
    public init(intensity: Double? = nil, sharpness: Double? = nil) {
        var parameters = EventParameters()
        parameters.setClamped(.hapticIntensity, intensity)
        parameters.setClamped(.hapticSharpness, sharpness)
        event = HapticEvent(type: .hapticTransient, time: 0, parameters: parameters)
    }
}
