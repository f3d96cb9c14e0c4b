/// The reference engine's voices: each kind's whole behaviour, one sample at a time, in Double.
/// A layer's parameter lanes are indexed by ``ParameterLaneSlot``: haptic intensity, haptic
/// sharpness, audio volume, pan, pitch, brightness.

/// A `HapticContinuous` voice: the drive point from the event's values, its envelope and its
/// layer's parameter lanes through the drive tables at every sample, turned into volts by the
/// shared per-sample ``ContinuousDriver`` (carrier, onset overdrive, release brake).
struct ReferenceContinuousVoice {
    let spec: VoiceSpec
    var driver: ContinuousDriver
    var released = false

    /// The drive point at sample `n` (inside the voice's sounding samples): intensity = event
    /// intensity × intensity parameter lane × envelope, sharpness = event sharpness + sharpness
    /// parameter lane, each clamped to 0…1. The envelope is read at offsets 1 … length − 1 (its
    /// exact zeros at the ends would only make the intensity law jump).
    func point(at n: Int64, parameterLanes: [ReferenceParameterLane], lookup: DriveLookup)
        -> DrivePoint
    {
        let last = max(spec.end - spec.start - 1, 1)
        let offset = min(max(n - spec.start, 1), last)
        let intensity =
            min(
                max(
                    Double(spec.level)
                        * parameterLanes[ParameterLaneSlot.hapticIntensity.rawValue].value(at: n), 0
                ),
                1)
            * envelopeGain(spec.envelope, at: Double(offset))
        let sharpness = min(
            max(
                Double(spec.timbre)
                    + parameterLanes[ParameterLaneSlot.hapticSharpness.rawValue].value(at: n), 0), 1
        )
        return lookup.evaluate(sharpness: sharpness, intensity: intensity)
    }
}

/// An `AudioContinuous` tone: 8 harmonics `b^(k−1)/k` of 440 Hz · 2^pitch, normalized to unit
/// RMS, times volume × envelope × ``AudioMapping/tonePeak``, panned at constant power.
struct ReferenceTone {
    let spec: VoiceSpec
    /// Phase of the fundamental in cycles, from 0 at the voice's first sample.
    var phase = 0.0

    mutating func next(at n: Int64, parameterLanes: [ReferenceParameterLane], sampleRate: Double)
        -> (
            left: Double, right: Double
        )
    {
        let brightness = min(
            max(
                Double(spec.timbre)
                    + parameterLanes[ParameterLaneSlot.audioBrightness.rawValue].value(at: n), 0), 1
        )
        let pitch = min(
            max(
                Double(spec.pitch)
                    + parameterLanes[ParameterLaneSlot.audioPitch.rawValue].value(at: n), -1), 1)
        var sum = 0.0
        var energy = 0.0
        var weight = 1.0
        for k in 1...AudioMapping.toneHarmonics {
            let a = weight / Double(k)
            sum += a * LibM.sin(2 * Double.pi * Double(k) * phase)
            energy += a * a
            weight *= brightness
        }
        let wave = sum / energy.squareRoot()
        phase +=
            Double(AudioMapping.toneBaseFrequency)
            * LibM.pow(2, pitch * Double(AudioMapping.pitchOctaves)) / sampleRate
        phase -= phase.rounded(.down)
        let gain =
            min(
                max(
                    Double(spec.level)
                        * parameterLanes[ParameterLaneSlot.audioVolume.rawValue].value(at: n), 0), 1
            )
            * envelopeGain(spec.envelope, at: Double(n - spec.start))
            * Double(AudioMapping.tonePeak)
        let (left, right) = panGains(
            Double(spec.pan) + parameterLanes[ParameterLaneSlot.audioPan.rawValue].value(at: n))
        return (wave * gain * left, wave * gain * right)
    }
}

