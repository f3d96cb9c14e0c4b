/// An audio output device as PortAudio sees it.
public struct AudioDevice: Sendable, Hashable, CustomStringConvertible {
    /// PortAudio's device index (valid for the ``AudioSystem`` that listed it).
    public var index: Int
    public var name: String
    /// The host API (ALSA, PulseAudio via ALSA, JACK, Core Audio, …).
    public var hostAPI: String
    public var maxOutputChannels: Int
    public var defaultSampleRate: Double
    /// Whether this is the system's default output.
    public var isDefault: Bool

    /// `3: pulse (ALSA, 32 ch, 44100 Hz) [default]`
    public var description: String {
        "\(index): \(name) (\(hostAPI), \(maxOutputChannels) ch, \(Int(defaultSampleRate)) Hz)"
            + (isDefault ? " [default]" : "")
    }
}
