import AudioAnalysis
import Dispatch
import FoundationEssentials
import HapticRenderKit
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a sound file block by block into the analysis: downmix (LFE included), STFT
/// features, the outline's rises and BS.1770 loudness, stretch by stretch
/// (``AnalysisPlan``). Memory stays bounded by the analysis features (a few floats per
/// 10 ms), never the decoded audio.
///
/// With `threads` > 1 a long file's stretches are analysed on that many threads, each
/// reading its own stretch where the file seeks to the very frame
/// (``SoundFileInfo/seeksExactly``: PCM, float, µ-law, A-law, FLAC); other codecs are read
/// in one pass. The result is the same, bit for bit, on any number of threads.
///
/// Samples that are NaN, infinite or absurd are read as 0 (``AudioFileReader``).
public enum SoundtrackAnalysis {
    /// Frames decoded per block (≈ 1.4 s at 48 kHz).
    static let blockFrames = 1 << 16

    /// - Parameters:
    ///   - maxDurationSeconds: longer files are refused before any decoding.
    ///   - maxPatternSeconds: longer files are refused before any decoding too, as
    ///     ``GenerateError/patternTooLong(path:seconds:limit:)`` (their pattern would end past
    ///     its readers' limit, less ``HapticGeneration/tailSeconds``).
    ///   - threads: how many stretches may be analysed at once.
    ///   - progress: called after blocks with the seconds analysed and the file's declared
    ///     duration (an estimate for compressed formats), always from the calling thread.
    ///   - isCancelled: polled after blocks; true stops with ``GenerateError/cancelled(path:)``.
    ///   - replacedSamples: called once at the end with how many samples were read as 0.
    public static func analyse(
        path: String, maxDurationSeconds: Double = 4 * 3_600,
        maxPatternSeconds: Double = .infinity, threads: Int = 1,
        progress: (_ seconds: Double, _ totalSeconds: Double) -> Void = { _, _ in },
        isCancelled: () -> Bool = { false }, replacedSamples: (Int) -> Void = { _ in }
    ) throws(GenerateError) -> AnalysisResult {
        var reader = try open(path)
        let info = reader.info
        let plan: AnalysisPlan
        do {
            // MP3 and Ogg declare estimates: one stretch. Codecs that do not seek to the very
            // frame are cut the same way as the rest but read in one pass.
            plan = try AnalysisPlan(
                sampleRate: Int(info.sampleRate), channels: info.channels,
                frames: info.declaresExactLength ? info.frames : 0)
        } catch { throw .unreadable(path: path, reason: error.description) }
        if info.duration > maxDurationSeconds {
            throw .tooLong(path: path, seconds: info.duration, limit: maxDurationSeconds)
        }
        if info.duration > maxPatternSeconds {
            throw .patternTooLong(
                path: path, seconds: info.duration,
                limit: maxPatternSeconds + HapticGeneration.tailSeconds)
        }
        if reader.isTruncated { throw .truncated(path: path) }
        let run = Run(
            path: path, plan: plan, rate: info.sampleRate,
            maxFrames: Int(min(maxDurationSeconds * info.sampleRate, 9.0e18)),
            limit: maxDurationSeconds)
        let (parts, total, replaced) =
            threads > 1 && plan.count > 1 && info.seeksExactly
            ? try parallel(run, threads: threads, declared: info.duration, progress, isCancelled)
            : try sequential(run, &reader, declared: info.duration, progress, isCancelled)
        replacedSamples(replaced)
        guard total > 0 else { throw .empty(path: path) }
        if info.declaresExactLength && info.frames > total { throw .truncated(path: path) }
        progress(Double(total) / info.sampleRate, Double(total) / info.sampleRate)
        let joined = AnalysisPart(joining: parts)
        return AnalysisResult(
            features: joined.features, hopSeconds: joined.hopSeconds,
            fineBlockSeconds: joined.fineBlockSeconds, windowSeconds: joined.windowSeconds,
            integratedLoudness: loudness(joined.integratedLoudness, joined.features),
            durationSeconds: Double(total) / info.sampleRate, channelCount: info.channels,
            peaks: joined.peaks)
    }

    /// What every reader of one analysis shares.
    struct Run: Sendable {
        var path: String
        var plan: AnalysisPlan
        var rate: Double
        var maxFrames: Int
        var limit: Double

