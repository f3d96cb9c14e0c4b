/// The audio voice stage: synthesized tones and custom-audio voices, mixed into the stereo
/// audio rows chunk by chunk. Independent of the haptic side.
struct AudioVoices {
    private(set) var tones: VoicePool<ToneVoice>
    private(set) var customAudio: VoicePool<CustomAudioVoice>
    /// The timeline's audio resources, indexed like ``Timeline/audioResources``.
    let sources: UnsafeMutablePointer<AudioResourceView>
    /// Entries in ``sources``.
    let resourceCount: Int
    /// One chunk of one tone's waveform, before gain and pan (see
    /// ``renderTone(_:from:chunkEnd:parameterLanes:left:right:)``).
    let toneWave: UnsafeMutablePointer<Float>
    /// ``AudioMapping/customFadeSeconds`` in samples.
    private let customFadeSamples: Float
    let inverseSampleRate: Float

    /// Pools of `toneCapacity` and `customAudioCapacity` voices; a copy of every usable resource's samples
    /// (`audio` indexed like the timeline's resources; `nil` or empty: its voices are silent).
    /// Prepare time only: O(resource samples).
    init(
        toneCapacity: Int, customAudioCapacity: Int, resourceCount: Int, audio: [AudioResource?],
        sampleRate: Double,
        memory: RenderMemory
    ) {
        tones = VoicePool(capacity: toneCapacity, memory: memory)
        customAudio = VoicePool(capacity: customAudioCapacity, memory: memory)
        sources = memory.uninitialized(AudioResourceView.self, count: resourceCount)
        self.resourceCount = resourceCount
        for r in 0..<resourceCount {
            sources[r] = AudioResourceView(samples: nil, frames: 0, channels: 1)
            if r < audio.count, let resource = audio[r], resource.frames > 0 {
                sources[r] = AudioResourceView(
                    samples: UnsafePointer(memory.copy(resource.samples)), frames: resource.frames,
                    channels: resource.channels)
            }
        }
        toneWave = memory.allocate(PatternRenderer.chunkFrames, repeating: 0)
        customFadeSamples = Float(AudioMapping.customFadeSeconds * sampleRate)
        inverseSampleRate = Float(1 / sampleRate)
    }

    /// Whether no audio voice sounds (then nobody reads the audio parameter lanes).
    var isSilent: Bool { tones.count == 0 && customAudio.count == 0 }

    /// No voice sounds. O(1).
    mutating func reset() {
        tones.count = 0
        customAudio.count = 0
    }

    /// Starts a tone. O(1).
    mutating func startTone(_ spec: VoiceSpec) { tones.append(ToneVoice(spec: spec)) }

    /// Starts a custom-audio voice (silent if its resource did not load). One with an envelope fades in
    /// and out over at least ``AudioMapping/customFadeSeconds``; one without plays at unity gain. O(1).
    mutating func startClip(_ spec: VoiceSpec) {
        guard spec.resource >= 0 else { return }
        let source = sources[spec.resource]
        guard let samples = source.samples else { return }
        var s = spec
        let length = Float(spec.end - spec.start)
        if spec.usesEnvelope {
            let fade = customFadeSamples
            let release = max(spec.envelope.release, fade)
            s.envelope = Envelope(
                attack: max(spec.envelope.attack, fade), decay: 1, release: release,
                releaseStart: length - release, sustained: true)
        } else {
            // No envelope: unity gain for the whole event.
            s.envelope = Envelope(
                attack: 1, decay: 1, release: 1, releaseStart: length, sustained: true)
            s.envelope.attack = 0.000_001
        }
        customAudio.append(
            CustomAudioVoice(
                spec: s,
                player: CustomAudioPlayer(
                    samples: samples, frames: source.frames, channels: source.channels,
                    loops: spec.loops)))
    }

    /// Mixes the chunk `position ..< position + frames` into the `left` and `right` rows,
    /// reading the audio parameter lanes `parameterLanes` holds for it. O(frames × voices).
    mutating func process(
        from position: Int64, frames: Int, parameterLanes: ParameterLaneBank,
        left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
    ) {
        for i in 0..<frames {
            left[i] = 0
            right[i] = 0
        }
        let chunkEnd = position + Int64(frames)
        for v in 0..<tones.count {
            renderTone(
                tones.storage + v, from: position, chunkEnd: chunkEnd,
                parameterLanes: parameterLanes, left: left,
                right: right)
        }
        tones.removeAll { $0.spec.end <= chunkEnd }

        let twoPiOverRate = 2 * Float.pi * inverseSampleRate
        for v in 0..<customAudio.count {
            let p = customAudio.storage + v
            let spec = p.pointee.spec
            let (from, to) = Self.span(of: spec, from: position, chunkEnd: chunkEnd)
            guard from < to else { continue }
            let (volume, pan, pitch, bright) = Self.audioParameterLanes(
                parameterLanes, layer: spec.layer)
            let stereo = p.pointee.player.channels == 2
            for i in from..<to {
                let n = position + Int64(i)
                let gain =
                    min(max(spec.level * volume[i], 0), 1)
                    * spec.envelope.gain(at: Float(n - spec.start))
                let rate = p.pointee.controls.pitchRatio(min(max(spec.pitch + pitch[i], -1), 1))
                let alpha = p.pointee.controls.lowPass(
                    brightness: spec.timbre + bright[i], twoPiOverRate: twoPiOverRate)
                let (l, r) = p.pointee.player.next(rate: rate, lowPass: alpha)
                var g = p.pointee.controls.pan(spec.pan + pan[i])
                if stereo {
                    // Stereo files pan as a balance: unity at centre, constant power per side.
                    g.left = min(g.left * 1.414_213_6, 1)
                    g.right = min(g.right * 1.414_213_6, 1)
                }
                left[i] += l * gain * g.left
                right[i] += r * gain * g.right
            }
        }
        customAudio.removeAll { $0.spec.end <= chunkEnd || $0.player.isExhausted }
    }

    /// The part of the chunk `position ..< chunkEnd`, as offsets from `position`, in which
    /// `spec` sounds (empty when `from >= to`).
    @inline(__always)
    static func span(of spec: VoiceSpec, from position: Int64, chunkEnd: Int64) -> (
        from: Int, to: Int
    ) {
        (Int(max(spec.start, position) - position), Int(min(spec.end, chunkEnd) - position))
    }

    /// This chunk's volume, pan, pitch and brightness parameter lanes of `layer`.
    @inline(__always)
    static func audioParameterLanes(_ parameterLanes: ParameterLaneBank, layer: Int)
        -> (
            volume: UnsafeMutablePointer<Float>, pan: UnsafeMutablePointer<Float>,
            pitch: UnsafeMutablePointer<Float>, brightness: UnsafeMutablePointer<Float>
        )
    {
        (
            parameterLanes.chunk(layer, .audioVolume), parameterLanes.chunk(layer, .audioPan),
            parameterLanes.chunk(layer, .audioPitch),
            parameterLanes.chunk(layer, .audioBrightness)
        )
    }
}

/// A decoded audio resource in render memory; `samples` is `nil` for a resource that could not be
/// loaded (its voices are silent).
struct AudioResourceView {
    var samples: UnsafePointer<Float>?
    var frames: Int
    var channels: Int
}
