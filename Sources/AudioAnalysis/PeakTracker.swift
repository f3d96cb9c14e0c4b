#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A rise of the sound's outline where a designer's tool would propose an emphasis (a
/// transient): a corner of the simplified millisecond envelope that its neighbours rise to
/// and fall from. What makes it a transient is decided later, relative to the whole file's
/// level (`TransientPicker` in HapticGenerate); the analysis keeps what that needs.
public struct PeakCandidate: Sendable, Hashable {
    /// The corner's time, whole milliseconds.
    public var milliseconds: Int
    /// The envelope there (linear amplitude, as decoded: 1 is full scale).
    public var level: Float
    /// How far it rose: `level` minus the bottom of the rise leading to it (within 50 ms).
    public var rise: Float
    /// The loudest millisecond of the 50 ms before the rise began; -1 when the rise begins
    /// within 50 ms of the start (nothing before it is known).
    public var before: Float
    /// Spectral flux just after it: how much the magnitude spectrum (~23 ms window) grew
    /// within an eighth of a window, ≥ 0. A new sound grows it; a level bump of a steady one
    /// hardly does.
    public var flux: Float

    public var time: Double { Double(milliseconds) / 1_000 }
}

/// What ``PeakTracker`` found in a file, or in the stretches one tracker owns.
public struct PeakOutline: Sendable {
    public var candidates: [PeakCandidate]
    /// How many milliseconds lie at each level, in 0.1 dB steps from -140 to +20 dBFS.
    public var levelCounts: [Int]
    /// The millisecond level that only 0.1 % of the milliseconds exceed: the sound's peak, or a
    /// long file's loud passages without one click setting the scale. 0 for silence.
    public let reference: Float

    public init(candidates: [PeakCandidate] = [], levelCounts: [Int] = []) {
        self.candidates = candidates
        self.levelCounts = levelCounts
        reference = Self.reference(levelCounts)
    }

    /// The outlines of consecutive stretches as one.
    public init(joining parts: [PeakOutline]) {
        var counts = [Int](repeating: 0, count: PeakTracker.histogramSteps)
        for part in parts {
            for (i, c) in part.levelCounts.enumerated() { counts[i] += c }
        }
        self.init(candidates: parts.flatMap(\.candidates), levelCounts: counts)
    }

    /// The level only 0.1 % of the counted milliseconds exceed (at least one).
    static func reference(_ counts: [Int]) -> Float {
        let total = counts.reduce(0, +)
        guard total > 0 else { return 0 }
        let allowed = total / 1_000
        var above = 0
        for step in stride(from: counts.count - 1, through: 1, by: -1) {
            above += counts[step]
            if above > allowed {
                return pow(10, (PeakTracker.histogramFloorDB + Float(step) / 10) / 20)
            }
        }
        return 0
    }
}

/// Streams a mono signal into a ``PeakOutline`` the way designers' tools outline a sound:
/// the ``PeakEnvelope`` read each millisecond, simplified a second at a time to 40 corners
/// (``OutlineReducer``), and every corner that rises from the one before and is not
/// overtaken by the next (by more than a quarter of its rise) becomes a candidate, with the
/// spectral flux just after it.
///
/// A tracker may start at any whole second of a file (fed from there) and own only some of
/// its seconds (``init(sampleRate:firstSecond:ownedSeconds:)``): the analysis of a long file
/// split across threads. Its candidates and level counts are then those of its own seconds.
///
/// Memory is bounded: ~1.2 s of samples and 4 s of millisecond levels in rings, plus the
/// candidates (a few per second). Cost O(samples) plus two FFTs per candidate.
public final class PeakTracker {
    /// Milliseconds per simplified stretch, and corners kept in each.
    static let regionPoints = 1_000
    static let cornersPerRegion = 40
    /// How far back a rise may begin, and the quiet window before it, milliseconds.
    static let riseMilliseconds = 50
    /// How much the next corner may still rise, as a fraction of this corner's rise.
    static let plateau: Float = 0.25
    /// The flux is read on the window ending this long after the corner, seconds: its centre
    /// then sits ~4 ms before the corner, on the attack.
    static let fluxDelay = 0.0075
    /// Histogram of millisecond levels: 0.1 dB steps from -140 to +20 dBFS.
    public static let histogramFloorDB: Float = -140
    public static let histogramSteps = 1_600