        func tooLong(_ frames: Int) -> GenerateError {
            .tooLong(path: path, seconds: Double(frames) / rate, limit: limit)
        }
    }

    static func open(_ path: String) throws(GenerateError) -> AudioFileReader {
        let limits = SoundFileReadLimits(
            maxFrames: .max, maxBytes: .max, maxFileBytes: .max, maxDurationSeconds: .infinity)
        do { return try AudioFileReader(path: path, limits: limits) } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }

    static func chunk(_ run: Run, _ i: Int) throws(GenerateError) -> AnalysisChunk {
        do { return try run.plan.chunk(i) } catch {
            throw .unreadable(path: run.path, reason: error.description)
        }
    }

    /// Decodes up to `count` frames into `buffer`; 0 at the end.
    static func read(
        _ reader: inout AudioFileReader, _ buffer: inout [Float], count: Int, path: String
    ) throws(GenerateError) -> Int {
        let channels = reader.info.channels
        do {
            return try buffer.withUnsafeMutableBufferPointer { (b) throws(SoundFileError) -> Int in
                try reader.read(
                    into: UnsafeMutableBufferPointer(rebasing: b[0..<(count * channels)]))
            }
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }

    /// One pass over the file; each block goes to the stretches that read it (two where
    /// one's lead-in overlaps the previous one's run-out).
    static func sequential(
        _ run: Run, _ reader: inout AudioFileReader, declared: Double,
        _ progress: (Double, Double) -> Void, _ isCancelled: () -> Bool
    ) throws(GenerateError) -> ([AnalysisPart], Int, Int) {
        let channels = run.plan.channels
        var interleaved = [Float](repeating: 0, count: blockFrames * channels)
        var parts: [AnalysisPart] = []
        var active: [AnalysisChunk] = [try chunk(run, 0)]
        var upcoming: AnalysisChunk?
        var created = 1
        var total = 0
        while true {
            let n = try read(&reader, &interleaved, count: blockFrames, path: run.path)
            if n == 0 { break }
            if total + n > run.maxFrames { throw run.tooLong(total + n) }
            while true {
                if upcoming == nil, created < run.plan.count {
                    upcoming = try chunk(run, created)
                    created += 1
                }
                guard let next = upcoming, next.readStart < total + n else { break }
                active.append(next)
                upcoming = nil
            }
            interleaved.withUnsafeBufferPointer { all in
                let block = UnsafeBufferPointer(rebasing: all[0..<(n * channels)])
                for c in active { c.add(interleaved: block, first: total) }
            }
            total += n
            while let c = active.first, let end = c.readEnd, end <= total {
                parts.append(c.finish())
                active.removeFirst()
            }
            progress(Double(total) / run.rate, max(declared, Double(total) / run.rate))
            if isCancelled() { throw .cancelled(path: run.path) }
        }
        if let upcoming { active.append(upcoming) }
        for i in created..<run.plan.count { active.append(try chunk(run, i)) }
        for c in active { parts.append(c.finish()) }
        return (parts, total, reader.replacedSamples)
    }

    /// The stretches on `threads` threads (the calling one included), each reading its own.
    static func parallel(
        _ run: Run, threads: Int, declared: Double,
        _ progress: (Double, Double) -> Void, _ isCancelled: () -> Bool
    ) throws(GenerateError) -> ([AnalysisPart], Int, Int) {
        let shared = SharedRun(count: run.plan.count)
        let group = DispatchGroup()
        for _ in 1..<min(threads, run.plan.count) {
            DispatchQueue.global().async(group: group) { work(run, shared) }
        }
        // Stretches read a little past their own bounds: what is read can pass the length.
        func report() { progress(min(shared.framesDone / run.rate, declared), declared) }
        work(run, shared) {
            report()
            if isCancelled() { shared.cancel() }
        }
        while group.wait(timeout: .now() + .milliseconds(200)) == .timedOut {
            report()
            if isCancelled() { shared.cancel() }
        }
        return try shared.result(path: run.path)
    }

    /// Takes stretches until none is left: seek, read, analyse, hand in the part. Reads stop
    /// at the stretch's own bounds, so the samples read as 0 are counted in the frames it owns
    /// only (each frame once, whatever the threads).
    static func work(_ run: Run, _ shared: SharedRun, afterBlock: () -> Void = {}) {
        var reader: AudioFileReader
        do { reader = try open(run.path) } catch {
            shared.fail(error, chunk: -1)
            return
        }
        let channels = run.plan.channels
        var interleaved = [Float](repeating: 0, count: blockFrames * channels)
        while let i = shared.take() {
            do throws(GenerateError) {
                let c = try chunk(run, i)
                do { try reader.seek(toFrame: c.readStart) } catch {
                    throw .unreadable(path: run.path, reason: error.description)
                }
                var position = c.readStart
                let end = c.readEnd ?? Int.max
                while position < end {
                    let stop = [c.owned.lowerBound, c.owned.upperBound, end].first {
                        $0 > position
                    }!
                    let before = reader.replacedSamples
                    let n = try read(
                        &reader, &interleaved, count: min(blockFrames, stop - position),
                        path: run.path)
                    if n == 0 { break }
                    if c.owned.contains(position) {
                        shared.replace(reader.replacedSamples - before)
                    }
                    if position + n > run.maxFrames { throw run.tooLong(position + n) }
                    interleaved.withUnsafeBufferPointer { all in
                        c.add(
                            interleaved: UnsafeBufferPointer(rebasing: all[0..<(n * channels)]),
                            first: position)
                    }
                    position += n
                    shared.advance(by: n)
                    afterBlock()
                    if shared.isCancelled { throw .cancelled(path: run.path) }
                }
                shared.hand(c.finish(), chunk: i, endingAt: c.readEnd == nil ? position : nil)
            } catch {
                shared.fail(error, chunk: i)
                return
            }
        }
    }

    /// BS.1770 loudness, or — when BS.1770 hears nothing because all the sound is in the LFE,
    /// which it does not count — the mean power of the analysed (LFE-including) frames
    /// within 40 dB of the loudest, in dB. Silence stays `-infinity`.
    static func loudness(_ measured: Double, _ features: FrameFeatures) -> Double {
        if measured > -70 { return measured }
        let totals = features.power.map(Double.init)
        guard let top = totals.max(), top > 1e-7 else { return -.infinity }
        let loud = totals.filter { $0 > top * 1e-4 }
        return 10 * log10(loud.reduce(0, +) / Double(loud.count))
    }
}

/// The state the threads of one parallel analysis share, behind one lock: the next stretch
/// to take, the parts handed in, the first failure, the frames read, a stop flag.
final class SharedRun: @unchecked Sendable {
    private let lock = PosixLock()
    private var next = 0
    private var parts: [AnalysisPart?]
    private var failure: (chunk: Int, error: GenerateError)?
    private var done = 0
    private var stopped = false
    private var total = 0
    private var replaced = 0

