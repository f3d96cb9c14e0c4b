/// How AHAP intensity (0…1) becomes a drive level (docs/physics.md, Sharpness and intensity
/// mapping).
public enum IntensityMapping: String, Codable, Sendable, CaseIterable {
    /// Android: target acceleration `10^((I·SL_max + thr(f))/20)` g, i.e. linear in dB
    /// sensation level; drive = target ÷ (g/V at f), capped by the rail and the excursion
    /// limit. I = 0 gives 0 V (Android's rule: "vibrator off", not 0 dB SL).
    case sensationLevel
    /// Lofelt: drive = I² × the largest allowed drive at f (inverse of
    /// `intensity = sqrt(amplitude)`).
    case squareLaw
}
