/// One unit of a ``Batch``: a file to render, an audio file to turn into haptics.
public protocol BatchJob: Sendable {
    associatedtype Report: Sendable
    associatedtype Failure: Error
    /// The job's report when it counts as done already (`--skip-existing` and its output is
    /// there), or nil to run it.
    func reportIfDone() -> Report?
    /// The failure of a job the batch was cancelled before it started.
    func cancelledBeforeStart() -> Failure
    /// Does the work, calling `progress(done, total)` in the job's own units (a render's
    /// frames, an analysis' milliseconds of audio) and stopping when `isCancelled()` turns true.
    func run(progress: (_ done: Int64, _ total: Int64) -> Void, isCancelled: () -> Bool)
        throws(Failure) -> Report
}
