import HapticPattern

extension PatternRenderer {
    /// Renders the next frames into `output`, interleaved in ``channels`` order, and returns the
    /// number of frames written (`output.count / channels.count`, fewer at the end, 0 when
    /// finished). Any block size gives the same samples.
    ///
    /// Real-time safe: no allocation, locks or reference counting (the allocation test counts 0
    /// over 10,000 calls). O(frames × active voices).
    // `@_noLocks` proves it in optimized builds, the ones that ship; debug builds cannot see
    // through unspecialized generics and accessors, and the allocation-counting tests cover them.
    #if !DEBUG
    @_noLocks
    #endif
    public mutating func render(into output: UnsafeMutableBufferPointer<Float>) -> Int {
        guard let out = output.baseAddress else { return 0 }
        let wanted = Int64(output.count / channelCount)
        let frames = Int(min(wanted, totalFrames - position))
        var written = 0
        while written < frames {
            drainRuntimeParameters()
            // Voices start first: haptic voices read their lanes directly (LaneReader.value),
            // so lanes are filled only for the audio voices that read them per sample. The
            // chunk then ends where the next voice starts.
            startVoices()
            var length = min(frames - written, chunk - Int(position % Int64(chunk)))
            if nextVoice < voiceCount {
                length = min(length, Int(voices[nextVoice].start - position))
            }
            fillLanes(frames: length)
            renderAudio(frames: length)
            renderHaptics(frames: length)
            interleaver.write(into: out + written * channelCount, frames: length)
            position += Int64(length)
            written += length
        }
        return frames
    }

    /// Applies queued runtime parameters from the current position on.
    mutating func drainRuntimeParameters() {
        while let p = queue.pop() {
            guard p.layer >= 0, p.layer < layerCount else { continue }
            let slot: Int
            switch p.id {
            case .hapticIntensityControl: slot = 0
            case .hapticSharpnessControl: slot = 1
            case .audioVolumeControl: slot = 2
            case .audioPanControl: slot = 3
            case .audioPitchControl: slot = 4
            case .audioBrightnessControl: slot = 5
            default: continue  // envelope-time controls act at event start: scheduled only
            }
            // Intensity and volume controls (slots 0, 2) multiply (0…1); the others add (−1…1).
            let low = slot == 0 || slot == 2 ? 0.0 : -1.0
            let value = Float(min(max(p.value, low), 1))
            let from = max(p.sample, position)
            (laneReaders + p.layer * lanes + slot).pointee.override(value: value, from: from)
            guard slot < 2 else { continue }
            // The continuous voices of that layer take the new value at `from`, not at the end
            // of their control period.
            for c in 0..<continuous.count where continuous.storage[c].spec.layer == p.layer {
                controls.cut(&continuous.storage[c], at: from)
            }
        }
    }

    /// Evaluates the lanes the audio voices read for this chunk. Lanes nobody reads this chunk (the haptic lanes, and every lane while no audio voice
    /// sounds) only move their cursors. O(frames × audio lanes + breakpoints crossed).
    mutating func fillLanes(frames: Int) {
        let audible = tones.count > 0 || clipVoices.count > 0
        let last = position &+ Int64(frames &- 1)
        for layer in 0..<layerCount {
            for slot in 0..<lanes {
                let i = layer &* lanes &+ slot
                if audible && slot >= 2 {
                    (laneReaders + i).pointee.fill(laneScratch + i * chunk, start: position, frames: frames)
                } else {
                    (laneReaders + i).pointee.skip(through: last)
                }
            }
        }
    }

