import HapticRender
import SoundFile

/// A segment worker's own render (a class, so that a worker thread can hold it).
private final class SegmentReader: @unchecked Sendable {
    // @unchecked: used by exactly one worker thread after it is created.
    var render: PreparedRender
    init(_ render: consuming PreparedRender) { self.render = render }
}

extension PreparedRender {
    /// Frames per block handed from a segment worker to the file writer.
    static var segmentBlockFrames: Int { 16_384 }

    /// How ``write(progress:isCancelled:)`` splits the file over ``RenderOptions/threads``, or
    /// nil when it renders on one thread: one thread asked for, the reference engine, a render
    /// already under way, or a pattern with no quiet gap to split at.
    func segmentPlan() -> SegmentPlan? {
        let options = job.options
        guard options.threads > 1, options.engine == .fast, position == 0 else { return nil }
        let plan = SegmentPlan(timeline: timeline, configuration: options.renderConfiguration,
                               frames: frames, threads: options.threads)
        return plan.segmentCount >= 2 ? plan : nil
    }

    /// Another render of the same job, at frame 0, for a segment worker. Allocates a renderer.
    func makeSegmentReader() throws(RenderError) -> PreparedRender {
        let options = job.options
        let renderer = try EngineRenderer(options.engine, timeline: timeline, audio: audio,
                                          configuration: options.renderConfiguration)
        return PreparedRender(job: job, renderer: renderer, audio: audio, soundtrack: soundtrack, frames: frames,
                              diagnostics: [], notes: [], pattern: pattern, resources: resources, timeline: timeline)
    }

    /// Renders the file's segments on worker threads (``SegmentPipeline``) and writes them in
    /// order to `writer` on this thread. The frames are those of a one-thread render, bit for
    /// bit. On error or cancellation the workers are stopped and joined before this throws.
    mutating func writeSegments(_ plan: SegmentPlan, to writer: inout SoundFileWriter,
                                progress: (Int64) -> Void, isCancelled: () -> Bool) throws(RenderJobError) {
        let job = self.job
        let workers = min(job.options.threads, plan.segmentCount)
        var readers: [SegmentReader] = []
        do throws(RenderError) {
            for _ in 0..<workers { readers.append(SegmentReader(try makeSegmentReader())) }
        } catch {
            throw RenderJobError(input: job.input, stage: .render, message: error.description)
        }
        let pipeline = SegmentPipeline(boundaries: plan.boundaries, workers: workers,
                                       blockFrames: Self.segmentBlockFrames, channels: channelCount)
        for (w, reader) in readers.enumerated() {
            pipeline.start(worker: w,
                           seek: { reader.render.seek(toFrame: $0) },
                           render: { _ = reader.render.read(into: $0) },
                           isQuiescent: { reader.render.renderer.isQuiescent() })
        }
        defer { pipeline.finish() }
        while let block = pipeline.nextBlock() {
            if isCancelled() {
                throw RenderJobError(input: job.input, stage: .cancelled, message: "interrupted; no output written")
            }
            do {
                try writer.write(UnsafeBufferPointer(rebasing: block.buffer[0..<(block.frames * channelCount)]))
            } catch {
                if case .streamClosed = error {
                    throw RenderJobError(input: job.input, stage: .outputClosed, message: error.description)
                }
                throw RenderJobError(input: job.input, stage: .write, message: error.description)
            }
            pipeline.recycle(block)
            position += Int64(block.frames)
            progress(position)
        }
    }
}
