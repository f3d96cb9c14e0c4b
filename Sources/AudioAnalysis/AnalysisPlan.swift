/// A file's analysis cut into consecutive stretches of 30 s (the last takes the rest) that are
/// analysed apart, on as many threads as there are, and joined into one result that does not
/// depend on how many threads there were.
///
/// Each stretch's ``AnalysisChunk`` starts its own STFT, outline and loudness a little before
/// the stretch (each on its own grid: a whole STFT window and two frames, a whole second, one
/// second) and reads on a little after it, so that it can report exactly the frames, seconds
/// and 100 ms blocks it owns. A file shorter than two stretches is one stretch, analysed as a
/// whole. The STFT features are those of an uncut analysis bit for bit; the outline and the
/// loudness, whose followers and filters carry state, are those of this fixed cut, whichever
/// thread ran each piece.
public struct AnalysisPlan: Sendable, Hashable {
    /// Seconds per stretch.
    public static let stretchSeconds = 30
    /// The sample rates analysed, in Hz: telephone speech's 8 kHz to the 768 kHz of the
    /// fastest converters. The windows are sized in time, so their length grows with the rate.
    public static let sampleRates = 8_000...768_000

    public let sampleRate: Int
    public let channels: Int
    /// The first frame of each stretch (the first is 0).
    public let starts: [Int]

    /// A plan for a file that declares `frames` frames (an estimate is fine: the last stretch
    /// reads to the end whatever it holds).
    /// - Throws: `AnalysisError.unsupported` for no channels or a rate outside
    ///   ``sampleRates``.
    public init(sampleRate: Int, channels: Int, frames: Int) throws(AnalysisError) {
        try Self.check(sampleRate: sampleRate, channels: channels)
        self.sampleRate = sampleRate
        self.channels = channels
        let stretch = Self.stretchSeconds * sampleRate
        let count = max(1, frames / stretch)
        starts = (0..<count).map { $0 * stretch }
    }

    public var count: Int { starts.count }

    /// The frames stretch `i` owns; the last one's bound is open.
    public func owned(_ i: Int) -> Range<Int> {
        starts[i]..<(i + 1 < starts.count ? starts[i + 1] : Int.max)
    }

    /// Refuses a format the analysis cannot take: no channels, or a rate outside
    /// ``sampleRates``.
    static func check(sampleRate: Int, channels: Int) throws(AnalysisError) {
        guard channels > 0 else { throw .unsupported("no channels") }
        guard sampleRates.contains(sampleRate) else {
            throw .unsupported("unsupported sample rate \(sampleRate) Hz (8 kHz to 768 kHz)")
        }
    }

    /// A fresh analysis of stretch `i`.
    public func chunk(_ i: Int) throws(AnalysisError) -> AnalysisChunk {
        try AnalysisChunk(sampleRate: sampleRate, channels: channels, owned: owned(i))
    }
}

/// The analysis of one stretch of a file (see ``AnalysisPlan``): feed it the frames from
/// ``readStart`` up to ``readEnd`` (to the end of the file when nil) in order, in blocks of
/// any size, then take its ``AnalysisPart``.
public final class AnalysisChunk {
    public let owned: Range<Int>
    /// The first frame it needs, and the frame after the last (nil: the file's end).
    public let readStart: Int
    public let readEnd: Int?
    private let channels: Int
    private let isLast: Bool
    private let spectral: SpectralAnalyzer
    private let spectralStart: Int
    private let spectralEnd: Int
    private let ownedFrames: Range<Int>
    private let ownedBlocks: Range<Int>
    private let peaks: PeakTracker
    private let peaksStart: Int
    private let peaksEnd: Int
    private let meter: LoudnessMeter
    private let meterStart: Int
    private let meterEnd: Int
    private let ownedParts: Range<Int>
    private var mono: [Float] = []