/// An `AudioCustom` voice: the audio resource read at a rate of 2^pitch with 4-point cubic Hermite
/// interpolation (looping if asked), a one-pole low-pass at `60 Hz · 2^(10·brightness)`, volume ×
/// envelope, panned (stereo resources as a balance: unity at centre, constant power per side).
struct ReferenceCustomAudio {
    let spec: VoiceSpec
    let resource: AudioResource
    var position = 0.0
    var lowLeft = 0.0, lowRight = 0.0

    var isExhausted: Bool { !spec.loops && position >= Double(resource.frames) }

    func frame(_ index: Int, channel: Int) -> Double {
        var i = index
        if spec.loops {
            i %= resource.frames
            if i < 0 { i += resource.frames }
        } else if i < 0 || i >= resource.frames {
            return 0
        }
        return Double(resource.samples[i * resource.channels + channel])
    }

    func hermite(_ base: Int, _ t: Double, channel: Int) -> Double {
        let y0 = frame(base - 1, channel: channel)
        let y1 = frame(base, channel: channel)
        let y2 = frame(base + 1, channel: channel)
        let y3 = frame(base + 2, channel: channel)
        let c1 = 0.5 * (y2 - y0)
        let c2 = y0 - 2.5 * y1 + 2 * y2 - 0.5 * y3
        let c3 = 0.5 * (y3 - y0) + 1.5 * (y1 - y2)
        return ((c3 * t + c2) * t + c1) * t + y1
    }

    mutating func next(at n: Int64, parameterLanes: [ReferenceParameterLane], sampleRate: Double)
        -> (
            left: Double, right: Double
        )
    {
        guard !isExhausted else { return (0, 0) }
        let base = Int(position)
        let t = position - Double(base)
        let l = hermite(base, t, channel: 0)
        let r = resource.channels == 2 ? hermite(base, t, channel: 1) : l
        let pitch = min(
            max(
                Double(spec.pitch)
                    + parameterLanes[ParameterLaneSlot.audioPitch.rawValue].value(at: n), -1), 1)
        position += LibM.pow(2, pitch * Double(AudioMapping.pitchOctaves))
        if spec.loops, position >= Double(resource.frames) { position -= Double(resource.frames) }
        let brightness = min(
            max(
                Double(spec.timbre)
                    + parameterLanes[ParameterLaneSlot.audioBrightness.rawValue].value(at: n), 0), 1
        )
        let cutoff = 60 * LibM.pow(2, 10 * brightness)
        let alpha = 1 - LibM.exp(-2 * Double.pi * cutoff / sampleRate)
        lowLeft = l * alpha + lowLeft * (1 - alpha)
        lowRight = r * alpha + lowRight * (1 - alpha)
        let gain =
            min(
                max(
                    Double(spec.level)
                        * parameterLanes[ParameterLaneSlot.audioVolume.rawValue].value(at: n), 0), 1
            )
            * envelopeGain(spec.envelope, at: Double(n - spec.start))
        var (left, right) = panGains(
            Double(spec.pan) + parameterLanes[ParameterLaneSlot.audioPan.rawValue].value(at: n))
        if resource.channels == 2 {
            left = min(left * 2.0.squareRoot(), 1)
            right = min(right * 2.0.squareRoot(), 1)
        }
        return (lowLeft * gain * left, lowRight * gain * right)
    }
}

/// ``Envelope/gain(at:)`` in Double: linear rise over the attack, then (sustained) hold and a
/// linear release from `releaseStart`, or (not sustained) a linear decay; never below 0.
func envelopeGain(_ e: Envelope, at offset: Double) -> Double {
    let rise = min(offset / Double(e.attack), 1)
    let fall =
        e.sustained
        ? 1 - max(offset - Double(e.releaseStart), 0) / Double(e.release)
        : 1 - max(offset - Double(e.attack), 0) / Double(e.decay)
    return max(min(rise, fall), 0)
}

/// Constant-power pan gains for `pan` (clamped to −1…1): `cos θ`, `sin θ`, θ = (pan + 1)·π/4.
func panGains(_ pan: Double) -> (left: Double, right: Double) {
    let theta = (min(max(pan, -1), 1) + 1) * Double.pi / 4
    return (LibM.cos(theta), LibM.sin(theta))
}