    public let sampleRate: Int
    /// The file's second the first sample fed belongs to, and the seconds whose candidates and
    /// levels this tracker reports (second r holds milliseconds 1000·r + 1 … 1000·r + 1000).
    public let firstSecond: Int
    public let ownedSeconds: Range<Int>
    /// The flux transform's size (the largest power of two within 25 ms) and hop (an eighth).
    public let fluxSize: Int
    public var fluxHop: Int { fluxSize / 8 }

    private var envelope: PeakEnvelope
    private var levels: [Float]
    private let levelMask: Int
    private var pointCount = 0
    private var recent: [Float]
    private let recentMask: Int
    private var samplesWritten = 0
    private var region = 0
    private let reducer = OutlineReducer()
    private var regionBuffer: [Float]
    /// Corners not yet examined, with a few before them (rises reach back up to 50 ms).
    private var corners: [(ms: Int, level: Float)] = []
    private var examined = 0
    private var histogram: [Int]
    private let fft: RealFFT
    private let window: [Float]
    private var frame: [Float]
    private var power: [Float]
    private var candidates: [PeakCandidate] = []
    private var finished = false

    public init(sampleRate: Int, firstSecond: Int = 0, ownedSeconds: Range<Int> = 0..<Int.max) {
        self.sampleRate = sampleRate
        self.firstSecond = firstSecond
        self.ownedSeconds = ownedSeconds
        envelope = PeakEnvelope(sampleRate: sampleRate)
        let fluxFrame = HannWindow(within: 0.025, sampleRate: Double(sampleRate))
        let n = fluxFrame.size
        fluxSize = n
        fft = RealFFT(size: n)
        window = fluxFrame.weights
        frame = [Float](repeating: 0, count: n)
        power = [Float](repeating: 0, count: n / 2 + 1)
        levels = [Float](repeating: 0, count: 4_096)
        levelMask = 4_095
        var ring = 1
        while ring < Int(1.2 * Double(sampleRate)) + Self.chunk + 2 * n { ring *= 2 }
        recent = [Float](repeating: 0, count: ring)
        recentMask = ring - 1
        regionBuffer = [Float](repeating: 0, count: Self.regionPoints)
        histogram = [Int](repeating: 0, count: Self.histogramSteps)
    }

    /// Samples taken into the ring before the envelope reads them.
    private static let chunk = 8_192

