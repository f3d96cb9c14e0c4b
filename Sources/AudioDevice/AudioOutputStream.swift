#if canImport(CPortAudioLazy)
    internal import CPortAudioLazy  // Linux: PortAudio loaded by the first call
#else
    internal import CPortAudio
#endif

/// Plays an ``AudioRenderSource`` on an output device: PortAudio calls the source on the
/// device's real-time thread for each buffer, interleaved 32-bit float.
///
/// ```swift
/// let system = try AudioSystem()
/// let stream = try AudioOutputStream(device: system.defaultOutputDevice(), channels: 2,
///                                    sampleRate: 48_000, source: mySource)
/// try stream.start()
/// while stream.isActive { usleep(50_000) }   // the source's end played out
/// ```
///
/// The host API may send silence before the source's first frame (ALSA fills its buffer
/// before starting). `~Copyable`: `deinit` closes the stream exactly once. The stream holds
/// its own PortAudio initialisation (PortAudio counts them), so it stays valid whenever the
/// ``AudioSystem`` that listed its device ends.
public struct AudioOutputStream: ~Copyable {
    public let device: AudioDevice
    public let channels: Int
    public let sampleRate: Double
    private let stream: UnsafeMutableRawPointer
    /// Retained for as long as PortAudio may call back with it.
    private let context: Unmanaged<CallbackContext>

    /// Opens (does not start) a stream.
    /// - Throws: ``AudioDeviceError/unsupportedFormat(device:channels:sampleRate:message:)``
    ///   when the device refuses the channels or rate; ``AudioDeviceError/portAudio(call:message:)``.
    /// - Parameter lowLatency: the device's low output latency instead of its high one: for
    ///   interactive sources; the high one (the default: audition is not interactive) has a
    ///   larger buffer that survives a busy machine.
    public init(
        device: AudioDevice, channels: Int, sampleRate: Double, source: any AudioRenderSource,
        lowLatency: Bool = false
    ) throws(AudioDeviceError) {
        try check(Pa_Initialize(), "Pa_Initialize")  // nested: the system's probe is not repeated
        var opened = false
        defer { if !opened { Pa_Terminate() } }
        let info = Pa_GetDeviceInfo(PaDeviceIndex(device.index))?.pointee
        let latency =
            (lowLatency ? info?.defaultLowOutputLatency : info?.defaultHighOutputLatency) ?? 0.1
        var parameters = PaStreamParameters(
            device: PaDeviceIndex(device.index), channelCount: Int32(channels),
            sampleFormat: cportaudio_float32,
            suggestedLatency: latency, hostApiSpecificStreamInfo: nil)
        let supported = Pa_IsFormatSupported(nil, &parameters, sampleRate)
        guard supported == 0 else {
            throw .unsupportedFormat(
                device: device.name, channels: channels, sampleRate: sampleRate,
                message: String(cString: Pa_GetErrorText(supported)))
        }
        let context = Unmanaged.passRetained(CallbackContext(source: source, channels: channels))
        var stream: UnsafeMutableRawPointer?
        let code = Pa_OpenStream(
            &stream, nil, &parameters, sampleRate, cportaudio_frames_per_buffer_unspecified,
            cportaudio_no_flag, renderCallback, context.toOpaque())
        guard code == 0, let stream else {
            context.release()
            try check(code, "Pa_OpenStream")
            throw .portAudio(call: "Pa_OpenStream", message: "no stream")
        }
        opened = true
        self.device = device
        self.channels = channels
        self.sampleRate = sampleRate
        self.stream = stream
        self.context = context
    }

    deinit {
        Pa_CloseStream(stream)  // aborts a running stream first
        context.release()
        Pa_Terminate()
    }

    /// Seconds from a frame leaving the source to its reaching the device's output, as the host
    /// API reports it (0 if it does not).
    public var outputLatency: Double { Pa_GetStreamInfo(stream)?.pointee.outputLatency ?? 0 }

    /// Starts calling the source.
    public func start() throws(AudioDeviceError) {
        try check(Pa_StartStream(stream), "Pa_StartStream")
    }

    /// Whether the stream is still playing: false once the source has ended and its last
    /// buffer has been played, or after ``stop()`` / ``abort()``.
    public var isActive: Bool { Pa_IsStreamActive(stream) == 1 }

    /// Stops after the buffers already rendered have played.
    public func stop() throws(AudioDeviceError) {
        guard Pa_IsStreamStopped(stream) == 0 else { return }
        try check(Pa_StopStream(stream), "Pa_StopStream")
    }

    /// Stops at once, dropping what is buffered (Ctrl-C).
    public func abort() {
        if Pa_IsStreamStopped(stream) == 0 { Pa_AbortStream(stream) }
    }
}

/// What the callback needs, reached through PortAudio's user-data pointer.
private final class CallbackContext {
    let source: any AudioRenderSource
    let channels: Int

    init(source: any AudioRenderSource, channels: Int) {
        self.source = source
        self.channels = channels
    }
}

/// PortAudio's stream callback, on the device thread: the source's frames, then silence
/// and `paComplete` at its end. No allocation, no locks (the source promises the same).
private func renderCallback(
    _ input: UnsafeRawPointer?, _ output: UnsafeMutableRawPointer?, _ frameCount: UInt,
    _ time: UnsafePointer<PaStreamCallbackTimeInfo>?, _ flags: PaStreamCallbackFlags,
    _ user: UnsafeMutableRawPointer?
) -> Int32 {
    let context = Unmanaged<CallbackContext>.fromOpaque(user!).takeUnretainedValue()
    let wanted = Int(frameCount)
    let samples = wanted * context.channels
    let out = output!.assumingMemoryBound(to: Float.self)
    let frames = min(
        context.source.render(into: UnsafeMutableBufferPointer(start: out, count: samples)), wanted)
    guard frames < wanted else { return Int32(paContinue.rawValue) }
    (out + frames * context.channels).update(
        repeating: 0, count: samples - frames * context.channels)
    return Int32(paComplete.rawValue)
}
