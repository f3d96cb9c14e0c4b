import HapticRender
import SoundFile

/// A segment worker's own render (a class, so that a worker thread can hold it).
private final class SegmentReader: @unchecked Sendable {
    // @unchecked: used by exactly one worker thread after it is created.
    var render: PreparedRender
    init(_ render: consuming PreparedRender) { self.render = render }
}

extension PreparedRender {
    /// Frames per block handed from a segment worker to the file writer: large, because every
    /// hand-over takes the pipeline's lock twice and wakes a thread (16,384-frame blocks cost
    /// 9,400 futex calls on a 12-minute film and 4 % of the two-thread speed-up).
    static var segmentBlockFrames: Int { 65_536 }
    /// Memory all segment workers' blocks may take. A worker renders ahead of the writer only
    /// as far as its blocks reach: a segment longer than that waits for the writer, so the
    /// plan keeps segments within half a worker's share where the gaps allow.
    static var segmentMemoryBytes: Int { 24 << 20 }

    /// Blocks per worker within ``segmentMemoryBytes`` (at least 4).
    func segmentBlocksPerWorker(workers: Int) -> Int {
        let blockBytes = Self.segmentBlockFrames * channelCount * MemoryLayout<Float>.size
        return max(4, Self.segmentMemoryBytes / (max(1, workers) * blockBytes))
    }

    /// How ``write(progress:isCancelled:)`` splits the file over ``RenderOptions/threads``, or
    /// nil when it renders on one thread: one thread asked for, the reference engine, a render
    /// already under way, or a pattern with no quiet gap to split at.
    func segmentPlan() -> SegmentPlan? {
        let options = job.options
        guard options.threads > 1, options.engine == .fast, position == 0 else { return nil }
        let ahead = Int64(
            segmentBlocksPerWorker(workers: options.threads) * Self.segmentBlockFrames)
        let plan = SegmentPlan(
            timeline: timeline, configuration: options.renderConfiguration,
            frames: frames, threads: options.threads, maximumSpacing: ahead / 2)
        return plan.segmentCount >= 2 ? plan : nil
    }

    /// Another render of the same job, at frame 0, for a segment worker. Allocates a renderer.
    func makeSegmentReader() throws(RenderError) -> PreparedRender {
        let options = job.options
        let renderer = try EngineRenderer(
            options.engine, timeline: timeline, audio: audio,
            configuration: options.renderConfiguration)
        return PreparedRender(
            job: job, renderer: renderer, audio: audio, soundtrack: soundtrack, frames: frames,
            diagnostics: [], notes: [], pattern: pattern, resources: resources, timeline: timeline)
    }

    /// Renders the file's segments on worker threads (``SegmentPipeline``) and writes them in
    /// order to `writer` on this thread. The frames are those of a one-thread render, bit for
    /// bit, whatever `blockFrames` (frames per block handed to the writer). On error or
    /// cancellation the workers are stopped and joined before this throws.
    mutating func writeSegments(
        _ plan: SegmentPlan, to writer: inout SoundFileWriter,
        blockFrames: Int = Self.segmentBlockFrames,
        progress: (Int64) -> Void, isCancelled: () -> Bool
    ) throws(RenderJobError) {
        let job = self.job
        let workers = min(job.options.threads, plan.segmentCount)
        var readers: [SegmentReader] = []
        do throws(RenderError) {
            for _ in 0..<workers { readers.append(SegmentReader(try makeSegmentReader())) }
        } catch {
            throw RenderJobError(input: job.input, stage: .render, message: error.description)
        }
        // Blocks for the longest segment and one more, within the memory budget.
        let longest = zip(plan.boundaries, plan.boundaries.dropFirst()).map { $1 - $0 }.max() ?? 0
        let needed = Int(longest / Int64(blockFrames)) + 2
        let pipeline = SegmentPipeline(
            boundaries: plan.boundaries, workers: workers,
            blockFrames: blockFrames, channels: channelCount,
            blocksPerWorker: min(needed, segmentBlocksPerWorker(workers: workers)))
        for (w, reader) in readers.enumerated() {
            pipeline.start(
                worker: w,
                seek: { reader.render.seek(toFrame: $0) },
                render: { _ = reader.render.read(into: $0) },
                isQuiescent: { reader.render.renderer.isQuiescent() })
        }
        defer { pipeline.finish() }
        while let block = pipeline.nextBlock() {
            if isCancelled() {
                throw RenderJobError(
                    input: job.input, stage: .cancelled, message: "interrupted; no output written")
            }
            do {
                try writer.write(
                    UnsafeBufferPointer(rebasing: block.buffer[0..<(block.frames * channelCount)]))
            } catch {
                if case .streamClosed = error {
                    throw RenderJobError(
                        input: job.input, stage: .outputClosed, message: error.description)
                }
                throw RenderJobError(input: job.input, stage: .write, message: error.description)
            }
            pipeline.recycle(block)
            position += Int64(block.frames)
            progress(position)
        }
    }
}
