#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one law mapping normalized envelope values (0…1) to seconds, for attack, decay and
/// release alike: `T(x) = 0.02 · 2^(8x)` s, i.e. 20 ms (x = 0) … 320 ms (0.5) … 5.12 s (1).
///
/// Why: Core Haptics' `-[CHHapticEvent fullDuration]` adds `0.02·2^(8r) − 0.04` s for a
/// sustained event's `ReleaseTime` r (docs/ahap-format.md, Envelopes); the headers say every
/// envelope time grows "exponentially", so we infer the same law for attack and decay (an
/// inference, [I]). The scheduler, the pattern's duration
/// (``CoreHapticsFacts/fullDuration(_:customAudioFileSeconds:)``) and the converters (through
/// ``value(seconds:)``) all use it; none runs on the render thread, so libm's `exp2` and `log2`
/// are fine here. O(1).
public enum EnvelopeTime {
    /// `T(0)`: the shortest envelope stage, in seconds.
    public static let minimumSeconds = 0.02
    /// `log2(T(1) / T(0))`: the range spans 8 octaves (20 ms … 5.12 s).
    public static let octaves = 8.0

    /// Seconds for a normalized envelope value; `x` is clamped to 0…1 first (the combined
    /// event + control value is clamped to the event parameter's range, docs/ahap-format.md,
    /// Dynamic parameters).
    @inlinable public static func seconds(_ x: Double) -> Double {
        minimumSeconds * exp2(octaves * min(max(x, 0), 1))
    }

    /// The normalized envelope value whose time is `seconds` — the inverse of ``seconds(_:)``,
    /// clamped to 0…1 (times under 20 ms give 0, over 5.12 s give 1).
    @inlinable public static func value(seconds: Double) -> Double {
        min(max(log2(seconds / minimumSeconds) / octaves, 0), 1)
    }

    /// What Core Haptics adds to a sustained event's duration for an explicit `ReleaseTime`
    /// when it computes the pattern duration (docs/ahap-format.md, Timing and duration):
    /// `T(r) − 0.04` s.
    @inlinable public static func patternDurationReleaseTerm(_ releaseTime: Double) -> Double {
        seconds(releaseTime) - 0.04
    }
}
