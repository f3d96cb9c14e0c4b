import HapticPattern

/// Renders a ``Timeline`` into audio, haptic-drive, acceleration and excursion signals, block
/// by block, safely from a real-time thread.
///
/// Lifecycle (JUCE's prepare / reset / process, miniaudio's "allocate at init, process in
/// place"):
/// - `init` allocates everything: copies of the voices and lanes, voice pools sized from the
///   timeline's polyphony, scratch buffers, the actuator's tables. It is the only step that
///   allocates.
/// - ``render(into:)`` fills a caller-provided interleaved buffer of any size. It never
///   allocates, locks or retains (`@_noLocks`; proven by an allocation-counting test). The
///   samples do not depend on the block size: work is cut into internal chunks at fixed
///   absolute sample positions and at voice starts, voices are summed in a fixed order, and
///   every time-varying value comes from a line equation at its absolute sample.
/// - ``reset()`` and ``seek(toSample:)`` restart without allocating.
/// - ``parameters`` accepts runtime dynamic parameters from another thread, wait-free.
///
/// Per sample, haptic voices produce a drive voltage (continuous: sine at the sharpness
/// frequency, level from intensity × envelope × controls; transient: the braked click), the
/// excursion guard limits the sum, and the trapezoidal LRA model turns it into excursion and
/// body acceleration. Audio voices are mixed into the stereo bus independently.
public struct PatternRenderer: ~Copyable {
    /// Internal chunk length; also the grid of the actuator's denormal guard.
    public static var chunkFrames: Int { 256 }
    /// ``chunkFrames`` as a stored constant: static accessors are calls `@_noLocks` cannot see into.
    @usableFromInline let chunk = 256
    /// ``lanesPerLayer`` as a stored constant, for the same reason.
    @usableFromInline let lanes = 6

    /// Total frames this render produces (voices, pattern duration and ring-down).
    public let totalFrames: Int64
    /// Output channels, interleaved in this order.
    public let channels: [OutputChannel]
    /// Runtime dynamic parameters: push from any one thread while rendering.
    public let parameters: RuntimeParameterQueue
    /// Next sample to render.
    public internal(set) var position: Int64 = 0

    @usableFromInline let queue: RuntimeParameterQueue.Consumer  // raw view of `parameters`
    @usableFromInline let channelCount: Int
    @usableFromInline let interleaver: ChannelInterleaver
    /// Whether a channel reads the drive or the excursion signal: when none does, the
    /// actuator's block kernel writes only the acceleration.
    @usableFromInline let writesDriveAndExcursion: Bool
    @usableFromInline let sampleRate: Double
    // Mapping constants copied into stored properties: static accessors are calls that
    // `@_noLocks` cannot look into in debug builds.
    @usableFromInline let customFadeSamples: Float
    @usableFromInline let tonePeak = AudioMapping.tonePeak
    @usableFromInline let toneBaseFrequency = AudioMapping.toneBaseFrequency
    @usableFromInline let inverseSampleRate: Float

    // Timeline copies.
    @usableFromInline let voices: UnsafeMutablePointer<VoiceSpec>
    @usableFromInline let voiceCount: Int
    @usableFromInline var nextVoice = 0
    @usableFromInline let laneReaders: UnsafeMutablePointer<LaneReader>
    @usableFromInline let laneStorage: [UnsafeMutableRawPointer]  // freed in deinit
    @usableFromInline let layerCount: Int
    @usableFromInline let laneScratch: UnsafeMutablePointer<Float>  // layer × 6 lanes × chunk

    // Custom audio.
    /// Every clip's samples, copied once into memory the renderer owns (so no pointer outlives
    /// the array it came from); `clipSamples` point into it.
    @usableFromInline let clipStorage: UnsafeMutablePointer<Float>
    @usableFromInline let clipSamples: UnsafeMutablePointer<UnsafePointer<Float>?>
    @usableFromInline let clipFrames: UnsafeMutablePointer<Int>
    @usableFromInline let clipChannels: UnsafeMutablePointer<Int>

