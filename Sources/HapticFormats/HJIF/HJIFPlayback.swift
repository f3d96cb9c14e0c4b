/// What an `.hjif` experience plays on one vibrotactile actuator, flattened: library
/// references and composites resolved, ticks turned into seconds, amplitudes into intensities
/// (``HJIFMapping``), each channel's gain and mixing coefficient applied. What
/// ``PatternOutline/init(playback:)`` merges into one outline.
struct HJIFPlayback {
    /// One point of a continuous piece: time (s), intensity (0…1), sharpness (0…1), and
    /// which of the two its keyframe gives (the other interpolated from its neighbours): a
    /// piece's intensity polyline has a point only where a keyframe gives an amplitude, its
    /// sharpness polyline only where one gives a frequency (and both at its ends).
    struct Point: Hashable {
        var time: Double
        var intensity: Double
        var sharpness: Double
        var givesIntensity = true
        var givesSharpness = true
    }

    /// Transients, in file order.
    var transients: [OutlineTransient] = []
    /// Each vectorial (or Curve) effect as played: its points in time order, ≥ 2, spanning
    /// a length > 0.
    var pieces: [[Point]] = []
}
