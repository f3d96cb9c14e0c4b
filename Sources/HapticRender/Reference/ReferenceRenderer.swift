import HapticPattern

/// The reference engine: renders a ``Timeline`` the way ``PatternRenderer`` does, but per
/// sample, in Double, with one plain path per voice kind — no drive grid, no groups, no
/// SIMD, no fast paths. It is the definition the fast engine is tested against (the agreement
/// tests and `--engine reference`), written to be read, not to be fast (≈ 100× slower).
///
/// Per sample n:
/// 1. voices whose start is n begin (transients read their intensity parameter lanes here);
/// 2. audio: every tone and custom-audio voice adds its stereo sample (``ReferenceTone``, ``ReferenceCustomAudio``);
/// 3. haptics: the continuous voices (in start order), then the transients, each produce a
///    drive from the actuator state ``ActuatorFeedback/latencySamples`` old and whether another
///    voice drove on sample n − 1; their sum goes through the kind's ``ReferenceActuator`` (an
///    LRA's: guard, clamp, slew, driver state, trapezoidal step, rest);
/// 4. the output channels take the signals at their scales (``RenderSignal``).
///
/// Same pull API as ``PatternRenderer``: ``render(into:)``, ``seek(toSample:)``, ``reset()``,
/// ``parameters``. It allocates as it goes (a signal array per sample, its voice lists as voices
/// start) and calls libm per sample: not for a real-time thread.
public final class ReferenceRenderer {
    package let totalFrames: Int64
    package let channels: [OutputChannel]
    public let parameters = RuntimeParameterQueue()
    public private(set) var position: Int64 = 0
    public var isFinished: Bool { position >= totalFrames }

    private let sampleRate: Double
    private let voices: [VoiceSpec]
    private let resources: [AudioResource?]
    private var nextVoice = 0
    /// Parameter lanes per layer, indexed by ``ParameterLaneSlot``.
    private var parameterLanes: [[ReferenceParameterLane]]
    private let mapping: DriveMapping
    private let driverConfig: ActuatorDriverConfig
    private var actuator: any ReferenceActuator
    /// The signals' full scales: the rail, the acceleration's, the excursion's.
    private let voltsScale: Double, accelerationScale: Double, excursionScale: Double
    private var continuous: [ReferenceContinuousVoice] = []
    private var transients: [TransientDriver] = []
    private var tones: [ReferenceTone] = []
    private var customAudioVoices: [ReferenceCustomAudio] = []
    /// Voices that drove on the previous sample (the brakes' mixing rule).
    private var drivingBefore = 0

    public init(
        timeline: Timeline, audio: [AudioResource?] = [], configuration: RenderConfiguration
    )
        throws(RenderError)
    {
        try configuration.check(for: timeline)
        let rate = configuration.sampleRate
        let profile = configuration.actuator
        sampleRate = rate
        channels = configuration.channels
        let t = timeline.voices
        voices = (0..<t.count).map { (i: Int) -> VoiceSpec in
            let envelope = Envelope(
                attack: Float(t.attackSamples[i]), decay: Float(t.decaySamples[i]),
                release: Float(t.releaseSamples[i]),
                releaseStart: Float(t.releaseStart[i] - t.start[i]), sustained: t.sustained[i])
            return VoiceSpec(
                start: t.start[i], end: t.end[i], kind: t.kind[i], layer: Int(t.layer[i]),
                level: t.level[i], timbre: t.timbre[i], pan: t.pan[i], pitch: t.pitch[i],
                envelope: envelope, resource: Int(t.audioResource[i]), loops: t.loops[i],
                usesEnvelope: t.usesVolumeEnvelope[i])
        }
        resources = timeline.audioResources.indices.map { $0 < audio.count ? audio[$0] : nil }
        parameterLanes = (0..<max(timeline.layerCount, 1)).map { layer in
            ParameterLaneSlot.allCases.map { slot in
                ReferenceParameterLane(
                    layer < timeline.layerCount
                        ? timeline.parameterLane(slot.id, layer: layer)
                        : ParameterLane(initialValue: slot.id.neutralValue))
            }
        }
        mapping = DriveMapping(
            profile: profile, sharpness: configuration.sharpnessMapping,
            intensity: configuration.intensityMapping)
        driverConfig = ActuatorDriverConfig(profile: profile, sampleRate: rate)
        actuator = profile.kind.makeReference(sampleRate: rate)
        voltsScale = profile.voltageClamp
        accelerationScale = profile.fullScaleG
        excursionScale = profile.excursionFullScale
        totalFrames = timeline.renderFrameCount(
            ringDownSeconds: configuration.ringDownSeconds ?? profile.ringDownSeconds)
    }

    /// Renders the next frames into `output`, interleaved in ``channels`` order; returns how
    /// many (0 when finished). O(frames × active voices).
    public func render(into output: UnsafeMutableBufferPointer<Float>) -> Int {
        applyRuntimeParameters()
        let frames = Int(min(Int64(output.count / channels.count), totalFrames - position))
        for f in 0..<frames {
            let s = renderSample()
            for (c, channel) in channels.enumerated() {
                output[f * channels.count + c] =
                    switch channel {
                    case .signal(let a): s[a.row]
                    case .mix(let a, let gain, let b): s[a.row] + gain * s[b.row]
                    }
            }
            position += 1
        }
        return frames
    }

    /// Back to the start, actuator at rest.
    public func reset() { seek(toSample: 0) }

