/// A render is one job of a ``RenderBatch``: progress in output frames.
extension RenderJob: BatchJob {
    public func reportIfDone() -> RenderReport? {
        options.skipExisting && outputExists ? .skipped(self) : nil
    }

    public func cancelledBeforeStart() -> RenderJobError {
        RenderJobError(input: input, stage: .cancelled, message: "interrupted before it started")
    }

    public func run(progress: (Int64, Int64) -> Void, isCancelled: () -> Bool)
        throws(RenderJobError) -> RenderReport
    {
        let prepared = try prepare()
        let total = prepared.frames
        progress(0, total)
        return try prepared.write(progress: { progress($0, total) }, isCancelled: isCancelled)
    }
}
