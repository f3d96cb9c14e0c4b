/// How `.hjif` numbers map to the pattern model, both ways: the inverse of the MPEG reference
/// software's AHAP encoder, so that its `.hjif` of an AHAP file reads back as that file, and
/// what this package writes is what the reference software would have written
/// (docs/formats.md, "The `.hjif` format").
public enum HJIFMapping {
    /// Sharpness 0 and 1, in Hz: sharpness is linear in frequency over 65…300 Hz.
    public static let lowestFrequency = 65.0
    public static let highestFrequency = 300.0
    /// The frequency of a keyframe that gives none (the reference encoder's default).
    public static let defaultFrequency = 90.0
    /// The amplitude of intensity 1: 0.792 for a transient, 0.6138 for a continuous signal
    /// (the reference encoder's scales: its synthesized transients and sines then peak alike).
    public static let transientFullScale = 0.792
    public static let continuousFullScale = 0.6138

    /// The sharpness of `hertz`, clamped to 0…1.
    public static func sharpness(hertz: Double) -> Double {
        min(max((hertz - lowestFrequency) / (highestFrequency - lowestFrequency), 0), 1)
    }

    /// The frequency of `sharpness` (0…1), in whole Hz (the key tree's frequencies are
    /// integers).
    public static func hertz(sharpness: Double) -> Int {
        Int(
            (lowestFrequency + min(max(sharpness, 0), 1) * (highestFrequency - lowestFrequency))
                .rounded())
    }
}
