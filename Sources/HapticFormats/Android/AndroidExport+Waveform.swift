import HapticPattern

extension AndroidExport {
    /// The continuous signal from `a` to `b` ms as `createWaveform` steps (timings from `a`),
    /// with `bursts` raising it; trailing silence dropped. `continuousSilent` is
    /// `outline.isContinuousSilent` (no sharpness to drop). Each millisecond's drive is the
    /// acceleration the square law asks at its sharpness, at the resonance
    /// (``AndroidDevice/resonanceDrive(intensity:sharpness:)``). O((b − a) · log points + bursts).
    func waveform(
        _ outline: PatternOutline, fromMs a: Int, toMs b: Int, bursts: [OutlineTransient],
        continuousSilent: Bool, notes: inout [ConversionNote]
    ) -> AndroidWaveform {
        guard b > a else { return AndroidWaveform() }
        // Drive (amplitude / 255) of every millisecond, at its middle: the acceleration the
        // square law asks at the signal's sharpness, given at the resonance.
        var drive = (a..<b).map { m -> Double in
            let t = (Double(m) + 0.5) / 1000
            return device.resonanceDrive(
                intensity: outline.intensity(at: t), sharpness: outline.sharpness(at: t))
        }
        var edges: Set<Int> = [a, b]
        let points = outline.intensity
        var k = points.partitioningIndex { $0.time * 1000 > Double(a) }
        while k < points.count, points[k].time * 1000 < Double(b) {
            edges.insert(Self.ms(points[k].time))
            k += 1
        }
        for t in bursts {
            let start = Self.ms(t.time)
            let stop = start + Self.burstMs
            let lo = max(start, a)
            let hi = min(stop, b)
            if lo < hi {
                for m in lo..<hi { drive[m - a] = max(drive[m - a], t.intensity * t.intensity) }
            }
            edges.insert(min(max(start, a), b))
            edges.insert(min(max(stop, a), b))
        }
        // Steps: between edges, at most waveformStepMs each.
        var timings: [Int] = []
        var amplitudes: [Int] = []
        var ramps = false
        let sorted = edges.sorted()
        for (u, v) in zip(sorted, sorted.dropFirst()) {
            var s = u
            while s < v {
                let e = min(s + Self.waveformStepMs, v)
                let slice = drive[(s - a)..<(e - a)]
                let mean = slice.reduce(0, +) / Double(slice.count)
                if let lo = slice.min(), let hi = slice.max(), hi - lo > 1.0 / 255 { ramps = true }
                let amplitude = min(max(Int((255 * mean).rounded()), 0), 255)
                if amplitudes.last == amplitude {
                    timings[timings.count - 1] += e - s
                } else {
                    timings.append(e - s)
                    amplitudes.append(amplitude)
                }
                s = e
            }
        }
        while amplitudes.last == 0 {
            amplitudes.removeLast()
            timings.removeLast()
        }
        if ramps {
            notes.record(
                .rampsAsSteps, at: Double(a) / 1000,
                "Ramps play as steps of at most \(Self.waveformStepMs) ms (a waveform holds each amplitude)."
            )
        }
        if amplitudes.contains(where: { $0 > 0 }), !continuousSilent {
            notes.record(
                .sharpnessDropped, at: Double(a) / 1000,
                "A waveform plays at the actuator's own frequency: the continuous signal's sharpness is dropped (its drive is scaled to give the same acceleration there)."
            )
        }
        return AndroidWaveform(timings: timings, amplitudes: amplitudes)
    }
}
