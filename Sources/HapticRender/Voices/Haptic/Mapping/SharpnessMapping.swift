/// How AHAP sharpness (0…1) becomes a drive frequency (docs/physics.md, Sharpness and intensity
/// mapping).
///
/// All modes share one band `[f_lo, f_hi]`: where the profile's FOAM is ≥ 10 dB above the
/// perceptual threshold (``PerceptualThreshold``), clamped to the driver range
/// (`driveBandMinHz…driveBandMaxHz`). This is Android's band; choice: `log` and `lofelt` reuse
/// it (the reference gives their curves, not their bands).
public enum SharpnessMapping: String, Codable, Sendable, CaseIterable {
    /// Android (default): `f = f_lo + s·(f_hi − f_lo)`, linear in Hz.
    case android
    /// `f = f_lo·(f_hi/f_lo)^s`: equal ratios per step (pitch-like).
    case log
    /// `f = f_lo + s²·(f_hi − f_lo)`: inverse of Lofelt's `sharpness = sqrt(frequency)`.
    case lofelt

    /// Frequency for sharpness `s` (clamped to 0…1) in band `lo…hi`. Setup-time (libm).
    package func frequency(sharpness s: Double, lo: Double, hi: Double) -> Double {
        let s = min(max(s, 0), 1)
        switch self {
        case .android: return lo + s * (hi - lo)
        case .log: return lo * LibM.pow(hi / lo, s)
        case .lofelt: return lo + s * s * (hi - lo)
        }
    }

    /// The intensity law that goes with this mode by default.
    package var defaultIntensityMapping: IntensityMapping {
        self == .lofelt ? .squareLaw : .sensationLevel
    }
}
