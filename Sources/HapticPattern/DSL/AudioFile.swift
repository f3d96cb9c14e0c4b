/// An `AudioCustom` event: playback of an audio file (`EventWaveformPath`).
///
/// The DSL cannot know the file's length, so the event moves the sequential cursor by
/// `duration` when you give one and by 0 otherwise. (Core Haptics ignores
/// `EventDuration` of AudioCustom events loaded from AHAP; it is written for the cursor
/// and for tools.)
///
/// ```swift
/// AudioFile("ShieldOn.wav", duration: 0.8, volume: 0.7, useVolumeEnvelope: false)
/// AudioFile("Rumble.wav", loop: true)
/// ```
public struct AudioFile: EventElement, Hashable {
    public var event: HapticEvent
    public var timing = ElementTiming()

    /// Creates an audio-file event.
    ///
    /// - Parameters:
    ///   - path: `EventWaveformPath`, as it should appear in the AHAP file.
    ///   - duration: `EventDuration` in seconds, or `nil` (moves the cursor by 0).
    ///   - volume: `AudioVolume`, 0…1 (clamped); `nil` leaves the default (1).
    ///   - pitch: `AudioPitch`, −1…1 (clamped); `nil` leaves the default (0).
    ///   - pan: `AudioPan`, −1…1 (clamped); `nil` leaves the default (0).
    ///   - brightness: `AudioBrightness`, 0…1 (clamped); `nil` leaves the default (1).
    ///   - useVolumeEnvelope: `EventWaveformUseVolumeEnvelope`; `nil` omits it (default `true`).
    ///   - loop: `EventWaveformLoopEnabled`; `nil` omits it (default `false`).
    public init(
        _ path: String, duration: Double? = nil,
        volume: Double? = nil, pitch: Double? = nil, pan: Double? = nil,
        brightness: Double? = nil, useVolumeEnvelope: Bool? = nil, loop: Bool? = nil
    ) {
        var parameters = EventParameters()
        parameters.setClamped(.audioVolume, volume)
        parameters.setClamped(.audioPitch, pitch)
        parameters.setClamped(.audioPan, pan)
        parameters.setClamped(.audioBrightness, brightness)
        event = HapticEvent(
            type: .audioCustom, time: 0, duration: duration.map { max(0, $0) },
            parameters: parameters, waveformPath: path,
            waveformUsesVolumeEnvelope: useVolumeEnvelope, waveformLoopEnabled: loop)
    }
}
