/// One AHAP `Event`: a transient, continuous, synthesized-audio or custom-audio event.
public struct HapticEvent: Hashable, Sendable {
    /// `EventType`.
    public var type: EventType
    /// `Time` (or legacy `EventTime`): start in seconds from the pattern start, ≥ 0.
    public var time: Double
    /// `EventDuration` in seconds, `nil` when absent. For transients it only pads the
    /// pattern; for AudioCustom events loaded from AHAP Core Haptics ignores it.
    public var duration: Double?
    /// `EventParameters`.
    public var parameters: EventParameters
    /// `EventWaveformPath` (AudioCustom only): the audio file, as written in the file.
    public var waveformPath: String?
    /// `EventWaveformUseVolumeEnvelope` (AudioCustom only); `nil` = absent (default `true`).
    public var waveformUsesVolumeEnvelope: Bool?
    /// `EventWaveformLoopEnabled` (AudioCustom only); `nil` = absent (default `false`).
    public var waveformLoopEnabled: Bool?

    public init(
        type: EventType, time: Double, duration: Double? = nil,
        parameters: EventParameters = EventParameters(),
        waveformPath: String? = nil, waveformUsesVolumeEnvelope: Bool? = nil,
        waveformLoopEnabled: Bool? = nil
    ) {
        self.type = type
        self.time = time
        self.duration = duration
        self.parameters = parameters
        self.waveformPath = waveformPath
        self.waveformUsesVolumeEnvelope = waveformUsesVolumeEnvelope
        self.waveformLoopEnabled = waveformLoopEnabled
    }

    /// Whether the AudioCustom fade envelope applies (default `true`).
    @inlinable public var usesVolumeEnvelope: Bool { waveformUsesVolumeEnvelope ?? true }
    /// Whether AudioCustom audio loops (default `false`).
    @inlinable public var loopEnabled: Bool { waveformLoopEnabled ?? false }
}
