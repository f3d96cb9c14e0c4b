/// Streams a long signal into min/max pairs, so a plot of hours of audio holds a few
/// thousand points per signal instead of millions of samples.
///
/// Each bucket of `bucket` samples becomes two values, its minimum then its maximum, so the
/// plot's own per-column min/max decimation sees exactly the extremes the full signal has
/// (as long as a bucket is no wider than a pixel column). With `bucket == 1` the signal is
/// kept as is. O(1) per sample; memory O(samples / bucket).
struct SignalReducer {
    let bucket: Int
    private(set) var values: [Float] = []
    private var count = 0
    private var low = Float.infinity
    private var high = -Float.infinity

    init(bucket: Int, expectedSamples: Int) {
        self.bucket = max(1, bucket)
        values.reserveCapacity(
            self.bucket == 1 ? expectedSamples : 2 * (expectedSamples / self.bucket + 1))
    }

    /// Samples per second of ``values`` for a signal at `sampleRate`.
    func outputRate(_ sampleRate: Double) -> Double {
        bucket == 1 ? sampleRate : 2 * sampleRate / Double(bucket)
    }

    mutating func add(_ x: Float) {
        guard bucket > 1 else {
            values.append(x)
            return
        }
        low = min(low, x)
        high = max(high, x)
        count += 1
        if count == bucket { flush() }
    }

    /// Emits the last, partial bucket.
    mutating func finish() {
        if count > 0 { flush() }
    }

    private mutating func flush() {
        values.append(low)
        values.append(high)
        count = 0
        low = .infinity
        high = -.infinity
    }
}
