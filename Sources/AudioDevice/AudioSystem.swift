#if canImport(CPortAudioLazy)
    internal import CPortAudioLazy  // Linux: PortAudio loaded by the first call
#else
    internal import CPortAudio
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// PortAudio, initialised for as long as this value lives: lists the output devices and
/// opens streams on them.
///
/// `~Copyable` because `Pa_Initialize` and `Pa_Terminate` must pair: `deinit` terminates,
/// exactly once. Streams hold their own initialisation, so they may outlive the system.
public struct AudioSystem: ~Copyable {
    /// Initialises PortAudio, which probes every host API and device.
    /// - Parameter quietProbing: silence standard error meanwhile: ALSA and JACK print each
    ///   probe that finds nothing (`jack server is not running`, absent cards), which is
    ///   not an error of the caller's. The redirection is process-wide for the duration of
    ///   the probe; a program writing to stderr from other threads at that moment passes false.
    public init(quietProbing: Bool = true) throws(AudioDeviceError) {
        let saved = quietProbing ? silenceStandardError() : -1
        let code = Pa_Initialize()
        if saved >= 0 { restoreStandardError(saved) }
        try check(code, "Pa_Initialize")
    }

    deinit { Pa_Terminate() }

    /// Every device that has output channels, in PortAudio's order.
    public var outputDevices: [AudioDevice] {
        let count = Int(Pa_GetDeviceCount())
        guard count > 0 else { return [] }
        let defaultIndex = Int(Pa_GetDefaultOutputDevice())
        return (0..<count).compactMap { index in
            guard let info = Pa_GetDeviceInfo(PaDeviceIndex(index))?.pointee,
                info.maxOutputChannels > 0
            else { return nil }
            let host =
                Pa_GetHostApiInfo(info.hostApi).map { String(cString: $0.pointee.name) } ?? "?"
            return AudioDevice(
                index: index, name: String(cString: info.name), hostAPI: host,
                maxOutputChannels: Int(info.maxOutputChannels),
                defaultSampleRate: info.defaultSampleRate, isDefault: index == defaultIndex)
        }
    }

    /// The default output device.
    /// - Throws: ``AudioDeviceError/noOutputDevice`` when there is none.
    public func defaultOutputDevice() throws(AudioDeviceError) -> AudioDevice {
        let devices = outputDevices
        guard let device = devices.first(where: \.isDefault) ?? devices.first else {
            throw .noOutputDevice
        }
        return device
    }

    /// The output device `selector` names: an index from ``outputDevices``, an exact name, or
    /// the only name containing it (case-insensitive).
    /// - Throws: ``AudioDeviceError/deviceNotFound(_:available:)`` listing the devices.
    public func outputDevice(matching selector: String) throws(AudioDeviceError) -> AudioDevice {
        let devices = outputDevices
        if let index = Int(selector), let device = devices.first(where: { $0.index == index }) {
            return device
        }
        if let device = devices.first(where: { $0.name == selector }) { return device }
        let partial = devices.filter { $0.name.lowercased().contains(selector.lowercased()) }
        if partial.count == 1 { return partial[0] }
        throw .deviceNotFound(selector, available: devices.map(\.description))
    }
}

/// Throws PortAudio's message for a failed call.
func check(_ code: PaError, _ call: String) throws(AudioDeviceError) {
    guard code < 0 else { return }
    throw .portAudio(call: call, message: String(cString: Pa_GetErrorText(code)))
}

/// Points fd 2 at /dev/null; returns a duplicate of the old fd 2 (or -1 if that failed).
private func silenceStandardError() -> Int32 {
    let saved = dup(STDERR_FILENO)
    let null = open("/dev/null", O_WRONLY)
    guard saved >= 0, null >= 0 else {
        if saved >= 0 { close(saved) }
        if null >= 0 { close(null) }
        return -1
    }
    dup2(null, STDERR_FILENO)
    close(null)
    return saved
}

private func restoreStandardError(_ saved: Int32) {
    dup2(saved, STDERR_FILENO)
    close(saved)
}