    /// Continues from `sample` with the actuator at rest; events that started earlier are not
    /// started (as in Core Haptics); runtime values are cleared.
    public func seek(toSample sample: Int64) {
        position = min(max(sample, 0), totalFrames)
        nextVoice = voices.firstIndex { $0.start >= position } ?? voices.count
        continuous = []
        transients = []
        tones = []
        customAudioVoices = []
        drivingBefore = 0
        actuator.reset()
        for l in parameterLanes.indices {
            for s in parameterLanes[l].indices { parameterLanes[l][s].clearOverride() }
        }
    }

    /// Queued runtime parameters, from their sample on (or from now, if late). Intensity and
    /// volume controls multiply (0…1), the others add (−1…1); envelope-time controls act at
    /// event start only, so they are scheduled, never applied here.
    private func applyRuntimeParameters() {
        while let p = parameters.consumer.pop() {
            guard p.layer >= 0, p.layer < parameterLanes.count,
                let slot = ParameterLaneSlot(p.id)
            else { continue }
            parameterLanes[p.layer][slot.rawValue].override(
                value: Double(Float(min(max(p.value, slot.lowestValue), 1))),
                from: max(p.sample, position))
        }
    }

    /// One sample of every signal, at their output scales, in ``RenderSignal`` order.
    private func renderSample() -> [Float] {
        let n = position
        startVoices(at: n)
        var left = 0.0
        var right = 0.0
        for i in tones.indices where n < tones[i].spec.end {
            let s = tones[i].next(
                at: n, parameterLanes: parameterLanes[tones[i].spec.layer], sampleRate: sampleRate)
            left += s.left
            right += s.right
        }
        tones.removeAll { n + 1 >= $0.spec.end }
        for i in customAudioVoices.indices where n < customAudioVoices[i].spec.end {
            let s = customAudioVoices[i].next(
                at: n, parameterLanes: parameterLanes[customAudioVoices[i].spec.layer],
                sampleRate: sampleRate)
            left += s.left
            right += s.right
        }
        customAudioVoices.removeAll { n + 1 >= $0.spec.end || $0.isExhausted }

        let (x, v) = actuator.feedback
        var drive = 0.0
        var driving = 0
        for i in continuous.indices {
            let others = drivingBefore - (continuous[i].driver.isDriving ? 1 : 0) > 0
            var point = DrivePoint(hz: 0, volts: 0, excursionPerVolt: 0)
            if !continuous[i].released {
                if n >= continuous[i].spec.end {
                    continuous[i].driver.release(brake: true)
                    continuous[i].released = true
                } else {
                    point = continuous[i].point(
                        at: n, parameterLanes: parameterLanes[continuous[i].spec.layer],
                        lookup: mapping.lookup)
                }
            }
            drive += continuous[i].driver.drive(
                point, velocity: v, excursion: x, othersDriving: others)
            if continuous[i].driver.isDriving { driving += 1 }
        }
        for i in transients.indices {
            let others = drivingBefore - (transients[i].isDriving ? 1 : 0) > 0
            drive += transients[i].drive(velocity: v, excursion: x, othersDriving: others)
            if transients[i].isDriving { driving += 1 }
        }
        drivingBefore = driving
        continuous.removeAll { $0.driver.isFinished }
        transients.removeAll { $0.isFinished }
        let out = actuator.step(drive: drive)
        return [
            Float(left), Float(right), Float(out.volts / voltsScale),
            Float(out.acceleration / accelerationScale), Float(out.excursion / excursionScale),
        ]
    }

    /// Starts every voice whose first sample is `n`.
    private func startVoices(at n: Int64) {
        while nextVoice < voices.count, voices[nextVoice].start <= n {
            var spec = voices[nextVoice]
            nextVoice += 1
            switch spec.kind {
            case .hapticContinuous:
                continuous.append(
                    ReferenceContinuousVoice(
                        spec: spec, driver: ContinuousDriver(config: driverConfig)))
            case .hapticTransient:
                let intensity = min(
                    max(
                        Double(spec.level)
                            * parameterLanes[spec.layer][ParameterLaneSlot.hapticIntensity.rawValue]
                            .value(at: n), 0),
                    1)
                transients.append(
                    TransientDriver(
                        config: driverConfig, lookup: mapping.lookup,
                        sharpness: Double(spec.timbre), intensity: intensity))
            case .audioContinuous:
                tones.append(ReferenceTone(spec: spec))
            case .audioCustom:
                guard spec.resource >= 0, spec.resource < resources.count,
                    let resource = resources[spec.resource],
                    resource.frames > 0
                else { continue }
                spec.envelope = Self.customAudioEnvelope(
                    spec, fadeSamples: Float(AudioMapping.customFadeSeconds * sampleRate))
                customAudioVoices.append(ReferenceCustomAudio(spec: spec, resource: resource))
            }
        }
    }

    /// A custom-audio voice's volume envelope: with `EventWaveformUseVolumeEnvelope`, attack and release of at
    /// least the 5 ms fade ending at the voice's end; without it, unity throughout.
    static func customAudioEnvelope(_ spec: VoiceSpec, fadeSamples fade: Float) -> Envelope {
        let length = Float(spec.end - spec.start)
        guard spec.usesEnvelope else {
            var e = Envelope(attack: 1, decay: 1, release: 1, releaseStart: length, sustained: true)
            e.attack = 0.000_001
            return e
        }
        let release = max(spec.envelope.release, fade)
        return Envelope(
            attack: max(spec.envelope.attack, fade), decay: 1, release: release,
            releaseStart: length - release, sustained: true)
    }
}
