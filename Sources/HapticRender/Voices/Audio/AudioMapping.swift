/// How the audio event parameters map to sound. Apple documents the parameters' ranges,
/// not their sound (docs/ahap-format.md, Events); these are our documented choices.
package enum AudioMapping {
    /// Fundamental of the `AudioContinuous` tone at `AudioPitch` 0: A4.
    @_transparent package static var toneBaseFrequency: Float { 440 }

    /// `AudioPitch` range in octaves: −1 … +1 maps to one octave down … one octave up
    /// (220–880 Hz for the tone; half to double speed for custom audio).
    @_transparent package static var pitchOctaves: Float { 1 }

    /// Frequency ratio for an effective `AudioPitch` value in −1…1. O(1).
    @inlinable @inline(__always)
    package static func pitchRatio(_ pitch: Float) -> Float { exp2Fast(pitch * pitchOctaves) }

    /// Peak level of the tone at `AudioVolume` 1 (−6 dBFS), leaving headroom for overlapping
    /// events and custom audio.
    @_transparent package static var tonePeak: Float { 0.5 }

    /// Number of harmonics of the tone. `AudioBrightness` b sets harmonic k's amplitude to
    /// `b^(k−1)/k` (b = 0: a pure sine; b = 1: a band-limited sawtooth), normalized to equal
    /// RMS so brightness changes timbre, not loudness.
    package static let toneHarmonics = 8

    /// Cutoff of the one-pole low-pass that `AudioBrightness` applies to custom audio:
    /// `60 Hz · 2^(10·b)` (60 Hz at 0; above 60 kHz — transparent — at 1).
    @inlinable @inline(__always)
    package static func brightnessCutoff(_ brightness: Float) -> Float {
        60 * exp2Fast(10 * min(max(brightness, 0), 1))
    }

    /// Length of the fade-in and fade-out that `EventWaveformUseVolumeEnvelope` applies to
    /// custom audio "to avoid clicks" (Apple does not publish it): 5 ms, or the event's
    /// attack/release time when longer.
    @_transparent package static var customFadeSeconds: Double { 0.005 }
}
