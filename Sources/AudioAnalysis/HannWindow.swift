#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The analysis frame both the STFT and the rises' flux read a signal through: the largest
/// power of two (at least 16) whose length fits in a duration, weighted by a periodic Hann
/// window, so that frames hopped by a whole fraction of it sum to a constant.
struct HannWindow {
    /// Samples per frame, a power of two.
    let size: Int
    /// `0.5 − 0.5 cos(2πk / size)` for k = 0 ..< size.
    let weights: [Float]

    /// The frame for `seconds` at `sampleRate`: 2048 for 50 ms at 44.1 or 48 kHz.
    /// - Complexity: O(size).
    init(within seconds: Double, sampleRate: Double) {
        var n = 16
        while Double(2 * n) <= seconds * sampleRate { n *= 2 }
        size = n
        weights = (0..<n).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n))) }
    }
}