    init(count: Int) { parts = [AnalysisPart?](repeating: nil, count: count) }

    /// The next stretch, or nil when none is left or the run stopped.
    func take() -> Int? {
        lock.withLock {
            guard !stopped, next < parts.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func advance(by frames: Int) { lock.withLock { done += frames } }
    func replace(_ samples: Int) { lock.withLock { replaced += samples } }
    var framesDone: Double { lock.withLock { Double(done) } }
    var isCancelled: Bool { lock.withLock { stopped } }
    func cancel() { lock.withLock { stopped = true } }

    /// Stretch `chunk`'s part; the last stretch also tells where the file ended.
    func hand(_ part: AnalysisPart, chunk: Int, endingAt end: Int?) {
        lock.withLock {
            parts[chunk] = part
            if let end { total = end }
        }
    }

    /// Stops the run; the failure of the earliest stretch is the one reported.
    func fail(_ error: GenerateError, chunk: Int) {
        lock.withLock {
            stopped = true
            if failure.map({ chunk < $0.chunk }) ?? true { failure = (chunk, error) }
        }
    }

    func result(path: String) throws(GenerateError) -> ([AnalysisPart], Int, Int) {
        let (parts, failure, total, replaced) = lock.withLock {
            (self.parts, self.failure, self.total, self.replaced)
        }
        if let failure { throw failure.error }
        // A stop between stretches leaves some untaken, with no failure.
        let all = parts.compactMap { $0 }
        guard all.count == parts.count else { throw .cancelled(path: path) }
        return (all, total, replaced)
    }
}
