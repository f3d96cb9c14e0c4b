/// Per-voice memo of the audio control mappings — pan law, pitch ratio, brightness filter
/// coefficient. Each is a pure function of its input, and the inputs change only where a parameter
/// lane ramps, so recomputing on change gives bit-identical samples at a fraction of the cost: the
/// mappings (two polynomial sines for the pan law, `2^x` for pitch, `2^x` and `e^x` for the filter)
/// were most of an audio voice's per-sample work. O(1), no allocation.
struct AudioControlCache {
    /// Inputs of the cached values; 1e9 is outside every input's range (pan, pitch and
    /// brightness sums lie within ±2), so the first use always computes.
    var panInput: Float
    var gains: PanGains
    var pitchInput: Float
    var ratio: Float
    var brightnessInput: Float
    var lowPass: Float

    init() {
        panInput = 1e9
        gains = PanGains(pan: 0)
        pitchInput = 1e9
        ratio = 1
        brightnessInput = 1e9
        lowPass = 1
    }

    /// ``PanGains`` for `input` (the event's pan plus the parameter lane).
    @inline(__always)
    mutating func pan(_ input: Float) -> PanGains {
        if input != panInput {
            panInput = input
            gains = PanGains(pan: input)
        }
        return gains
    }

    /// ``AudioMapping/pitchRatio(_:)`` of a clamped pitch.
    @inline(__always)
    mutating func pitchRatio(_ pitch: Float) -> Float {
        if pitch != pitchInput {
            pitchInput = pitch
            ratio = AudioMapping.pitchRatio(pitch)
        }
        return ratio
    }

    /// The one-pole coefficient for `brightness` (the event's value plus the parameter lane), as
    /// `1 − e^(−2π·cutoff/fs)` with the renderer's constant `twoPiOverRate`.
    @inline(__always)
    mutating func lowPass(brightness: Float, twoPiOverRate: Float) -> Float {
        if brightness != brightnessInput {
            brightnessInput = brightness
            lowPass = 1 - expFast(-AudioMapping.brightnessCutoff(brightness) * twoPiOverRate)
        }
        return lowPass
    }
}
