import AudioAnalysis
import HapticPattern

#if canImport(Glibc)
    import HapticRenderKit
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns an ``AnalysisResult`` into a ``HapticPattern`` that Core Haptics accepts by
/// construction: transients from band onsets (beat-weighted, thinned to the budget),
/// continuous events from the harmonic loudness with intensity and sharpness curves
/// (≤ 16 points each, relative times), every continuous event ≤ 30 s.
///
/// Deterministic: the same analysis and preset give the same pattern. O(frames + onsets).
public enum HapticPatternGenerator {
    public static func makePattern(
        from analysis: AnalysisResult, preset requested: GenerationPreset,
        sourceName: String
    ) -> GeneratedPattern {
        let beats = TempoEstimator.estimate(analysis)
        let dialogue = DialogueDetector.detect(analysis)
        let dialogueFraction = DialogueDetector.fraction(dialogue)
        var preset = requested
        if requested == .auto {
            let probe = OnsetDetector.detect(
                analysis, settings: GenerationPreset.music.settings.onset)
            let rate =
                analysis.durationSeconds > 0 ? Double(probe.count) / analysis.durationSeconds : 0
            preset = GenerationPreset.choose(
                analysis, beats: beats, dialogueFraction: dialogueFraction, onsetRate: rate)
        }
        let settings = preset.settings

        let intensity = continuousIntensity(analysis, settings: settings)
        let sharpness = continuousSharpness(analysis, scale: preset == .film ? 0.7 : 1)
        var events: [HapticEvent] = []
        var curves: [ParameterCurve] = []
        let segments = ContinuousSegmenter.segments(intensity, hopSeconds: analysis.hopSeconds)
        for (k, segment) in segments.enumerated() {
            let start = Quantize.seconds(analysis.time(ofFrame: segment.lowerBound))
            let end = Quantize.seconds(analysis.time(ofFrame: segment.upperBound))
            var parameters = EventParameters()
            parameters.hapticIntensity = 1
            parameters.hapticSharpness = 0
            events.append(
                HapticEvent(
                    type: .hapticContinuous, time: start, duration: Quantize.seconds(end - start),
                    parameters: parameters))
            curves += segmentCurves(
                .hapticIntensityControl, values: intensity, segment, analysis, tolerance: 0.03)
            curves += segmentCurves(
                .hapticSharpnessControl, values: sharpness, segment, analysis, tolerance: 0.05)
            let nextStart = k + 1 < segments.count ? segments[k + 1].lowerBound : Int.max
            if nextStart > segment.upperBound {
                // The control holds its last value: put it back to 1 so later transients are not scaled.
                curves.append(
                    ParameterCurve(
                        id: .hapticIntensityControl, time: Quantize.seconds(end + 0.01),
                        points: [.init(time: 0, value: 1)]))
            }
        }

        let control = ControlCurveTrack(curves.filter { $0.id == .hapticIntensityControl })
        for onset in transientOnsets(analysis, settings: settings, beats: beats) {
            let time = Quantize.seconds(onset.time)
            let wanted = LevelMapping.transientIntensity(db: onset.levelDB)
            let scale = control.value(at: time)
            var parameters = EventParameters()
            // The intensity control multiplies transients too: divide it out where it is active.
            parameters.hapticIntensity = Quantize.value(scale > 0 ? min(1, wanted / scale) : 1)
            parameters.hapticSharpness = Quantize.value(
                LevelMapping.transientSharpness(brightness: onset.brightness))
            events.append(HapticEvent(type: .hapticTransient, time: time, parameters: parameters))
        }

        var pattern = HapticPattern(
            version: 1.0,
            metadata: metadata(sourceName: sourceName, requested: requested, preset: preset),
            events: events, curves: curves)
        pattern.canonicalize()
        return GeneratedPattern(
            pattern: pattern, requestedPreset: requested, preset: preset, beats: beats,
            dialogueFraction: dialogueFraction, integratedLoudness: analysis.integratedLoudness,
            durationSeconds: analysis.durationSeconds)
    }

