import FoundationEssentials
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times the render pipeline on one file, for `ahap-render bench`.
///
/// Each iteration measures, with a monotonic clock:
/// - **time to first buffer**: read + decode + custom audio + schedule + renderer allocation +
///   the first `blockFrames` frames — what an app waits for before it hears anything;
/// - **render**: every frame through the pull API into memory (no file output), from which
///   frames/s and × realtime follow.
///
/// Results report the median and the spread (min…max) over iterations; the first iteration
/// warms caches like every other and is not dropped (with one iteration it is the result).
public enum RenderBenchmark {
    public struct Sample: Sendable {
        public var firstBufferSeconds: Double
        public var renderSeconds: Double
        /// Render written to a file (`writeTo`), and libsndfile writing as many silent frames
        /// in the same format — the floor any file-writing renderer pays.
        public var fileSeconds: Double?
        public var silentWriteSeconds: Double?
    }

    public struct Result: Sendable {
        public var input: String
        public var frames: Int64
        public var sampleRate: Double
        public var blockFrames: Int
        public var samples: [Sample]
        /// The process's peak resident memory after the runs, in bytes (getrusage).
        public var peakMemoryBytes: Int

        public var audioSeconds: Double { Double(frames) / sampleRate }
        public var firstBuffer: Spread { Spread(samples.map(\.firstBufferSeconds)) }
        public var render: Spread { Spread(samples.map(\.renderSeconds)) }
        public var file: Spread? {
            samples.first?.fileSeconds == nil ? nil : Spread(samples.compactMap(\.fileSeconds))
        }
        public var silentWrite: Spread? {
            samples.first?.silentWriteSeconds == nil
                ? nil : Spread(samples.compactMap(\.silentWriteSeconds))
        }
        /// Median frames rendered per second of wall-clock time.
        public var framesPerSecond: Double {
            render.median > 0 ? Double(frames) / render.median : 0
        }
        public var realtimeFactor: Double { render.median > 0 ? audioSeconds / render.median : 0 }
    }

    /// Median, minimum and maximum of a set of timings.
    public struct Spread: Sendable {
        public var median: Double
        public var min: Double
        public var max: Double

        init(_ values: [Double]) {
            let sorted = values.sorted()
            let n = sorted.count
            median =
                n == 0 ? 0 : (n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2)
            min = sorted.first ?? 0
            max = sorted.last ?? 0
        }
    }

    /// Runs `iterations` timed renders of `job` with `job.options.blockFrames` per call. With
    /// `writeTo`, each iteration also renders the job to that file (replaced each time, removed
    /// at the end) and writes the same number of silent frames there with libsndfile.
    public static func run(_ job: RenderJob, iterations: Int, writeTo file: String? = nil)
        throws(RenderJobError) -> Result
    {
        let block = job.options.blockFrames
        var samples: [Sample] = []
        var frames: Int64 = 0
        for _ in 0..<max(1, iterations) {
            let start = ContinuousClock.now
            var prepared = try job.prepare()
            let channels = prepared.channelCount
            let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: block * channels)
            defer { buffer.deallocate() }
            _ = prepared.read(into: buffer)
            let first = ContinuousClock.now
            while prepared.read(into: buffer) > 0 {}
            let end = ContinuousClock.now
            frames = prepared.frames
            var sample = Sample(
                firstBufferSeconds: seconds(first - start), renderSeconds: seconds(end - start))
            if let file {
                defer { try? FileManager.default.removeItem(atPath: file) }
                var toFile = job
                toFile.output = file
                toFile.options.overwrite = true
                let t0 = ContinuousClock.now
                _ = try toFile.prepare().write()
                sample.fileSeconds = seconds(ContinuousClock.now - t0)
                // Both writes create the file: replacing the render's output would charge the
                // silent write with freeing it (≈ 50 ms for 277 MB on tmpfs).
                try? FileManager.default.removeItem(atPath: file)
                sample.silentWriteSeconds = try silentWrite(
                    like: toFile, frames: frames, channels: channels)
            }
            samples.append(sample)
        }
        return Result(
            input: job.input, frames: frames, sampleRate: job.options.sampleRate,
            blockFrames: block,
            samples: samples, peakMemoryBytes: peakResidentBytes())
    }

    /// Seconds libsndfile takes to write `frames` silent frames in `job`'s format, through the
    /// same atomic writer and block size as a render.
    static func silentWrite(like job: RenderJob, frames: Int64, channels: Int)
        throws(RenderJobError) -> Double
    {
        let o = job.options
        let start = ContinuousClock.now
        do {
            var writer = try SoundFileWriter(
                path: job.output, format: o.format, sampleFormat: o.sampleFormat,
                sampleRate: Int(o.sampleRate), channels: channels, overwrite: true)
            let block = [Float](repeating: 0, count: 65_536 * channels)
            var left = frames
            while left > 0 {
                let n = Int(min(left, 65_536))
                try block.withUnsafeBufferPointer { (b) throws(SoundFileError) in
                    try writer.write(UnsafeBufferPointer(rebasing: b[0..<(n * channels)]))
                }
                left -= Int64(n)
            }
            try writer.finish()
        } catch {
            throw RenderJobError(input: job.input, stage: .write, message: error.description)
        }
        return seconds(ContinuousClock.now - start)
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// Peak resident set size of this process (Linux reports KiB).
    package static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }
}
