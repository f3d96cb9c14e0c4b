import AudioAnalysis
import HapticPattern
import HapticRenderKit

/// Turns an ``AnalysisResult`` into a ``HapticPattern`` a designer would keep, valid for Core
/// Haptics by construction:
///
/// 1. **Bed**: the loudness envelope of the whole sound (hits included) with an instant
///    attack and the knob's release, intensity √(amplitude ÷ reference), off below −40 dB,
///    sharpness from the spectrum's centroid (``SoundLevels``, ``SpectrumSharpness``).
/// 2. **Transients** at onsets whose level rises enough, timed on the 2.5 ms envelope,
///    thinned to the density (``TransientPicker``).
/// 3. **Assembly** with one intensity control that never scales a transient below its level
///    and never moves while an event sounds (``PatternAssembler``).
///
/// `auto` resolves to a preset from the analysis first (``GenerationPreset/choose(_:beats:dialogueFraction:)``);
/// the overrides then replace the preset's knobs. Deterministic: the same analysis and
/// settings give the same pattern. O(blocks + candidates + points · log points).
public enum HapticPatternGenerator {
    public static func makePattern(
        from analysis: AnalysisResult, preset requested: GenerationPreset,
        overrides: GenerationSettings.Overrides = .init(), sourceName: String
    ) -> GeneratedPattern {
        let beats = TempoEstimator.estimate(analysis)
        let dialogueFraction = DialogueDetector.fraction(DialogueDetector.detect(analysis))
        var preset = requested
        var reason = "asked for"
        if requested == .auto {
            (preset, reason) = GenerationPreset.choose(
                analysis, beats: beats, dialogueFraction: dialogueFraction)
        }
        // Knobs out of range (``GenerationSettings/Overrides/problem``) are not applied.
        let settings =
            overrides.problem == nil ? overrides.applied(to: preset.settings) : preset.settings
        let levels = SoundLevels(analysis, settings: settings)
        let sharpness = SpectrumSharpness.track(analysis, range: settings.sharpness)
        let hits = TransientPicker.pick(analysis, levels: levels, settings: settings) { t in
            sharpness.isEmpty
                ? settings.sharpness.lowerBound
                : sharpness[min(sharpness.count - 1, Int((t / analysis.hopSeconds).rounded()))]
        }
        let (events, curves) = PatternAssembler.assemble(
            bed: levels.bed, blockSeconds: levels.blockSeconds, sharpness: sharpness,
            hopSeconds: analysis.hopSeconds,
            hits: hits, settings: settings)
        var pattern = HapticPattern(
            version: 1.0,
            metadata: metadata(sourceName: sourceName, requested: requested, preset: preset),
            events: events, curves: curves)
        pattern.canonicalize()
        var generated = GeneratedPattern(
            pattern: pattern, requestedPreset: requested, preset: preset, presetReason: reason,
            settings: settings, beats: beats, dialogueFraction: dialogueFraction,
            integratedLoudness: analysis.integratedLoudness,
            durationSeconds: analysis.durationSeconds)
        if let problem = overrides.problem {
            generated.warnings.append("the overrides were not applied: \(problem)")
        }
        return generated
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