    /// Onsets kept for transients, in time order.
    static func transientOnsets(
        _ analysis: AnalysisResult, settings: GenerationSettings, beats: BeatGrid?
    ) -> [Onset] {
        var onsets = OnsetDetector.detect(
            analysis, settings: settings.onset, channels: settings.onsetChannels)
        if let beats, beats.strength > 0.2, settings.beatBonus != 1 {
            for i in onsets.indices where beats.distanceToBeat(onsets[i].time) < 0.05 {
                onsets[i].salience *= settings.beatBonus
            }
        }
        let candidates = onsets.enumerated().map {
            TransientBudget.Candidate(
                milliseconds: Int(($0.element.time * 1_000).rounded()),
                salience: $0.element.salience, index: $0.offset)
        }
        let kept = TransientBudget.select(
            candidates,
            minGapMilliseconds: Int((max(0.04, settings.minTransientGap) * 1_000).rounded()),
            maxPerSecond: min(15, settings.maxTransientsPerSecond))
        return kept.map { onsets[$0] }
    }

    /// Per-frame continuous intensity (0 = off): the harmonic level, gated, mapped and
    /// smoothed (20 ms attack, 150 ms release).
    static func continuousIntensity(_ analysis: AnalysisResult, settings: GenerationSettings)
        -> [Double]
    {
        let f = analysis.features
        let sub = BandLayout.Group.sub.rawValue
        let mid = BandLayout.Group.mid.rawValue
        let high = BandLayout.Group.high.rawValue
        let attack = 1 - exp(-analysis.hopSeconds / 0.02)
        let release = 1 - exp(-analysis.hopSeconds / 0.15)
        var result = [Double](repeating: 0, count: f.count)
        var state = 0.0
        for t in 0..<f.count {
            let power: Float =
                switch settings.continuousSource {
                case .bassWeighted:
                    f.harmonic[sub][t] + 0.5 * f.harmonic[mid][t] + 0.25 * f.harmonic[high][t]
                case .rumble: f.rumble[t]
                }
            let db = analysis.relativeDB(power) + settings.continuousGainDB
            let target =
                db > settings.continuousGateDB ? LevelMapping.continuousIntensity(db: db) : 0
            state += (target > state ? attack : release) * (target - state)
            result[t] = state < 0.05 ? 0 : Quantize.value(state)
        }
        return result
    }

    /// Per-frame sharpness from the log-frequency centroid, smoothed over ~100 ms.
    static func continuousSharpness(_ analysis: AnalysisResult, scale: Double) -> [Double] {
        let smoothing = 1 - exp(-analysis.hopSeconds / 0.1)
        var state = -1.0
        return analysis.features.logCentroid.map { c in
            let s = LevelMapping.sharpness(logCentroid: Double(c)) * scale
            state = state < 0 ? s : state + smoothing * (s - state)
            return Quantize.value(state)
        }
    }

    /// The curves of one segment for one control: simplified, chunked, absolute start.
    static func segmentCurves(
        _ id: DynamicParameterID, values: [Double], _ segment: Range<Int>,
        _ analysis: AnalysisResult, tolerance: Double
    ) -> [ParameterCurve] {
        let slice = Array(values[segment])
        let points = CurveSimplifier.simplify(slice, tolerance: tolerance).map { i in
            ParameterCurve.ControlPoint(
                time: Quantize.seconds(analysis.time(ofFrame: segment.lowerBound + i)),
                value: min(1, max(0, slice[i])))
        }
        return CurveSimplifier.curves(id, points: points)
    }

    static func metadata(sourceName: String, requested: GenerationPreset, preset: GenerationPreset)
        -> [MetadataEntry]
    {
        [
            MetadataEntry(key: "Project", value: .string(sourceName)),
            MetadataEntry(
                key: "Created",
                value: .string("ahap-render \(HapticRenderKitVersion.current) generate")),
            MetadataEntry(
                key: "Description",
                value: .string(
                    "Haptics generated from \(sourceName), preset \(requested == .auto ? "auto → \(preset.rawValue)" : preset.rawValue)"
                )),
            MetadataEntry(key: "Source", value: .string(sourceName)),
            MetadataEntry(key: "Preset", value: .string(preset.rawValue)),
        ]
    }
}