    // Voice pools.
    @usableFromInline var continuous: VoicePool<ContinuousHapticVoice>
    @usableFromInline var transients: VoicePool<TransientHapticVoice>
    @usableFromInline var tones: VoicePool<ToneVoice>
    @usableFromInline var clipVoices: VoicePool<ClipVoice>
    @usableFromInline var drivingLastSample = 0

    // Actuator.
    @usableFromInline var model: LRAModel
    @usableFromInline let excursionGuard: ExcursionGuard
    @usableFromInline let driverConfig: ActuatorDriverConfig
    @usableFromInline let mapping: DriveMapping  // owns the tables `lookup` points into
    @usableFromInline let lookup: DriveLookup
    /// Lanes and tables for continuous voices' control points.
    @usableFromInline let controls: ContinuousControl
    @usableFromInline let driveScale: Double
    @usableFromInline let accelerationScale: Double
    @usableFromInline let excursionScale: Double
    /// 2π/fs: carrier radians per sample per Hz.
    @usableFromInline let radiansPerHz: Double
    /// ``ActuatorDriverConfig/slewPerSample``, as a plain stored constant.
    @usableFromInline let slewStep: Double

    // Scratch signals, one chunk each: audio L, audio R, drive, acceleration, excursion.
    @usableFromInline let signals: UnsafeMutablePointer<Float>
    /// One chunk of the summed drive of the steady continuous voices, volts (Float: see
    /// ``RotatingCarrier``).
    @usableFromInline let steadyDrive: UnsafeMutablePointer<Float>
    /// One chunk of one tone's waveform, before gain and pan (see
    /// ``renderTone(_:chunkEnd:left:right:)``).
    @usableFromInline let toneWave: UnsafeMutablePointer<Float>

    /// Number of lanes per layer the synthesizer reads (a computed constant: a stored static
    /// array would need lazy initialization, which `@_noLocks` rejects).
    @usableFromInline static var lanesPerLayer: Int { 6 }
    /// Lanes the synthesizer reads, in scratch order (prepare time only).
    @usableFromInline static let usedLanes: [DynamicParameterID] = [
        .hapticIntensityControl, .hapticSharpnessControl, .audioVolumeControl,
        .audioPanControl, .audioPitchControl, .audioBrightnessControl,
    ]

