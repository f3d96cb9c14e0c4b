import HapticPattern

/// Renders a ``Timeline`` into audio, haptic-drive, acceleration and excursion signals, block
/// by block, safely from a real-time thread.
///
/// Lifecycle (JUCE's prepare / reset / process, miniaudio's "allocate at init, process in
/// place"):
/// - `init` prepares every stage: copies of the voices and parameter lanes, voice pools sized from
///   the timeline's polyphony, scratch rows, the actuator's tables, all in one ``RenderMemory``. It
///   is the only step that allocates.
/// - ``render(into:)`` fills a caller-provided interleaved buffer of any size. It never
///   allocates, locks or retains (`@_noLocks` in optimized builds; proven by an
///   allocation-counting test). The samples do not depend on the block size: work is cut into
///   internal chunks at fixed absolute sample positions and at voice starts, voices are summed
///   in a fixed order, and every time-varying value comes from a line equation at its absolute
///   sample.
/// - ``reset()`` and ``seek(toSample:)`` restart without allocating.
/// - ``parameters`` accepts runtime dynamic parameters from another thread, wait-free.
///
/// Per chunk the stages run in pipeline order: the ``VoiceSchedule`` starts voices, the
/// ``ParameterLaneBank`` evaluates the parameter lanes, ``AudioVoices`` mix the audio rows,
/// ``HapticVoices`` sum the drive and run it through the ``ActuatorStage`` (the kind's output
/// stage and plant, chosen once per block: ``ActuatorStages``) into the haptic rows, and the
/// ``ChannelInterleaver`` writes the output channels.
public struct PatternRenderer: ~Copyable {
    /// Internal chunk length; also the grid of the actuator's denormal guard.
    package static var chunkFrames: Int { 256 }

    /// Total frames this render produces (voices, pattern duration and ring-down).
    package let totalFrames: Int64
    /// Output channels, interleaved in this order.
    package let channels: [OutputChannel]
    /// Runtime dynamic parameters: push from any one thread while rendering.
    public let parameters: RuntimeParameterQueue
    /// Next sample to render.
    public internal(set) var position: Int64 = 0

    /// Owns every buffer the stages point into.
    let memory: RenderMemory
    let queue: RuntimeParameterQueue.Consumer  // raw view of `parameters`
    let channelCount: Int
    var schedule: VoiceSchedule
    let parameterLanes: ParameterLaneBank
    var audio: AudioVoices
    var haptics: HapticVoices
    let actuator: ActuatorStages
    let signals: SignalRows
    let interleaver: ChannelInterleaver

    /// Prepares a renderer; the only step that allocates. O(voices·log voices + breakpoints).
    /// - Parameters:
    ///   - timeline: scheduled at `configuration.sampleRate`.
    ///   - audio: decoded custom audio at the render rate, indexed like
    ///     ``Timeline/audioResources`` (`nil` for a resource that could not be loaded: its
    ///     voices are silent).
    public init(
        timeline: Timeline, audio: [AudioResource?] = [], configuration: RenderConfiguration
    )
        throws(RenderError)
    {
        try self.init(timeline: timeline, audio: audio, configuration: configuration, reserve: nil)
    }

    /// The designated initializer; `reserve` keeps room for the layers, voices and audio of an
    /// open-ended render (``init(layers:reserve:configuration:)``).
    init(
        timeline: Timeline, audio: [AudioResource?], configuration: RenderConfiguration,
        reserve: RenderReserve?
    ) throws(RenderError) {
        try configuration.check(for: timeline)
        let rate = configuration.sampleRate
        let profile = configuration.actuator
        let memory = RenderMemory()
        self.memory = memory
        channels = configuration.channels
        channelCount = channels.count
        parameters = RuntimeParameterQueue()
        queue = parameters.consumer

        // Voices no output channel can hear are left out: an `audio` layout runs no actuator,
        // a `haptic` one no synthesizer. (Which voices sound never changes another voice's
        // samples, so the channels that remain are bit-identical.)
        let used = channels.flatMap(\.sources)
        let hearsHaptics = used.contains { $0.isHaptic }
        let hearsAudio = used.contains { !$0.isHaptic }
        schedule = VoiceSchedule(timeline.voices, memory: memory, capacity: reserve?.voices ?? 0) {
            $0.isHaptic ? hearsHaptics : hearsAudio
        }
        parameterLanes = ParameterLaneBank(timeline: timeline, memory: memory)
        signals = SignalRows(memory: memory)
        interleaver = ChannelInterleaver(rows: signals, channels: channels, memory: memory)

        // Pools sized from the voices' real lifetimes (brakes outlive the scheduled end).
        let driverConfig = ActuatorDriverConfig(profile: profile, sampleRate: rate)
        let tail = Int64((Double(driverConfig.maxBrakeSamples) + 0.05 * rate).rounded(.up))
        let voices = schedule.all
        var capacities = Polyphony(
            count: voices.count, kind: { voices[$0].kind },
            lifetime: { i in
                let v = voices[i]
                return (v.start, max(v.end + (v.kind.isHaptic ? tail : 0), v.start + 1))
            })
        if let reserve {
            for kind in VoiceKind.allCases {
                capacities[kind] = max(capacities[kind], reserve.polyphony[kind])
            }
        }
        self.audio = AudioVoices(
            toneCapacity: capacities[.audioContinuous],
            customAudioCapacity: capacities[.audioCustom],
            resourceCount: max(timeline.audioResources.count, reserve?.audioResources ?? 0),
            audio: audio, sampleRate: rate,
            memory: memory)

        let mapping = DriveMapping(
            profile: profile, sharpness: configuration.sharpnessMapping,
            intensity: configuration.intensityMapping)
        memory.retain(mapping)  // owns the tables `lookup` points into
        // Drive period of continuous haptic voices (see DriveRamp): divides the chunk and is
        // a multiple of RotatingCarrier's 4-sample group.
        let grid = DriveGrid(
            parameterLanes: parameterLanes, lookup: mapping.lookup, period: 64,
            toleranceVolts: driverConfig.periodToleranceVolts)
        haptics = HapticVoices(
            continuousCapacity: capacities[.hapticContinuous],
            transientCapacity: capacities[.hapticTransient],
            grid: grid, driverConfig: driverConfig, sampleRate: rate, memory: memory)
        actuator = profile.kind.makeStage(
            sampleRate: rate, rows: signals,
            writesDriveAndExcursion: used.contains(.hapticDrive) || used.contains(.excursion),
            memory: memory)

        let ringDown = configuration.ringDownSeconds ?? profile.ringDownSeconds
        totalFrames = reserve == nil ? timeline.renderFrameCount(ringDownSeconds: ringDown) : .max
    }

    /// Whether every frame has been rendered.
    public var isFinished: Bool { position >= totalFrames }

    /// Back to the start, actuator at rest. No allocation.
    #if !DEBUG
        @_noLocks  // see render(into:)
    #endif
    public mutating func reset() { seek(toSample: 0) }

    /// Continues from `sample` with the actuator at rest. As in Core Haptics, events that
    /// started before `sample` are not started mid-event; parameters keep the value they have
    /// at `sample`. No allocation; O(log breakpoints + log voices).
    #if !DEBUG
        @_noLocks  // see render(into:)
    #endif
    public mutating func seek(toSample sample: Int64) {
        let target = min(max(sample, 0), totalFrames)
        audio.reset()
        haptics.reset()
        actuator.reset()
        schedule.seek(to: target)
        parameterLanes.seek(to: target)
        position = target
    }
}
