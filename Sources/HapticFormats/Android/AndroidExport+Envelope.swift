extension AndroidExport {
    /// The continuous signal from `a` to `b` ms as one `BasicEnvelopeBuilder` envelope: a
    /// 20 ms ramp up from the builder's 0, control points every 1 ms simplified to at most 15
    /// within the point lengths' 20…1000 ms, a 20 ms ramp down to the required final 0. A part
    /// shorter than the two ramps becomes the two ramps through its peak when it may sound
    /// until `freeUntilMs` (the shortest envelope there is), else it is dropped; both noted.
    /// At most ``envelopeMaxPartMs`` long.
    func envelope(
        _ outline: PatternOutline, fromMs a: Int, toMs b: Int, freeUntilMs: Int = .max,
        notes: inout [ConversionNote]
    ) -> AndroidEnvelope? {
        let ramp = Self.envelopeMinPointMs
        guard b - a >= 2 * ramp else {
            return shortEnvelope(
                outline, fromMs: a, toMs: b, freeUntilMs: freeUntilMs, notes: &notes)
        }
        if outline.intensity(at: Double(a) / 1000) > 0
            || outline.intensity(at: Double(b) / 1000 - 0.0005) > 0
        {
            notes.record(
                .belowPlatformMinimum, at: Double(a) / 1000,
                "An envelope starts from and ends at intensity 0 with ramps of at least \(ramp) ms (the shortest control point every device plays); a jump becomes a ramp."
            )
        }
        let maxInner = Self.envelopeMaxPoints - 1
        let lastInner = b - ramp
        precondition(b - a <= Self.envelopeMaxPartMs, "the caller cuts longer parts")
        // The envelope law's intensity and sharpness every millisecond; the strongest drive
        // left off below the perception threshold, in dB SL.
        var leftOff = -Double.infinity
        let samples: [(ms: Int, x: Double, s: Double)] = (a + ramp...lastInner).map { m in
            let t = Double(m) / 1000
            let i = outline.intensity(at: t)
            let s = outline.sharpness(at: t)
            let x = device.envelopeIntensity(intensity: i, sharpness: s)
            if i > 0, x == 0 {
                leftOff = max(leftOff, device.sensationLevel(intensity: i, sharpness: s))
            }
            // Four decimals, but a positive intensity stays positive (0 is off).
            return (
                m, x > 0 ? max(Self.fourDecimals(x), AndroidDevice.leastEnvelopeIntensity) : 0,
                Self.fourDecimals(s * s)
            )
        }
        if leftOff > -.infinity {
            notes.recordBelowThreshold(at: Double(a) / 1000, leftOff: min(leftOff, 0))
        }
        var kept = fit(samples, within: maxInner)
        if kept.count < samples.count, maxError(samples, kept) > 0.02 {
            notes.record(
                .envelopeSimplified, at: Double(a) / 1000,
                "A continuous part is simplified to at most \(Self.envelopeMaxPoints) envelope control points."
            )
        }
        if kept.isEmpty { kept = [samples[0]] }
        var points: [AndroidControlPoint] = []
        var previous = a
        for k in kept {
            points.append(
                AndroidControlPoint(intensity: k.x, sharpness: k.s, durationMs: k.ms - previous))
            previous = k.ms
        }
        points.append(
            AndroidControlPoint(
                intensity: 0, sharpness: kept[kept.count - 1].s, durationMs: b - previous))
        return AndroidEnvelope(initialSharpness: kept[0].s, controlPoints: points)
    }

    /// A part shorter than two control points as the shortest envelope: 20 ms up to its
    /// strongest millisecond, 20 ms down, when it fits before `freeUntilMs`; else nil. Noted.
    private func shortEnvelope(
        _ outline: PatternOutline, fromMs a: Int, toMs b: Int, freeUntilMs: Int,
        notes: inout [ConversionNote]
    ) -> AndroidEnvelope? {
        let ramp = Self.envelopeMinPointMs
        let at = Double(a) / 1000
        guard freeUntilMs - a >= 2 * ramp else {
            notes.record(
                .belowPlatformMinimum, at: at,
                "A continuous part shorter than \(2 * ramp) ms beside a primitive, or without room after it, is dropped: an envelope ramps up from 0 and back down over at least \(ramp) ms each."
            )
            return nil
        }
        let peak = (a..<max(b, a + 1)).map { m -> (x: Double, s: Double) in
            let t = Double(m) / 1000
            let s = outline.sharpness(at: t)
            return (device.envelopeIntensity(intensity: outline.intensity(at: t), sharpness: s), s)
        }.max { $0.x < $1.x }!
        if peak.x == 0 {
            let level =
                (a..<max(b, a + 1)).map { m -> Double in
                    let t = Double(m) / 1000
                    return device.sensationLevel(
                        intensity: outline.intensity(at: t), sharpness: outline.sharpness(at: t))
                }.max() ?? -.infinity
            if level < 0 { notes.recordBelowThreshold(at: at, leftOff: level) }
        }
        guard peak.x > 0 else { return nil }
        notes.record(
            .belowPlatformMinimum, at: at,
            "A continuous part shorter than \(2 * ramp) ms plays as a \(2 * ramp) ms envelope (up to its peak and back down over \(ramp) ms each, the shortest control points)."
        )
        let sharpness = Self.fourDecimals(peak.s * peak.s)
        return AndroidEnvelope(
            initialSharpness: sharpness,
            controlPoints: [
                AndroidControlPoint(
                    intensity: max(Self.fourDecimals(peak.x), 0.0001), sharpness: sharpness,
                    durationMs: ramp),
                AndroidControlPoint(intensity: 0, sharpness: sharpness, durationMs: ramp),
            ])
    }

    /// The fewest samples (first and last kept) whose lines stay close to the intensities, at
    /// most `maxPoints`, each the shortest control point (20 ms) or more after the one before
    /// and at most the longest (1000 ms). The caller keeps the samples within
    /// `maxPoints` × 1000 ms, so a coarse enough simplification always fits.
    private func fit(_ samples: [(ms: Int, x: Double, s: Double)], within maxPoints: Int) -> [(
        ms: Int, x: Double, s: Double
    )] {
        let first = samples[0].ms
        var simplifier = PolylineSimplifier(samples, x: { Double($0.ms) }, y: { $0.x })
        let close = simplifier.kept(tolerance: 0.005)
        var limit = maxPoints
        while true {
            let kept = (close.count > limit ? simplifier.kept(maxPoints: limit) : close).map {
                samples[$0]
            }
            // No two points closer than the shortest control point: drop the later one (the
            // one before the last, when the last is too close).
            var spaced: [(ms: Int, x: Double, s: Double)] = []
            for (i, k) in kept.enumerated() {
                if let last = spaced.last, k.ms - last.ms < Self.envelopeMinPointMs {
                    guard i == kept.count - 1, spaced.count > 1 else { continue }
                    spaced.removeLast()
                }
                spaced.append(k)
            }
            // No gap longer than the longest control point: evenly spaced samples between.
            var filled: [(ms: Int, x: Double, s: Double)] = []
            for k in spaced {
                if let last = filled.last, k.ms - last.ms > Self.envelopeMaxPointMs {
                    let parts =
                        (k.ms - last.ms + Self.envelopeMaxPointMs - 1) / Self.envelopeMaxPointMs
                    for j in 1..<parts {
                        filled.append(samples[last.ms + (k.ms - last.ms) * j / parts - first])
                    }
                }
                filled.append(k)
            }
            if filled.count <= maxPoints || limit <= 2 { return filled }
            limit = max(limit - (filled.count - maxPoints), 2)
        }
    }

    /// The largest intensity error of `kept`'s lines over `samples`.
    private func maxError(
        _ samples: [(ms: Int, x: Double, s: Double)], _ kept: [(ms: Int, x: Double, s: Double)]
    ) -> Double {
        let line = kept.map { OutlinePoint(time: Double($0.ms), value: $0.x) }
        return samples.map { abs($0.x - OutlinePoint.interpolate(line, at: Double($0.ms))) }.max()
            ?? 0
    }
}

extension [ConversionNote] {
    /// One more continuous part that drives the actuator below the perception threshold: the
    /// note's figure and message keep the strongest such drive an envelope left off
    /// (`leftOff`, dB SL, < 0; nil for a part played as a waveform, as weak as asked).
    mutating func recordBelowThreshold(at time: Double, leftOff: Double?) {
        func message(_ dB: Double?) -> String {
            let figure =
                dB.map { " (the strongest left off: " + LossReport.fixed($0, 1) + " dB SL)" } ?? ""
            return
                "Where the continuous signal drives the actuator below the perception threshold at its frequency, an envelope cannot play it: Android plays every positive intensity at least at the threshold. A part never felt plays as a waveform at the resonance, as weak as asked; a moment below the threshold inside a felt part is off (intensity 0)\(figure)."
        }
        guard let i = firstIndex(where: { $0.kind == .belowPerceptionThreshold }) else {
            var note = ConversionNote(.belowPerceptionThreshold, at: time, message(leftOff))
            note.levelDB = leftOff
            append(note)
            return
        }
        self[i].count += 1
        if let level = leftOff, level > (self[i].levelDB ?? -.infinity) {
            self[i].levelDB = level
            self[i].message = message(level)
        }
    }
}