    init(sampleRate: Int, channels: Int, owned: Range<Int>) throws(AnalysisError) {
        self.owned = owned
        self.channels = channels
        isLast = owned.upperBound == Int.max
        // STFT: from a point on both the frame and the fine-block grid, a window and two
        // frames before the stretch (the flux compares each frame with the two before).
        spectral = SpectralAnalyzer(sampleRate: Double(sampleRate))
        let hop = spectral.hop
        let fine = spectral.fineHop
        let grid = Self.lcm(hop, fine)
        let lead = spectral.fftSize / 2 + 2 * hop
        spectralStart = owned.lowerBound == 0 ? 0 : max(0, (owned.lowerBound - lead) / grid * grid)
        spectralEnd = isLast ? Int.max : owned.upperBound + spectral.fftSize / 2 + hop
        ownedFrames = Self.steps(of: hop, startingIn: owned)
        ownedBlocks = Self.steps(of: fine, startingIn: owned)
        // Outline: the seconds the stretch begins in, from the second before; on to the next
        // second's first millisecond and the flux window after it.
        let seconds = Self.steps(of: sampleRate, startingIn: owned)
        let firstSecond = max(0, seconds.lowerBound - 1)
        peaks = PeakTracker(
            sampleRate: sampleRate, firstSecond: firstSecond, ownedSeconds: seconds)
        peaksStart = firstSecond * sampleRate
        if isLast {
            peaksEnd = Int.max
        } else {
            let lastPoint = (seconds.upperBound - firstSecond) * 1_000 + 9
            peaksEnd = peaksStart + PeakEnvelope.sample(ofPoint: lastPoint, rate: sampleRate)
        }
        // Loudness: a second of the filters' warm-up on the 100 ms grid.
        meter = try LoudnessMeter(channels: channels, sampleRate: sampleRate)
        let step = meter.framesPer100ms
        ownedParts = Self.steps(of: step, startingIn: owned)
        meterStart = max(0, ownedParts.lowerBound - 10) * step
        meterEnd = isLast ? Int.max : ownedParts.upperBound * step
        readStart = min(spectralStart, peaksStart, meterStart)
        readEnd = isLast ? nil : max(spectralEnd, peaksEnd, meterEnd)
    }

    /// Takes `frames` interleaved frames that begin at the file's frame `first` (the next
    /// ones after the previous call's); the parts outside ``readStart`` ..< ``readEnd`` are
    /// ignored.
    public func add(interleaved samples: UnsafeBufferPointer<Float>, first: Int) {
        let n = samples.count / channels
        guard n > 0 else { return }
        let end = first + n
        let monoFrom = max(first, min(spectralStart, peaksStart))
        let monoTo = min(end, max(spectralEnd, peaksEnd))
        if monoTo > monoFrom {
            if mono.count < n { mono = [Float](repeating: 0, count: n) }
            let from = monoFrom - first
            let count = monoTo - monoFrom
            mono.withUnsafeMutableBufferPointer { m in
                Downmix.mono(
                    UnsafeBufferPointer(rebasing: samples[(from * channels)...]),
                    channels: channels,
                    frames: count, into: m)
                let all = UnsafeBufferPointer(m)
                feed(all, from: monoFrom, count: count, start: spectralStart, end: spectralEnd) {
                    spectral.process($0)
                }
                feed(all, from: monoFrom, count: count, start: peaksStart, end: peaksEnd) {
                    peaks.process($0)
                }
            }
        }
        let lo = max(first, meterStart)
        let hi = min(end, meterEnd)
        if hi > lo {
            meter.add(
                interleaved: UnsafeBufferPointer(
                    rebasing: samples[((lo - first) * channels)..<((hi - first) * channels)]))
        }
    }

    /// Passes the part of `mono` (frames `from` ..< `from + count`) inside `start` ..< `end`.
    private func feed(
        _ mono: UnsafeBufferPointer<Float>, from: Int, count: Int, start: Int, end: Int,
        _ body: (UnsafeBufferPointer<Float>) -> Void
    ) {
        let lo = max(from, start)
        let hi = min(from + count, end)
        guard hi > lo else { return }
        body(UnsafeBufferPointer(rebasing: mono[(lo - from)..<(hi - from)]))
    }