    /// Prepares a renderer; the only step that allocates. O(voices·log voices + breakpoints).
    /// - Parameters:
    ///   - timeline: scheduled at `configuration.sampleRate`.
    ///   - audio: decoded custom audio at the render rate, indexed like
    ///     ``Timeline/audioResources`` (`nil` for a resource that could not be loaded: its
    ///     voices are silent).
    public init(timeline: Timeline, audio: [AudioClip?] = [], configuration: RenderConfiguration)
        throws(RenderError)
    {
        guard !configuration.channels.isEmpty else { throw .noChannels }
        guard timeline.sampleRate == configuration.sampleRate else {
            throw .sampleRateMismatch(timeline: timeline.sampleRate, configuration: configuration.sampleRate)
        }
        do { try configuration.actuator.validate(sampleRate: configuration.sampleRate) } catch {
            throw .invalidActuator(error.description)
        }
        let rate = configuration.sampleRate
        sampleRate = rate
        customFadeSamples = Float(AudioMapping.customFadeSeconds * rate)
        inverseSampleRate = Float(1 / rate)
        channels = configuration.channels
        channelCount = channels.count
        parameters = RuntimeParameterQueue()
        queue = parameters.consumer

        // Voices.
        let table = timeline.voices
        // Voices no output channel can hear are left out: an `audio` layout runs no actuator,
        // a `haptic` one no synthesizer. (Which voices sound never changes another voice's
        // samples, so the channels that remain are bit-identical.)
        let used = channels.flatMap(\.sources)
        let hearsHaptics = used.contains { $0.isHaptic }, hearsAudio = used.contains { !$0.isHaptic }
        writesDriveAndExcursion = used.contains(.hapticDrive) || used.contains(.excursion)
        let heard = (0..<table.count).filter { table.kind[$0].isHaptic ? hearsHaptics : hearsAudio }
        voiceCount = heard.count
        voices = .allocate(capacity: max(voiceCount, 1))
        for (slot, i) in heard.enumerated() {
            let start = table.start[i]
            voices.advanced(by: slot).initialize(to: VoiceSpec(
                start: start, end: table.end[i], kind: table.kind[i], layer: Int(table.layer[i]),
                level: table.level[i], timbre: table.timbre[i], pan: table.pan[i], pitch: table.pitch[i],
                envelope: Envelope(
                    attack: Float(table.attackSamples[i]), decay: Float(table.decaySamples[i]),
                    release: Float(table.releaseSamples[i]),
                    releaseStart: Float(table.releaseStart[i] - start), sustained: table.sustained[i]),
                resource: Int(table.audioResource[i]), loops: table.loops[i],
                usesEnvelope: table.usesVolumeEnvelope[i]))
        }

        // Lanes: Float copies of the breakpoints the synthesizer reads.
        layerCount = max(timeline.layerCount, 1)
        let laneCount = layerCount * Self.usedLanes.count
        laneReaders = .allocate(capacity: laneCount)
        var storage: [UnsafeMutableRawPointer] = []
        for layer in 0..<layerCount {
            for (slot, id) in Self.usedLanes.enumerated() {
                let lane = layer < timeline.layerCount ? timeline.lane(id, layer: layer) : ParameterLane(initialValue: id.neutralValue)
                let n = lane.count
                let raw = UnsafeMutableRawPointer.allocate(byteCount: max(n, 1) * 16, alignment: 8)
                storage.append(raw)
                let s = raw.bindMemory(to: Int64.self, capacity: max(n, 1))
                for k in 0..<n { s[k] = lane.sample[k] }
                let v = (raw + max(n, 1) * 8).bindMemory(to: Float.self, capacity: max(n, 1) * 2)
                for k in 0..<n { v[k] = Float(lane.value[k]); v[max(n, 1) + k] = Float(lane.slope[k]) }
                laneReaders.advanced(by: layer * Self.usedLanes.count + slot).initialize(to: LaneReader(
                    samples: UnsafePointer(s), values: UnsafePointer(v), slopes: UnsafePointer(v + max(n, 1)),
                    count: n, initial: Float(lane.initialValue)))
            }
        }
        laneStorage = storage
        laneScratch = .allocate(capacity: laneCount * Self.chunkFrames)
        laneScratch.initialize(repeating: 0, count: laneCount * Self.chunkFrames)

        // Custom audio.
        let resourceCount = timeline.audioResources.count
        clipSamples = .allocate(capacity: max(resourceCount, 1))
        clipFrames = .allocate(capacity: max(resourceCount, 1))
        clipChannels = .allocate(capacity: max(resourceCount, 1))
        let usable = (0..<resourceCount).map { r in r < audio.count && (audio[r]?.frames ?? 0) > 0 ? audio[r] : nil }
        clipStorage = .allocate(capacity: max(usable.reduce(0) { $0 + ($1?.samples.count ?? 0) }, 1))
        var offset = 0
        for r in 0..<resourceCount {
            clipSamples[r] = nil
            clipFrames[r] = 0
            clipChannels[r] = 1
            if let clip = usable[r] {
                (clipStorage + offset).initialize(from: clip.samples, count: clip.samples.count)
                clipSamples[r] = UnsafePointer(clipStorage + offset)
                clipFrames[r] = clip.frames
                clipChannels[r] = clip.channels
                offset += clip.samples.count
            }
        }

        // Actuator.
        let profile = configuration.actuator
        model = LRAModel(profile: profile, sampleRate: rate)
        excursionGuard = ExcursionGuard(profile: profile)
        driverConfig = ActuatorDriverConfig(profile: profile, sampleRate: rate)
        mapping = DriveMapping(profile: profile, sharpness: configuration.sharpnessMapping,
                               intensity: configuration.intensityMapping)
        lookup = mapping.lookup
        // Control period of continuous haptic voices (see DriveRamp): divides the chunk and is
        // a multiple of RotatingCarrier's 4-sample group.
        controls = ContinuousControl(laneReaders: laneReaders, lanesPerLayer: Self.usedLanes.count,
                                     lookup: lookup, period: 64, toleranceVolts: 2e-4 * profile.voltageClamp)
        driveScale = 1 / profile.voltageClamp
        accelerationScale = 1 / profile.fullScaleG
        excursionScale = 1 / profile.maxExcursion
        radiansPerHz = 2 * Double.pi / rate
        slewStep = driverConfig.slewPerSample

        // Pools sized from the voices' real lifetimes (brakes outlive the scheduled end).
        let tail = Int64((Double(driverConfig.maxBrakeSamples) + 0.05 * rate).rounded(.up))
        let specs = voices
        let capacities = Polyphony(count: voiceCount, kind: { specs[$0].kind }) { i in
            let v = specs[i]
            return (v.start, max(v.end + (v.kind.isHaptic ? tail : 0), v.start + 1))
        }
        continuous = VoicePool(capacity: capacities[VoiceKind.hapticContinuous])
        transients = VoicePool(capacity: capacities[VoiceKind.hapticTransient])
        tones = VoicePool(capacity: capacities[VoiceKind.audioContinuous])
        clipVoices = VoicePool(capacity: capacities[VoiceKind.audioCustom])

        signals = .allocate(capacity: RenderChannel.allCases.count * Self.chunkFrames)
        signals.initialize(repeating: 0, count: RenderChannel.allCases.count * Self.chunkFrames)
        interleaver = ChannelInterleaver(signals: signals, rowLength: Self.chunkFrames, channels: channels)
        steadyDrive = .allocate(capacity: Self.chunkFrames)
        steadyDrive.initialize(repeating: 0, count: Self.chunkFrames)

        let ringDown = configuration.ringDownSeconds ?? profile.ringDownSeconds
        totalFrames = timeline.renderFrameCount(ringDownSeconds: ringDown)
        toneWave = .allocate(capacity: Self.chunkFrames)
        toneWave.initialize(repeating: 0, count: Self.chunkFrames)
    }

