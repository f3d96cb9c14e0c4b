#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Level → Core Haptics intensity, compressed like Core Haptics' intensity is perceived:
/// intensity follows the square root of amplitude (Meta Haptics Studio's `I = √amp`), i.e.
/// 10^(dB/40), so 12 dB quieter feels half as strong instead of a quarter.
enum LevelMapping {
    /// Continuous intensity for a level `db` re programme loudness: 0.7 at the programme's
    /// loudness, 1 at +6 dB.
    static func continuousIntensity(db: Double) -> Double {
        min(1, 0.7 * pow(10, db / 40))
    }

    /// Transient intensity for an onset's level: 0.5 at programme loudness, 1 at +12 dB,
    /// never below 0.2 (weaker taps are not felt).
    static func transientIntensity(db: Double) -> Double {
        min(1, max(0.2, 0.5 * pow(10, db / 40)))
    }

    /// Sharpness for a log2-frequency centroid: 80 Hz → 0, 4 kHz → 0.9.
    static func sharpness(logCentroid: Double) -> Double {
        let lo = log2(80.0)
        let hi = log2(4_000.0)
        return min(1, max(0, (logCentroid - lo) / (hi - lo))) * 0.9
    }

    /// Sharpness of a transient from its brightness (0 sub … 1 high).
    static func transientSharpness(brightness: Double) -> Double {
        min(1, max(0, 0.1 + 0.85 * brightness))
    }
}
