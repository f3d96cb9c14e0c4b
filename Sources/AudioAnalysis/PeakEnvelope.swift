#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The envelope a designer's tool draws a haptic clip from: the RMS of the last 0.1 ms, then
/// an envelope follower that attacks in 0.1 ms, holds 1.5 ms and releases in 100 ms (each
/// stage reaching 99 % of its target in that time), read once per millisecond. It follows
/// the sound's peaks closely (a hit shows at its full height) and decays like a tail.
///
/// Lofelt Studio and Meta Haptics Studio derive a clip's amplitude envelope this way; the
/// designers' clips of the dev set follow it to within their own edits.
struct PeakEnvelope {
    let sampleRate: Int
    /// Samples in the RMS window (0.1 ms, at least one).
    let windowSamples: Int
    let attack: Float
    let release: Float
    let holdSamples: Int
    /// The last `windowSamples - 1` squares of the previous block.
    private var tail: [Float]
    private var scratch: [Float] = []
    private var level: Float = 0
    private var holding = 0
    /// Samples consumed so far, and the sample count at which the next point is read.
    private(set) var samplesSeen = 0
    private var nextPoint = 1
    private var nextPointSample: Int

    init(sampleRate: Int) {
        self.sampleRate = sampleRate
        let rate = Double(sampleRate)
        windowSamples = max(1, Int(1e-4 * rate))
        attack = Self.coefficient(seconds: 1e-4, rate: rate)
        release = Self.coefficient(seconds: 0.1, rate: rate)
        holdSamples = Int(1.5e-3 * rate)
        tail = [Float](repeating: 0, count: windowSamples - 1)
        nextPointSample = Self.sample(ofPoint: 1, rate: sampleRate)
    }

    /// The per-sample coefficient that reaches 99 % of a step in `seconds`.
    static func coefficient(seconds: Double, rate: Double) -> Float {
        Float(pow(0.01, 1 / (seconds * rate)))
    }

    /// Point `k` (k ms) is read after this many samples: the first sample at or after k ms.
    static func sample(ofPoint k: Int, rate: Int) -> Int { (k * rate + 999) / 1_000 }

    /// Runs `samples` through the follower, calling `point(k, level)` at each whole
    /// millisecond `k` ≥ 1 they complete. O(samples · window).
    mutating func process(
        _ samples: UnsafeBufferPointer<Float>, point: (_ index: Int, _ level: Float) -> Void
    ) {
        let n = samples.count
        guard n > 0 else { return }
        let w = windowSamples
        if scratch.count < 2 * (n + w) { scratch = [Float](repeating: 0, count: 2 * (n + w)) }
        let attack = attack
        let release = release
        let holdSamples = holdSamples
        var level = level
        var holding = holding
        var seen = samplesSeen
        var next = nextPointSample
        scratch.withUnsafeMutableBufferPointer { buffer in
            let sq = buffer.baseAddress!
            let rms = sq + (n + w)
            tail.withUnsafeMutableBufferPointer { t in
                for i in 0..<(w - 1) { sq[i] = t[i] }
                for i in 0..<n { sq[w - 1 + i] = samples[i] * samples[i] }
                for i in 0..<(w - 1) { t[i] = sq[n + i] }
            }
            // Window sums as `w` shifted passes, then the roots, eight at a time.
            let scale = SIMD8<Float>(repeating: 1 / Float(w))
            var i = 0
            while i + 8 <= n {
                var sum = Self.load8(sq + i)
                for j in 1..<max(1, w) { sum += Self.load8(sq + i + j) }
                Self.store8((sum * scale).squareRoot(), rms + i)
                i += 8
            }
            while i < n {
                var sum = sq[i]
                for j in 1..<max(1, w) { sum += sq[i + j] }
                rms[i] = (sum * scale[0]).squareRoot()
                i += 1
            }
            for i in 0..<n {
                let r = rms[i]
                if r > level {
                    level = attack * (level - r) + r
                    holding = 0
                } else if holding < holdSamples {
                    holding += 1
                } else {
                    level = release * (level - r) + r
                }
                seen += 1
                if seen == next {
                    point(nextPoint, min(1, level))
                    nextPoint += 1
                    next = Self.sample(ofPoint: nextPoint, rate: sampleRate)
                }
            }
        }
        self.level = level
        self.holding = holding
        samplesSeen = seen
        nextPointSample = next
    }

    @inline(__always)
    private static func load8(_ p: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
    }

    @inline(__always)
    private static func store8(_ v: SIMD8<Float>, _ p: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<Float>.self)
    }

    /// Completes the last millisecond with silence (so the sound's end has its point).
    mutating func finish(point: (_ index: Int, _ level: Float) -> Void) {
        let missing = nextPointSample - samplesSeen
        guard missing > 0, missing < nextPointSample else { return }
        let zeros = [Float](repeating: 0, count: missing)
        zeros.withUnsafeBufferPointer { process($0, point: point) }
    }
}
