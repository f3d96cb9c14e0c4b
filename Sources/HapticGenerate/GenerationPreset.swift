import AudioAnalysis
import HapticPattern

/// Named settings of the generator's knobs for a kind of material, since one setting fits no
/// material (every earlier generator found so). `auto` picks one from the analysis and says
/// why (see ``choose(_:beats:dialogueFraction:)``).
public enum GenerationPreset: String, CaseIterable, Sendable, Hashable {
    case auto, music, film, sfx, texture

    /// The knobs of a concrete preset (`auto` stands for `sfx` until it is resolved).
    public var settings: GenerationSettings {
        var s = GenerationSettings()
        switch self {
        case .sfx, .auto:
            break
        case .music:
            s.transientSensitivity = 0.5
            s.density = 8
            s.bedRelease = 0.08
            s.sharpness = 0.5...0.9
            s.musicalOnsets = true
        case .film:
            s.transientSensitivity = 0.3
            s.density = 6
            s.bedRelease = 0.15
            s.sharpness = 0.3...0.7
            s.band = .rumble
        case .texture:
            s.transientSensitivity = 0.1
            s.density = 4
            s.bedRelease = 0.15
            s.sharpness = 0.5...0.9
        }
        return s
    }

    /// Shortest file `auto` looks at for dialogue or a beat: a shorter one is an effect.
    public static let shortestNonEffect = 5.0
    /// Fraction of dialogue frames from which a file is a film.
    public static let dialogueThreshold = 0.25
    /// Beat strength from which a file is music.
    public static let beatThreshold = 0.3

    /// The preset `auto` stands for, and why: a clip under 5 s is an effect; dialogue in at
    /// least a quarter of the file, or a 5.1 mix without a steady beat, makes a film (its
    /// haptics then come from the rumble only); a steady beat makes music; anything else
    /// (effects, montages, ambience) gets the effects preset, which follows the whole sound.
    public static func choose(
        _ analysis: AnalysisResult, beats: BeatGrid?, dialogueFraction: Double
    )
        -> (preset: GenerationPreset, reason: String)
    {
        let seconds = analysis.durationSeconds
        if seconds < shortestNonEffect {
            return (.sfx, "a short clip, \(fixedText(seconds, decimals: 1)) s")
        }
        if dialogueFraction >= dialogueThreshold {
            return (.film, "dialogue in \(fixedText(dialogueFraction * 100, decimals: 0)) % of it")
        }
        if analysis.channelCount == 6 && (beats?.strength ?? 0) < beatThreshold {
            return (.film, "a 5.1 mix without a steady beat")
        }
        if let beats, beats.strength >= beatThreshold {
            return (
                .music,
                "a steady beat at \(fixedText(beats.bpm, decimals: 0)) BPM (strength \(fixedText(beats.strength, decimals: 2)))"
            )
        }
        let beatText =
            beats.map { "beat strength \(fixedText($0.strength, decimals: 2))" } ?? "no beat"
        return (
            .sfx,
            "no dialogue (\(fixedText(dialogueFraction * 100, decimals: 0)) %) and no steady beat (\(beatText))"
        )
    }
}
