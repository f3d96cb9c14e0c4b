import HapticPattern

/// AHAP documents generated from a ``PatternRecipe`` through the project's own canonical
/// encoder, for the decoder benchmarks.
public enum GeneratedAHAP {
    /// The UTF-8 AHAP text of `recipe`'s pattern, pretty-printed with `indent` spaces.
    /// O(pattern size).
    public static func bytes(_ recipe: PatternRecipe, indent: Int = 2) -> [UInt8] {
        AHAPEncoder(indent: indent).encode(PatternGenerator.make(recipe))
    }
}