    deinit {
        interleaver.deallocate()
        voices.deinitialize(count: voiceCount)
        voices.deallocate()
        laneReaders.deinitialize(count: layerCount * Self.usedLanes.count)
        laneReaders.deallocate()
        for raw in laneStorage { raw.deallocate() }
        laneScratch.deallocate()
        clipStorage.deallocate()
        clipSamples.deallocate()
        clipFrames.deallocate()
        clipChannels.deallocate()
        continuous.deallocate()
        transients.deallocate()
        tones.deallocate()
        clipVoices.deallocate()
        signals.deallocate()
        steadyDrive.deallocate()
        toneWave.deallocate()
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
    /// at `sample`. No allocation; O(log breakpoints + voices skipped).
    #if !DEBUG
    @_noLocks  // see render(into:)
    #endif
    public mutating func seek(toSample sample: Int64) {
        let target = min(max(sample, 0), totalFrames)
        continuous.count = 0
        transients.count = 0
        tones.count = 0
        clipVoices.count = 0
        drivingLastSample = 0
        model.reset()
        var lo = 0, hi = voiceCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if voices[mid].start < target { lo = mid + 1 } else { hi = mid }
        }
        nextVoice = lo
        for i in 0..<(layerCount * Self.lanesPerLayer) { (laneReaders + i).pointee.seek(to: target) }
        position = target
    }
}
