import HapticPattern

/// AHAP documents generated from a ``PatternRecipe`` through the project's own canonical
/// encoder, for the decoder benchmarks.
public enum GeneratedAHAP {
    /// The UTF-8 AHAP text of `recipe`'s pattern (4-space indent, as Xcode writes AHAP files:
    /// the 12-minute mixed recipe comes out at ≈ 2 MB). O(pattern size).
    public static func bytes(_ recipe: PatternRecipe) -> [UInt8] {
        AHAPEncoder(indent: 4).encode(PatternGenerator.make(recipe))
    }
}