    /// Moves every voice that starts at the current position into its pool.
    mutating func startVoices() {
        while nextVoice < voiceCount, voices[nextVoice].start <= position {
            let spec = voices[nextVoice]
            nextVoice += 1
            switch spec.kind {
            case .hapticContinuous:
                let first = controls.firstRamp(spec, at: position)
                var voice = ContinuousHapticVoice(spec: spec, driver: ContinuousDriver(config: driverConfig), ramp: first.ramp)
                voice.rampEndsAtChange = first.atChange
                continuous.append(voice)
            case .hapticTransient:
                // Intensity controls and curves scale a transient by their value at its onset.
                let control = (laneReaders + spec.layer &* lanes).pointee.value(at: position)
                let intensity = Double(min(max(spec.level * control, 0), 1))
                let driver = TransientDriver(config: driverConfig, lookup: lookup,
                                             sharpness: Double(spec.timbre), intensity: intensity)
                transients.append(TransientHapticVoice(driver: driver))
            case .audioContinuous:
                tones.append(ToneVoice(spec: spec))
            case .audioCustom:
                guard spec.resource >= 0, let samples = clipSamples[spec.resource] else { continue }
                var s = spec
                let length = Float(spec.end - spec.start)
                if spec.usesEnvelope {
                    let fade = customFadeSamples
                    let release = max(spec.envelope.release, fade)
                    s.envelope = Envelope(attack: max(spec.envelope.attack, fade), decay: 1, release: release,
                                          releaseStart: length - release, sustained: true)
                } else {
                    // No envelope: unity gain for the whole event.
                    s.envelope = Envelope(attack: 1, decay: 1, release: 1, releaseStart: length, sustained: true)
                    s.envelope.attack = 0.000_001
                }
                clipVoices.append(ClipVoice(spec: s, player: ClipPlayer(
                    samples: samples, frames: clipFrames[spec.resource],
                    channels: clipChannels[spec.resource], loops: spec.loops)))
            }
        }
    }

    /// The part of this chunk, as offsets from `position`, in which `spec` sounds (empty when
    /// `from >= to`).
    @inline(__always)
    func span(of spec: VoiceSpec, chunkEnd: Int64) -> (from: Int, to: Int) {
        (Int(max(spec.start, position) - position), Int(min(spec.end, chunkEnd) - position))
    }

    /// This chunk's volume, pan, pitch and brightness control lanes of `layer` (scratch slots
    /// 2…5, filled by ``fillLanes(frames:)``).
    @inline(__always)
    func audioLanes(layer: Int) -> (volume: UnsafeMutablePointer<Float>, pan: UnsafeMutablePointer<Float>,
                                    pitch: UnsafeMutablePointer<Float>, brightness: UnsafeMutablePointer<Float>) {
        let base = laneScratch + layer &* lanes &* chunk
        return (base + 2 &* chunk, base + 3 &* chunk, base + 4 &* chunk, base + 5 &* chunk)
    }

    /// Mixes the audio voices into the stereo scratch bus.
    mutating func renderAudio(frames: Int) {
        let left = signals, right = signals + chunk
        for i in 0..<frames { left[i] = 0; right[i] = 0 }
        let chunkEnd = position + Int64(frames)
        for v in 0..<tones.count { renderTone(tones.storage + v, chunkEnd: chunkEnd, left: left, right: right) }
        tones.removeAll { $0.spec.end <= chunkEnd }

        let twoPiOverRate = 2 * Float.pi * inverseSampleRate
        for v in 0..<clipVoices.count {
            let p = clipVoices.storage + v
            let spec = p.pointee.spec
            let (from, to) = span(of: spec, chunkEnd: chunkEnd)
            guard from < to else { continue }
            let (volume, pan, pitch, bright) = audioLanes(layer: spec.layer)
            let stereo = p.pointee.player.channels == 2
            for i in from..<to {
                let n = position + Int64(i)
                let gain = min(max(spec.level * volume[i], 0), 1) * spec.envelope.gain(at: Float(n - spec.start))
                let rate = p.pointee.controls.pitchRatio(min(max(spec.pitch + pitch[i], -1), 1))
                let alpha = p.pointee.controls.lowPass(brightness: spec.timbre + bright[i], twoPiOverRate: twoPiOverRate)
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
        clipVoices.removeAll { $0.spec.end <= chunkEnd || $0.player.isExhausted }
    }
}
