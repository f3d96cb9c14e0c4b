/// Core Haptics parses event/parameter/curve `Time` and `EventDuration` with `floatValue`, so
/// they are float32 values (docs/ahap-format.md, Timing and duration); control-point relative
/// times stay double. The
/// scheduler rounds every such value through `Float` before any arithmetic so sample positions
/// match a device bit-for-bit (e.g. `Time` 0.1 → 0.100000001490116…). O(1).
@inlinable func parsedFloat32(_ seconds: Double) -> Double { Double(Float(seconds)) }

/// Seconds → nearest sample, halves away from zero (`Double.rounded()`). Saturates instead of
/// trapping on absurd values (callers reject non-finite times first, with a note). O(1).
@inlinable func roundedSamples(_ seconds: Double, sampleRate: Double) -> Int64 {
    let x = (seconds * sampleRate).rounded()
    guard x.magnitude < 4.0e18 else {
        return x.isNaN ? 0 : (x < 0 ? -4_000_000_000_000_000_000 : 4_000_000_000_000_000_000)
    }
    return Int64(x)
}

/// Whether a pattern time can be scheduled: finite and not negative (Core Haptics rejects
/// negative times with −4822). O(1).
@inlinable func isSchedulableTime(_ seconds: Double) -> Bool { seconds.isFinite && seconds >= 0 }
