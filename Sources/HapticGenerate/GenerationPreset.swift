import AudioAnalysis

/// What kind of material a soundtrack is; each preset tunes the generator for it, since one
/// setting fits no material (every earlier generator found so). `auto` picks one from the
/// analysis (see ``GenerationPreset/choose(_:beats:dialogueFraction:onsetRate:)``).
public enum GenerationPreset: String, CaseIterable, Sendable, Hashable {
    case auto, music, film, sfx, texture

    /// The settings of a concrete preset (`auto` must be resolved first).
    public var settings: GenerationSettings {
        var s = GenerationSettings()
        switch self {
        case .music, .auto:
            s.beatBonus = 1.3
        case .film:
            s.onsetChannels = .rumble
            s.onset.levelGateDB = -8
            s.onset.marginDB = 6
            s.maxTransientsPerSecond = 6
            s.minTransientGap = 0.08
            s.continuousSource = .rumble
            s.continuousGainDB = 10
            s.continuousGateDB = -10
        case .sfx:
            s.onset.levelGateDB = -36
            s.maxTransientsPerSecond = 15
            s.minTransientGap = 0.04
        case .texture:
            s.onset.ratio = 2.5
            s.onset.marginDB = 8
            s.maxTransientsPerSecond = 4
            s.minTransientGap = 0.15
            s.continuousGainDB = 3
            s.continuousGateDB = -36
        }
        return s
    }

    /// The preset `auto` stands for: short clips are effects; dialogue, or a 5.1 mix without a
    /// clear beat, makes a film; a clear beat makes music; few onsets make a texture;
    /// anything else is treated as music.
    public static func choose(
        _ analysis: AnalysisResult, beats: BeatGrid?, dialogueFraction: Double, onsetRate: Double
    ) -> GenerationPreset {
        if analysis.durationSeconds < 8 { return .sfx }
        if dialogueFraction > 0.15 { return .film }
        if analysis.channelCount == 6 && (beats?.strength ?? 0) < 0.25 { return .film }
        if let beats, beats.strength > 0.25 { return .music }
        if onsetRate < 0.3 { return .texture }
        return .music
    }
}

/// The generator's knobs; ``GenerationPreset/settings`` gives each preset's values.
public struct GenerationSettings: Sendable, Hashable {
    /// Which harmonic energy drives the continuous haptics.
    public enum ContinuousSource: Sendable, Hashable {
        /// All groups, bass-weighted (sub 1, mid 0.5, high 0.25): music, effects, textures.
        case bassWeighted
        /// Only below 70 Hz: film, where the voice range must stay out of the hands.
        case rumble
    }

    public var onset = OnsetDetector.Settings()
    /// At most this many transients in any one-second window (Core Haptics' budget is 15).
    public var maxTransientsPerSecond = 12
    /// Transients at least this far apart, seconds (≥ 0.04).
    public var minTransientGap = 0.05
    /// Salience factor for onsets within 50 ms of the beat grid (1 = no beat weighting).
    public var beatBonus = 1.0
    /// Where onsets are looked for: the three band groups, or (film) only the rumble range
    /// below 70 Hz, where impacts and the LFE live and dialogue does not.
    public var onsetChannels = OnsetDetector.Channels.bandGroups
    public var continuousSource = ContinuousSource.bassWeighted
    /// Level added before the intensity mapping, dB.
    public var continuousGainDB = 0.0
    /// Continuous haptics only where the (gained) level is above this, dB re programme loudness.
    public var continuousGateDB = -30.0

    public init() {}
}
