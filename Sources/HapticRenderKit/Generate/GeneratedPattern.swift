import AudioAnalysis
import HapticPattern

/// A generated pattern and what the generator decided on the way.
public struct GeneratedPattern: Sendable {
    public var pattern: HapticPattern
    /// The preset asked for (possibly `auto`) and the one used.
    public var requestedPreset: GenerationPreset
    public var preset: GenerationPreset
    /// The global beat grid, when the file has one.
    public var beats: BeatGrid?
    /// Fraction of frames marked as dialogue.
    public var dialogueFraction: Double
    /// The input's integrated loudness, LUFS.
    public var integratedLoudness: Double
    public var durationSeconds: Double
    /// What the user should know about the result (printed as notes by the CLI).
    public var notes: [String] = []

    public var transientCount: Int { pattern.events.lazy.filter { $0.type == .hapticTransient }.count }
    public var continuousCount: Int { pattern.events.lazy.filter { $0.type == .hapticContinuous }.count }

    /// One line for a log: counts, preset, loudness, tempo.
    public var summary: String {
        let presetText = requestedPreset == .auto ? "auto → \(preset.rawValue)" : preset.rawValue
        var s = "preset \(presetText); \(transientCount) transients, \(continuousCount) continuous events, "
            + "\(pattern.curves.count) curves; \(formatted(integratedLoudness, 1)) LUFS"
        if let beats { s += ", \(formatted(beats.bpm, 0)) BPM (beat strength \(formatted(beats.strength, 2)))" }
        if dialogueFraction > 0 { s += ", dialogue \(formatted(dialogueFraction * 100, 0)) %" }
        return s
    }
}

/// Fixed-point text without Foundation's locale-dependent formatting.
func formatted(_ x: Double, _ decimals: Int) -> String {
    guard x.isFinite else { return x > 0 ? "inf" : x < 0 ? "-inf" : "nan" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let r = (abs(x) * scale).rounded()
    let whole = Int(r / scale), frac = Int(r.truncatingRemainder(dividingBy: scale))
    let sign = x < 0 && r > 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(whole) }
    let f = String(frac)
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - f.count) + f
}
