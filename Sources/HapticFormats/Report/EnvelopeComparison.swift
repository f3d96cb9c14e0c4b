import HapticPattern

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a target's rendered acceleration differs from the original's: the figures of a loss
/// report (docs/formats.md, "Measuring the loss").
///
/// Both signals become envelopes: the RMS of the acceleration over a 10 ms window every
/// millisecond. Then
/// - **correlation**: Pearson's r of the two envelopes over the longer one (the shorter padded
///   with silence): 1 = the same shape whatever the level;
/// - **onsets**: where an envelope rises by at least 10 % of the original's peak within 5 ms
///   (the first frame of each rise, at least 20 ms apart); each original onset is matched to
///   the nearest target onset within 50 ms; the timing error is the mean and the largest
///   distance, in ms, and the unmatched onsets are counted;
/// - **peak level**: the target's largest |acceleration| over the original's, in dB;
/// - **felt level error**: how far the target's envelope is from the original's where it can
///   be felt, frame by frame: the mean |dB| of their ratio over the frames where either
///   reaches the floor — the perception threshold (`feltFloor`) or ``levelFloor`` of the
///   original's peak (−40 dB), whichever is higher — each envelope held at that floor from
///   below: a difference below the threshold is not felt, and a frame one plays and the
///   other leaves silent counts at most the original's peak over the floor.
public struct EnvelopeComparison: Sendable, Hashable {
    public var correlation: Double
    public var meanOnsetErrorMs: Double
    public var maxOnsetErrorMs: Double
    /// Onsets of the original with no target onset within 50 ms.
    public var missedOnsets: Int
    /// Onsets of the original.
    public var onsets: Int
    public var peakLevelErrorDB: Double
    /// The mean |dB| between the envelopes where either is felt (see above); 0 when neither
    /// is.
    public var feltLevelErrorDB: Double

    /// The comparison of two signals; `feltFloor` is the weakest envelope felt, in the
    /// signals' units (0: every level counts).
    public init(original: [Float], target: [Float], sampleRate: Double, feltFloor: Double = 0) {
        self.init(
            original: EnvelopeMeter(original, sampleRate: sampleRate),
            target: EnvelopeMeter(target, sampleRate: sampleRate), feltFloor: feltFloor)
    }

    /// The comparison of two measured signals.
    init(original: EnvelopeMeter, target: EnvelopeMeter, feltFloor: Double = 0) {
        let a = original.envelope
        let b = target.envelope
        correlation = Self.correlation(a, b)
        let threshold = 0.1 * (a.max() ?? 0)
        let onsetsA = Self.onsets(a, rise: threshold)
        let onsetsB = Self.onsets(b, rise: threshold)
        let errors = Self.matchErrors(onsetsA, onsetsB)
        onsets = onsetsA.count
        missedOnsets = onsetsA.count - errors.count
        meanOnsetErrorMs = errors.isEmpty ? 0 : errors.reduce(0, +) / Double(errors.count)
        maxOnsetErrorMs = errors.max() ?? 0
        let peakA = original.peak
        let peakB = target.peak
        peakLevelErrorDB =
            peakA > 0 && peakB > 0 ? 20 * log10(peakB / peakA) : (peakA == peakB ? 0 : -.infinity)
        feltLevelErrorDB = Self.levelError(a, b, feltFloor: feltFloor)
    }

    /// The fraction of the original's envelope peak below which a frame is not compared
    /// (−40 dB).
    static let levelFloor = 0.01

    /// The mean |20·log10(b/a)| over the frames where `a` or `b` reaches the floor (the
    /// higher of `feltFloor` and ``levelFloor`` of `a`'s peak), both held at it from below
    /// (the shorter padded with silence). O(frames).
    static func levelError(_ a: [Double], _ b: [Double], feltFloor: Double = 0) -> Double {
        let floor = max(levelFloor * (a.max() ?? 0), feltFloor)
        guard floor > 0 else { return 0 }
        var sum = 0.0
        var frames = 0
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0
            let y = i < b.count ? b[i] : 0
            guard x >= floor || y >= floor else { continue }
            sum += abs(20 * log10(max(y, floor) / max(x, floor)))
            frames += 1
        }
        return frames > 0 ? sum / Double(frames) : 0
    }

    /// Envelope frames per second.
    static let frameRate = 1000.0
    static let windowSeconds = 0.010
    static let matchWindowMs = 50
    static let riseFrames = 5
    static let minimumOnsetGapFrames = 20

    /// For each onset of `a`, the distance to the nearest onset of `b` (in time order), where
    /// it is at most ``matchWindowMs``. O(a · log b).
    static func matchErrors(_ a: [Int], _ b: [Int]) -> [Double] {
        a.compactMap { t in
            // The nearest: the last onset at or before t, or the first after it.
            let after = b.partitioningIndex { $0 > t }
            let distance = [after - 1, after].filter(b.indices.contains).map { abs(b[$0] - t) }
                .min()
            return distance.flatMap { $0 <= matchWindowMs ? Double($0) : nil }
        }
    }

    /// Pearson's r over the longer length (zero-padded); 1 when both are constant and equal.
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let n = max(a.count, b.count)
        guard n > 0 else { return 1 }
        func at(_ v: [Double], _ i: Int) -> Double { i < v.count ? v[i] : 0 }
        let ma = a.reduce(0, +) / Double(n)
        let mb = b.reduce(0, +) / Double(n)
        var sab = 0.0
        var saa = 0.0
        var sbb = 0.0
        for i in 0..<n {
            let da = at(a, i) - ma
            let db = at(b, i) - mb
            sab += da * db
            saa += da * da
            sbb += db * db
        }
        guard saa > 0, sbb > 0 else { return saa == sbb ? 1 : 0 }
        return sab / (saa * sbb).squareRoot()
    }

    /// Frames where the envelope has risen by `rise` over the last ``riseFrames`` frames and
    /// had not in the frame before, at least ``minimumOnsetGapFrames`` apart.
    static func onsets(_ e: [Double], rise: Double) -> [Int] {
        guard rise > 0 else { return [] }
        var result: [Int] = []
        var rising = false
        for k in e.indices {
            let r = e[k] - e[max(k - riseFrames, 0)]
            let apart = result.last.map { k - $0 >= minimumOnsetGapFrames } ?? true
            if r >= rise, !rising, apart {
                result.append(k)
            }
            rising = r >= rise
        }
        return result
    }
}
