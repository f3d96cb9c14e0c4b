import HapticPattern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension AndroidDevice {
    /// What this device plays for `tier` of `effect`, as players for ``PlaybackRender``
    /// (docs/formats.md, "The Android model"): waveform steps at the resonance, amplitude
    /// linear in drive; envelopes along straight lines of Android's intensity and sharpness;
    /// click-like primitives as transients at their scale × strength; the shaped primitives
    /// as continuous events of their Pixel length. Each `vibrate` call is its own effect, so
    /// primitives play on their own players (no curve scales them).
    public func playback(_ effect: AndroidEffect, tier: AndroidTier) -> [HapticPattern] {
        var outline = PatternOutline(duration: Double(effect.durationMs) / 1000)
        var shaped: [HapticEvent] = []
        func add(_ segment: AndroidSegment) {
            let start = Double(segment.startMs) / 1000
            switch segment.content {
            case .waveform(let w):
                var t = start
                outline.intensity.append(OutlinePoint(time: t, value: 0))
                outline.sharpness.append(OutlinePoint(time: t, value: resonanceSharpness))
                for (ms, amplitude) in zip(w.timings, w.amplitudes) {
                    let i = (Double(amplitude) / 255).squareRoot()
                    outline.intensity += [
                        OutlinePoint(time: t, value: i),
                        OutlinePoint(time: t + Double(ms) / 1000, value: i),
                    ]
                    t += Double(ms) / 1000
                }
                outline.intensity.append(OutlinePoint(time: t, value: 0))
                outline.sharpness.append(OutlinePoint(time: t, value: resonanceSharpness))
            case .envelope(let e):
                addEnvelope(e, at: start, to: &outline)
            case .primitives(let steps):
                for step in steps {
                    let t = start + Double(step.atMs) / 1000
                    if step.primitive.isPulse {
                        outline.transients.append(
                            OutlineTransient(
                                time: t,
                                intensity: (step.scale * step.primitive.relativeStrength)
                                    .squareRoot(),
                                sharpness: AndroidExport(device: self).sharpness(of: step.primitive)
                            ))
                    } else {
                        shaped.append(shapedEvent(step.primitive, scale: step.scale, at: t))
                    }
                }
            }
        }
        switch tier {
        case .waveform: add(AndroidSegment(startMs: 0, .waveform(effect.waveform)))
        case .composition: effect.composition.segments.forEach(add)
        case .envelope: effect.envelope.segments.forEach(add)
        }
        let layers = outline.playerLayers()
        return [layers.continuous, layers.transients, HapticPattern(events: shaped)]
    }

    /// The envelope's straight lines (in Android's intensity and sharpness) from 0 at
    /// `start`, sampled every 2 ms in the square law.
    private func addEnvelope(
        _ e: AndroidEnvelope, at start: Double, to outline: inout PatternOutline
    ) {
        var t = start
        var x = 0.0
        var s = e.initialSharpness
        outline.intensity.append(OutlinePoint(time: t, value: 0))
        outline.sharpness.append(OutlinePoint(time: t, value: s.squareRoot()))
        for point in e.controlPoints {
            let steps = max(point.durationMs / 2, 1)
            for k in 1...steps {
                let f = Double(k) / Double(steps)
                let p = squareLawPoint(
                    envelopeIntensity: x + (point.intensity - x) * f,
                    envelopeSharpness: s + (point.sharpness - s) * f)
                let time = t + Double(point.durationMs) / 1000 * f
                outline.intensity.append(OutlinePoint(time: time, value: p.intensity))
                outline.sharpness.append(OutlinePoint(time: time, value: p.sharpness))
            }
            t += Double(point.durationMs) / 1000
            (x, s) = (point.intensity, point.sharpness)
        }
        outline.intensity.append(OutlinePoint(time: t, value: 0))
    }

    /// A shaped primitive as one continuous event of its Pixel length: rises fade in over
    /// their length, `QUICK_FALL` and `THUD` fade out from a 20 ms attack, `SPIN` rises and
    /// falls (envelope times from ``EnvelopeTime``'s law).
    private func shapedEvent(_ p: AndroidPrimitive, scale: Double, at time: Double) -> HapticEvent {
        let length = Double(p.pixelDurationMs) / 1000
        func law(_ seconds: Double) -> Double { EnvelopeTime.value(seconds: seconds) }
        var parameters = EventParameters()
        parameters.hapticIntensity = (scale * p.relativeStrength).squareRoot()
        parameters.hapticSharpness = AndroidExport(device: self).sharpness(of: p)
        switch p {
        case .quickRise, .slowRise:
            parameters.attackTime = law(length)
        case .quickFall, .thud:
            parameters.sustained = 0
            parameters.decayTime = law(length - EnvelopeTime.minimumSeconds)
        default:
            parameters.sustained = 0
            parameters.attackTime = law(length / 2)
            parameters.decayTime = law(length / 2)
        }
        return HapticEvent(
            type: .hapticContinuous, time: time, duration: length, parameters: parameters)
    }
}
