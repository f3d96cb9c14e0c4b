/// Writes an outline as an ``AndroidEffect`` for a device (docs/formats.md, "Android").
///
/// - **waveform**: the continuous intensity as amplitude steps (amplitude = 255 × intensity²,
///   the square law), ramps cut into steps of at most ``waveformStepMs``, each step the mean
///   drive over its milliseconds; a transient raises the steps under it to its own amplitude
///   for ``burstMs``.
/// - **composition**: each transient a primitive at its time (`CLICK`; a weak one `TICK` when
///   sharp, `LOW_TICK` when dull), primitives that would overlap played back to back; the
///   continuous parts around them as waveforms.
/// - **envelope**: the same primitives; the continuous parts as envelopes of at most 16
///   control points, each 20…1000 ms long, intensities by Android's envelope rule inverted
///   (``AndroidDevice/envelopeIntensity(intensity:sharpness:)``); a part shorter than two
///   points is stretched to 40 ms where no primitive cuts it and the next segment leaves room
///   (else dropped); a part that never reaches the perception threshold, which no envelope
///   plays as weak, as a waveform.
public struct AndroidExport: Sendable {
    public var device: AndroidDevice

    public init(device: AndroidDevice = .pixel) {
        self.device = device
    }

    /// The longest step a ramp becomes in a waveform.
    public static let waveformStepMs = 10
    /// How long a transient raises a waveform (the waveform tier).
    public static let burstMs = 20
    /// `BasicEnvelopeBuilder` control points every device with envelopes supports: at least 16
    /// points, each 20…1000 ms.
    public static let envelopeMaxPoints = 16
    public static let envelopeMinPointMs = 20
    public static let envelopeMaxPointMs = 1000
    /// The longest continuous part one envelope holds: a ramp up, 14 points of 1 s, a ramp down.
    static let envelopeMaxPartMs =
        2 * envelopeMinPointMs + (envelopeMaxPoints - 2) * envelopeMaxPointMs

    /// The effect, and per tier what it dropped or approximated.
    public func effect(_ outline: PatternOutline) -> (
        effect: AndroidEffect, notes: [AndroidTier: [ConversionNote]]
    ) {
        var notes: [AndroidTier: [ConversionNote]] = [
            .waveform: [], .composition: [], .envelope: [],
        ]
        let end = outline.transients.reduce(outline.duration) {
            max($0, $1.time + Double(Self.burstMs) / 1000)
        }
        let silent = outline.isContinuousSilent
        let waveformTier = waveform(
            outline, fromMs: 0, toMs: Self.ms(end), bursts: outline.transients,
            continuousSilent: silent, notes: &notes[.waveform, default: []])
        if !outline.transients.isEmpty {
            notes[.waveform, default: []].append(
                ConversionNote(
                    .transientAsBurst, count: outline.transients.count,
                    at: outline.transients[0].time,
                    "Transients play as \(Self.burstMs) ms bursts of the waveform: no overdrive, no brake, no sharpness."
                ))
        }
        let compositionTier = sequence(outline, notes: &notes[.composition, default: []]) {
            a, b, _, notes in
            let w = self.waveform(
                outline, fromMs: a, toMs: b, bursts: [], continuousSilent: silent, notes: &notes)
            return w.amplitudes.contains { $0 > 0 } ? AndroidSegment.Content.waveform(w) : nil
        }
        let envelopeTier = sequence(
            outline, maxPartMs: Self.envelopeMaxPartMs, notes: &notes[.envelope, default: []]
        ) { a, b, free, notes in
            // A part too weak to be felt anywhere is one an envelope cannot play as weak: a
            // waveform at the resonance can.
            if let level = self.peakSensationLevel(outline, fromMs: a, toMs: b), level < 0 {
                notes.recordBelowThreshold(at: Double(a) / 1000, leftOff: nil)
                let w = self.waveform(
                    outline, fromMs: a, toMs: b, bursts: [], continuousSilent: silent,
                    notes: &notes)
                return w.amplitudes.contains { $0 > 0 } ? AndroidSegment.Content.waveform(w) : nil
            }
            return self.envelope(outline, fromMs: a, toMs: b, freeUntilMs: free, notes: &notes).map
            {
                AndroidSegment.Content.envelope($0)
            }
        }
        let sounds = !silent || !outline.transients.isEmpty
        for (tier, empty) in [
            (AndroidTier.waveform, waveformTier.timings.isEmpty),
            (.composition, compositionTier.segments.isEmpty),
            (.envelope, envelopeTier.segments.isEmpty),
        ] where sounds && empty {
            notes[tier, default: []].append(
                ConversionNote(
                    .droppedTooShort, at: outline.intensity.first { $0.value > 0 }?.time,
                    "The pattern sounds for \(cFormatMs(outline.duration)) ms, less than the 1 ms step of Android's timings: this tier plays nothing."
                ))
        }
        let duration =
            [
                waveformTier.durationMs, compositionTier.endMs, envelopeTier.endMs,
                Self.ms(outline.duration),
            ].max() ?? 0
        let effect = AndroidEffect(
            waveform: waveformTier, composition: compositionTier, envelope: envelopeTier,
            durationMs: duration)
        return (effect, notes)
    }

    static func ms(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    /// The strongest sensation level the continuous signal drives from `a` to `b` ms (at
    /// each millisecond's middle), or nil when it is silent there. O((b − a) · log points).
    func peakSensationLevel(_ outline: PatternOutline, fromMs a: Int, toMs b: Int) -> Double? {
        var peak = -Double.infinity
        for m in a..<max(b, a + 1) {
            let t = (Double(m) + 0.5) / 1000
            let i = outline.intensity(at: t)
            guard i > 0 else { continue }
            peak = max(
                peak, device.sensationLevel(intensity: i, sharpness: outline.sharpness(at: t)))
        }
        return peak > -.infinity ? peak : nil
    }

    /// `seconds` in milliseconds to a tenth (`0.4`).
    private func cFormatMs(_ seconds: Double) -> String {
        let tenths = (seconds * 10_000).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    /// Scales, intensities and sharpness to 4 decimals: far finer than any device resolves.
    static func fourDecimals(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }
}

extension AndroidSequence {
    /// Where the last segment ends, with the Pixel's primitive lengths.
    var endMs: Int {
        segments.map { s in
            switch s.content {
            case .waveform(let w): return s.startMs + w.durationMs
            case .envelope(let e): return s.startMs + e.durationMs
            case .primitives(let steps):
                return s.startMs + (steps.last.map { $0.atMs + $0.primitive.pixelDurationMs } ?? 0)
            }
        }.max() ?? 0
    }
}
