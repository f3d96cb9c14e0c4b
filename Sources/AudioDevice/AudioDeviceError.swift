/// Every failure of this module, with PortAudio's own message where it has one.
public enum AudioDeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A PortAudio call failed (`Pa_GetErrorText` of its code).
    case portAudio(call: String, message: String)
    /// The system has no audio output device (no sound card, no sound server).
    case noOutputDevice
    /// `--device` named nothing; `available` lists the output devices there are.
    case deviceNotFound(String, available: [String])
    /// The device cannot take this many channels at this rate.
    case unsupportedFormat(device: String, channels: Int, sampleRate: Double, message: String)

    public var description: String {
        switch self {
        case .portAudio(let call, let message):
            "audio output failed: \(call): \(message)"
        case .noOutputDevice:
            "no audio output device found (no sound card or sound server is available)"
        case .deviceNotFound(let name, let available):
            "no output device matches '\(name)'"
                + (available.isEmpty
                    ? "; there are none" : "; available: \(available.joined(separator: ", "))")
        case .unsupportedFormat(let device, let channels, let rate, let message):
            "'\(device)' cannot play \(channels) channel\(channels == 1 ? "" : "s") at \(Int(rate)) Hz: \(message)"
        }
    }
}
