/// An `AudioContinuous` event: a synthesized tone of a given duration with an envelope.
///
/// It moves the sequential cursor by its duration.
///
/// ```swift
/// AudioTone(duration: 0.5, volume: 0.8, pitch: -0.2, pan: 0.5, brightness: 0.3)
///     .attack(0.1)
/// ```
public struct AudioTone: EventElement, Hashable {
    public var event: HapticEvent
    public var timing = ElementTiming()

    /// Creates a synthesized audio tone.
    ///
    /// - Parameters:
    ///   - duration: `EventDuration` in seconds (negative values become 0).
    ///   - volume: `AudioVolume`, 0…1 (clamped); `nil` leaves the default (1).
    ///   - pitch: `AudioPitch`, −1…1 (clamped); `nil` leaves the default (0).
    ///   - pan: `AudioPan`, −1 (left)…1 (right), clamped; `nil` leaves the default (0).
    ///   - brightness: `AudioBrightness`, 0…1 (clamped); `nil` leaves the default (1).
    public init(
        duration: Double, volume: Double? = nil, pitch: Double? = nil,
        pan: Double? = nil, brightness: Double? = nil
    ) {
        var parameters = EventParameters()
        parameters.setClamped(.audioVolume, volume)
        parameters.setClamped(.audioPitch, pitch)
        parameters.setClamped(.audioPan, pan)
        parameters.setClamped(.audioBrightness, brightness)
        event = HapticEvent(
            type: .audioContinuous, time: 0, duration: max(0, duration), parameters: parameters)
    }
}
