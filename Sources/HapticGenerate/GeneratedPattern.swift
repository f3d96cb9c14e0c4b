import AudioAnalysis
import HapticPattern

/// A generated pattern and what the generator decided on the way.
public struct GeneratedPattern: Sendable {
    public var pattern: HapticPattern
    /// The preset asked for (possibly `auto`) and the one used.
    public var requestedPreset: GenerationPreset
    public var preset: GenerationPreset
    /// Why `auto` picked ``preset`` ("a short clip, 1.2 s", "dialogue in 42 % of it").
    public var presetReason: String
    /// The knobs used (the preset's, with any overrides).
    public var settings: GenerationSettings
    /// The global beat grid, when the file has one.
    public var beats: BeatGrid?
    /// Fraction of frames marked as dialogue.
    public var dialogueFraction: Double
    /// The input's integrated loudness, LUFS.
    public var integratedLoudness: Double
    public var durationSeconds: Double
    /// What the user should know about the result (printed as notes by the CLI).
    public var notes: [String] = []
    /// What is wrong with the input but did not stop the generation (printed as warnings).
    public var warnings: [String] = []

    public var transientCount: Int {
        pattern.events.lazy.filter { $0.type == .hapticTransient }.count
    }
    public var continuousCount: Int {
        pattern.events.lazy.filter { $0.type == .hapticContinuous }.count
    }

    /// One line for a log: counts, preset, loudness, tempo.
    public var summary: String {
        let presetText =
            requestedPreset == .auto
            ? "auto → \(preset.rawValue) (\(presetReason))" : preset.rawValue
        var s =
            "preset \(presetText); \(counted(transientCount, "transient")), "
            + "\(counted(continuousCount, "continuous event")), "
            + "\(counted(pattern.curves.count, "curve")); \(fixedText(integratedLoudness, decimals: 1)) LUFS"
        if let beats {
            s +=
                ", \(fixedText(beats.bpm, decimals: 0)) BPM (beat strength \(fixedText(beats.strength, decimals: 2)))"
        }
        return s
    }
}

/// `1 curve`, `2 curves`.
private func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