    /// What the stretch owns.
    public func finish() -> AnalysisPart {
        let features = isLast ? spectral.finish() : spectral.features
        let hop = spectral.hop
        let fine = spectral.fineHop
        let frames = Self.shift(ownedFrames, by: -spectralStart / hop)
        let blocks = Self.shift(ownedBlocks, by: -spectralStart / fine)
        let partOffset = meterStart / meter.framesPer100ms
        let parts = meter.parts
        let from = min(parts.count, ownedParts.lowerBound - partOffset)
        let to =
            ownedParts.upperBound == Int.max
            ? parts.count : min(parts.count, ownedParts.upperBound - partOffset)
        return AnalysisPart(
            features: features.slice(frames: frames, blocks: blocks), peaks: peaks.finish(),
            loudnessParts: Array(parts[from..<max(from, to)]),
            framesPer100ms: meter.framesPer100ms, hopSeconds: spectral.hopSeconds,
            fineBlockSeconds: Double(fine) / spectral.sampleRate,
            windowSeconds: spectral.windowSeconds)
    }

    static func ceil(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }

    /// The indices of the `step`-frame steps that begin in `frames` (an open upper bound,
    /// `Int.max`, stays open).
    static func steps(of step: Int, startingIn frames: Range<Int>) -> Range<Int> {
        let upper = frames.upperBound == Int.max ? Int.max : ceil(frames.upperBound, step)
        return ceil(frames.lowerBound, step)..<upper
    }

    /// `range` moved by `offset`, an open upper bound (`Int.max`) staying open.
    static func shift(_ range: Range<Int>, by offset: Int) -> Range<Int> {
        let upper = range.upperBound == Int.max ? Int.max : range.upperBound + offset
        return (range.lowerBound + offset)..<upper
    }

    static func lcm(_ a: Int, _ b: Int) -> Int {
        var x = a
        var y = b
        while y != 0 { (x, y) = (y, x % y) }
        return a / x * b
    }
}

/// What one ``AnalysisChunk`` found in its own stretch.
public struct AnalysisPart: Sendable {
    public var features: FrameFeatures
    public var peaks: PeakOutline
    public var loudnessParts: [Double]
    public var framesPer100ms: Int
    public var hopSeconds: Double
    public var fineBlockSeconds: Double
    public var windowSeconds: Double

    /// Consecutive parts as one: their features, outline and loudness blocks in order.
    public init(joining parts: [AnalysisPart]) {
        var features = FrameFeatures()
        for p in parts { features.append(p.features) }
        self.features = features
        peaks = PeakOutline(joining: parts.map(\.peaks))
        loudnessParts = parts.flatMap(\.loudnessParts)
        let first = parts.first
        framesPer100ms = first?.framesPer100ms ?? 1
        hopSeconds = first?.hopSeconds ?? 0.01
        fineBlockSeconds = first?.fineBlockSeconds ?? 0.0025
        windowSeconds = first?.windowSeconds ?? 0.04
    }

    init(
        features: FrameFeatures, peaks: PeakOutline, loudnessParts: [Double], framesPer100ms: Int,
        hopSeconds: Double, fineBlockSeconds: Double, windowSeconds: Double
    ) {
        self.features = features
        self.peaks = peaks
        self.loudnessParts = loudnessParts
        self.framesPer100ms = framesPer100ms
        self.hopSeconds = hopSeconds
        self.fineBlockSeconds = fineBlockSeconds
        self.windowSeconds = windowSeconds
    }

    /// The gated integrated loudness of the joined blocks, LUFS.
    public var integratedLoudness: Double {
        LoudnessMeter.integratedLoudness(parts: loudnessParts, framesPer100ms: framesPer100ms)
    }
}
