import HapticPattern

/// A `Time` or `EventDuration` as Core Haptics reads it (``CoreHapticsFacts/parsedTime(_:)``):
/// the scheduler rounds every such value before any arithmetic so sample positions match a
/// device bit-for-bit. O(1).
@inlinable func parsedFloat32(_ seconds: Double) -> Double { CoreHapticsFacts.parsedTime(seconds) }

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
