/// Measures a rendered signal block by block, as it is rendered, for an
/// ``EnvelopeComparison``: its envelope (the RMS over ``EnvelopeComparison/windowSeconds``
/// centred on every frame, ``EnvelopeComparison/frameRate`` frames a second) and its largest
/// |sample|. Holds the envelope and one window of running sums, never the signal.
///
/// Each frame's RMS is `√((S(hi) − S(lo)) / (hi − lo))` for the window `lo..<hi` cut to the
/// signal, where `S(i)` is the sum of the first `i` squared samples, added in order.
struct EnvelopeMeter: Sendable {
    /// The envelope so far.
    private(set) var envelope: [Double] = []
    /// The largest |sample| (0 before any sample).
    private(set) var peak = 0.0

    private let count: Int
    private let hop: Int
    private let half: Int
    /// `S(i)` for the last window's `i`, at `i & mask`.
    private var sums: [Double]
    private let mask: Int
    /// Samples added so far, and the sum of their squares.
    private var added = 0
    private var sum = 0.0
    /// Where the next frame's window ends.
    private var nextEnd = 0

    /// A meter for a signal of `count` samples at `sampleRate`.
    init(count: Int, sampleRate: Double) {
        self.count = count
        hop = Int(sampleRate / EnvelopeComparison.frameRate)
        half = Int(sampleRate * EnvelopeComparison.windowSeconds / 2)
        var size = 1
        while size <= 2 * max(half, 0) { size *= 2 }
        sums = [Double](repeating: 0, count: size)
        mask = size - 1
        if hop > 0 { envelope.reserveCapacity((count + hop - 1) / hop) }
        emitFrames()
    }

    /// The meter of a whole signal.
    init(_ signal: [Float], sampleRate: Double) {
        self.init(count: signal.count, sampleRate: sampleRate)
        signal.withUnsafeBufferPointer { add($0) }
    }

    /// Adds the next samples. O(samples).
    mutating func add(_ samples: UnsafeBufferPointer<Float>) {
        for x in samples {
            let magnitude = abs(Double(x))
            if added == 0 || peak < magnitude { peak = magnitude }
            sum += Double(x) * Double(x)
            added += 1
            sums[added & mask] = sum
            if added == nextEnd { emitFrames() }
        }
    }

    /// Appends every frame whose window has been added.
    private mutating func emitFrames() {
        guard hop > 0 else { return }
        while envelope.count * hop < count {
            let c = envelope.count * hop
            let lo = max(c - half, 0)
            let hi = min(c + half, count)
            guard hi <= added else {
                nextEnd = hi
                return
            }
            envelope.append(
                ((sums[hi & mask] - sums[lo & mask]) / Double(max(hi - lo, 1))).squareRoot())
        }
    }
}