    /// Analyses `samples` (mono), in blocks of any size.
    public func process(_ samples: UnsafeBufferPointer<Float>) {
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + Self.chunk)
            let part = UnsafeBufferPointer(rebasing: samples[start..<end])
            recent.withUnsafeMutableBufferPointer { ring in
                var at = samplesWritten & recentMask
                for x in part {
                    ring[at] = x
                    at = (at + 1) & recentMask
                }
            }
            samplesWritten += part.count
            envelope.process(part) { k, level in self.point(k, level) }
            start = end
        }
    }

    /// Ends the signal and returns the outline.
    public func finish() -> PeakOutline {
        if !finished {
            finished = true
            envelope.finish { k, level in self.point(k, level) }
            while pointCount > region * Self.regionPoints {
                reduceRegion(upTo: min(pointCount, (region + 1) * Self.regionPoints))
            }
            examine()
        }
        return PeakOutline(candidates: candidates, levelCounts: histogram)
    }

    /// The file's millisecond of local point `k`, and the second a millisecond belongs to.
    private func fileMillisecond(_ k: Int) -> Int { firstSecond * 1_000 + k }
    private func owns(_ ms: Int) -> Bool { ownedSeconds.contains(max(0, ms - 1) / 1_000) }

    private func point(_ k: Int, _ level: Float) {
        levels[k & levelMask] = level
        pointCount = k
        if owns(fileMillisecond(k)) {
            if level > 1e-7 {
                let step = Int(((20 * log10(level)) - Self.histogramFloorDB) * 10)
                histogram[min(Self.histogramSteps - 1, max(0, step))] += 1
            } else {
                histogram[0] += 1
            }
        }
        // A stretch is simplified once its last corner's flux window is complete.
        let end = (region + 1) * Self.regionPoints
        if k >= end + Int((Self.fluxDelay * 1_000).rounded(.up)) {
            reduceRegion(upTo: end)
            examine()
        }
    }

    /// Simplifies points `region·1000 + 1 … upTo` and appends their corners.
    private func reduceRegion(upTo last: Int) {
        let first = region * Self.regionPoints + 1
        let count = last - first + 1
        guard count > 0 else { return }
        for i in 0..<count { regionBuffer[i] = levels[(first + i) & levelMask] }
        let kept = regionBuffer.withUnsafeBufferPointer {
            reducer.reduce(
                UnsafeBufferPointer(rebasing: $0[0..<count]), keep: Self.cornersPerRegion)
        }
        if region == 0 && firstSecond == 0 {
            // The outline starts at 0 at the first millisecond's level.
            corners.append((0, regionBuffer[0]))
        }
        for i in kept { corners.append((first + i, regionBuffer[i])) }
        region += 1
    }

    /// Looks at every corner that has a successor.
    private func examine() {
        while examined + 1 < corners.count {
            let i = examined
            examined += 1
            let (ms, level) = corners[i]
            var j = i
            while j > 0 && corners[j - 1].level < corners[j].level
                && ms - corners[j - 1].ms <= Self.riseMilliseconds
            {
                j -= 1
            }
            let bottom: (ms: Int, level: Float) =
                i == 0 ? (0, 0) : (j < i ? corners[j] : corners[i - 1])
            let rise = level - bottom.level
            guard rise > 0, corners[i + 1].level < level + Self.plateau * rise,
                owns(fileMillisecond(ms))
            else { continue }
            candidates.append(
                PeakCandidate(
                    milliseconds: fileMillisecond(ms), level: level, rise: rise,
                    before: loudest(before: bottom.ms), flux: flux(at: ms)))
        }
        // Keep the last corners a rise may reach back to.
        let drop = max(0, examined - 64)
        if drop > 256 {
            corners.removeFirst(drop)
            examined -= drop
        }
    }

    /// The loudest millisecond of the 50 ms up to `ms`, or -1 when that reaches before 1 ms.
    private func loudest(before ms: Int) -> Float {
        let from = ms - Self.riseMilliseconds
        guard from >= 1 else { return -1 }
        var m: Float = 0
        for k in from...ms { m = max(m, levels[k & levelMask]) }
        return m
    }

    /// Magnitude-spectrum growth over one hop at local point `k` + the flux delay.
    private func flux(at k: Int) -> Float {
        let end =
            PeakEnvelope.sample(ofPoint: k, rate: sampleRate)
            + Int((Self.fluxDelay * Double(sampleRate)).rounded())
        return max(0, magnitudeSum(endingAt: end) - magnitudeSum(endingAt: end - fluxHop))
    }

    /// Σ|X(k)| over the bins below Nyquist of the Hann-windowed `fluxSize` samples ending at
    /// sample `end` (zeros outside the signal).
    private func magnitudeSum(endingAt end: Int) -> Float {
        let n = fluxSize
        let start = end - n
        let written = samplesWritten
        let mask = recentMask
        frame.withUnsafeMutableBufferPointer { f in
            recent.withUnsafeBufferPointer { ring in
                window.withUnsafeBufferPointer { w in
                    for i in 0..<n {
                        let s = start + i
                        f[i] = s < 0 || s >= written ? 0 : ring[s & mask] * w[i]
                    }
                }
            }
        }
        return frame.withUnsafeBufferPointer { input in
            power.withUnsafeMutableBufferPointer { p in
                fft.powerSpectrum(of: input, into: p)
                var sum: Float = 0
                for k in 0..<(n / 2) { sum += p[k].squareRoot() }
                return sum
            }
        }
    }
}
