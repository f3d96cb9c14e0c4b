extension AudioVoices {
    /// Adds one synthesized tone voice's share of the chunk to the stereo bus.
    ///
    /// The chunk is cut into runs over which the brightness, pitch and pan parameter lanes hold
    /// still (all of it, unless a curve or a runtime parameter moves one of them). Per run:
    /// 1. the waveform into ``toneWave``: the fundamental from the voice's ``TonePhasor``
    ///    (re-anchored when the pitch changes), the harmonics by
    ///    ``ToneOscillator/samples(sines:twoCosines:)`` for whole groups of four and by the
    ///    scalar twin for SIMD lanes at the edges of a block;
    /// 2. four samples at a time: volume × envelope gain and the mix into the bus; the
    ///    remainder by the scalar twins.
    ///
    /// Every value depends on absolute sample positions only (see ``TonePhasor``), so the output
    /// is bit-identical whatever the block size. O(frames), no allocation.
    func renderTone(
        _ p: UnsafeMutablePointer<ToneVoice>, from position: Int64, chunkEnd: Int64,
        parameterLanes: ParameterLaneBank,
        left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
    ) {
        let spec = p.pointee.spec
        let (from, to) = Self.span(of: spec, from: position, chunkEnd: chunkEnd)
        guard from < to else { return }
        let (volume, pan, pitch, bright) = Self.audioParameterLanes(
            parameterLanes, layer: spec.layer)
        let wave = toneWave
        var i = from
        while i < to {
            // NaN never equals itself: a NaN parameter-lane value makes one-sample runs, each
            // recomputing its mappings, as the per-sample loop did.
            let b = bright[i]
            let f = pitch[i]
            let a = pan[i]
            var end = i &+ 1
            let b4 = SIMD4(repeating: b)
            let f4 = SIMD4(repeating: f)
            let a4 = SIMD4(repeating: a)
            while end &+ 4 <= to,
                all(
                    (load4(bright + end) .== b4) .& (load4(pitch + end) .== f4)
                        .& (load4(pan + end) .== a4))
            {
                end &+= 4
            }
            while end < to && bright[end] == b && pitch[end] == f && pan[end] == a { end &+= 1 }

            let brightness = min(max(spec.timbre + b, 0), 1)
            if brightness != p.pointee.oscillator.weightsBrightness {
                p.pointee.oscillator.setWeights(brightness: brightness)
            }
            let step =
                AudioMapping.toneBaseFrequency
                * p.pointee.controls.pitchRatio(min(max(spec.pitch + f, -1), 1))
                * inverseSampleRate
            var n = position &+ Int64(i)
            // The phasor in a local for the run: through the voice pointer (which the wave's
            // stores might alias) it was reloaded and stored back every group.
            var phasor = p.pointee.phasor
            phasor.setStep(step, at: n)
            let oscillator = p.pointee.oscillator
            var k = i
            while k < end {
                let lane = phasor.lane(at: n)
                if lane == 0 && end &- k >= 4 {
                    let f = phasor.groupFundamentals()
                    store4(oscillator.samples(sines: f.sines, twoCosines: f.twoCosines), wave + k)
                    k &+= 4
                    n &+= 4
                } else {
                    let f = phasor.fundamental(lane: lane, at: n)
                    wave[k] = oscillator.sample(sine: f.sine, twoCosine: f.twoCosine)
                    k &+= 1
                    n &+= 1
                }
            }
            p.pointee.phasor = phasor
            let gains = p.pointee.controls.pan(spec.pan + a)
            mixTone(
                spec, volume: volume, from: i, to: end, position: position, pan: gains, into: left,
                right)
            i = end
        }
    }

    /// Pass 2 of ``renderTone(_:from:chunkEnd:parameterLanes:left:right:)``:
    /// `bus += wave · gain · pan` for the samples `from..<to` of the chunk at `position`, whose
    /// waveform is in ``toneWave``. O(to − from).
    @inline(__always)
    func mixTone(
        _ spec: VoiceSpec, volume: UnsafeMutablePointer<Float>,
        from: Int, to: Int, position: Int64, pan: PanGains,
        into left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>
    ) {
        let wave = toneWave
        let first = position &+ Int64(from) &- spec.start  // envelope offset of sample `from`
        var i = from
        // Offsets as Float: exact while below 2^24 samples (a tone is at most 30 s long, so
        // always at 48 kHz); past that the scalar path converts each Int64 as before.
        if first &+ Int64(to &- from) < 1 << 24 {
            let envelope = EnvelopeLanes(spec.envelope)
            let level = SIMD4<Float>(repeating: spec.level)
            let peak = AudioMapping.tonePeak
            func mix(at i: Int, gain: SIMD4<Float>) {
                let x = load4(wave + i) * gain
                store4(load4(left + i) + x * pan.left, left + i)
                store4(load4(right + i) + x * pan.right, right + i)
            }
            if envelope.isOne(from: Float(first), through: Float(first &+ Int64(to &- from))) {
                // Sustaining: the envelope's factor is exactly 1, left out.
                while i &+ 4 <= to {
                    mix(at: i, gain: clampUnit(level * load4(volume + i)) * peak)
                    i &+= 4
                }
            } else {
                var offset = Float(first) + SIMD4<Float>(0, 1, 2, 3)
                while i &+ 4 <= to {
                    mix(
                        at: i,
                        gain: clampUnit(level * load4(volume + i)) * envelope.gain(at: offset)
                            * peak)
                    offset += 4
                    i &+= 4
                }
            }
        }
        while i < to {
            let n = position + Int64(i)
            let gain =
                min(max(spec.level * volume[i], 0), 1)
                * spec.envelope.gain(at: Float(n - spec.start)) * AudioMapping.tonePeak
            let x = wave[i] * gain
            left[i] += x * pan.left
            right[i] += x * pan.right
            i &+= 1
        }
    }
}

/// `min(max(x, 0), 1)` SIMD lane by lane, with the scalar functions' exact selects
/// (`max(x, y) = y >= x ? y : x`, `min(x, y) = y < x ? y : x`). O(1).
@inline(__always)
func clampUnit(_ x: SIMD4<Float>) -> SIMD4<Float> {
    let zero = SIMD4<Float>(repeating: 0)
    let one = SIMD4<Float>(repeating: 1)
    let low = x.replacing(with: zero, where: zero .>= x)
    return low.replacing(with: one, where: one .< low)
}
