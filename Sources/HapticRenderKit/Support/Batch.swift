import Dispatch
import FoundationEssentials
import Synchronization

/// The `render` batch.
public typealias RenderBatch = Batch<RenderJob>

/// Runs many jobs on a fixed number of worker threads, with live progress and cooperative
/// cancellation. One failing job never stops the others.
///
/// Jobs are taken in order by whichever worker is free (an atomic cursor), so the work is
/// balanced without any per-job scheduling; each job runs single-threaded, which is what
/// makes `--jobs N` scale with cores. Results come back in input order.
public final class Batch<Job: BatchJob>: Sendable where Job.Failure: Sendable {
    public let jobs: [Job]
    public let workers: Int
    /// Set (from a signal handler or another thread) to stop: running jobs abandon their
    /// temporary files, jobs not started are reported as cancelled.
    public let cancellation = Atomic<Bool>(false)

    private let cursor = Atomic<Int>(0)
    private let state: LockedValue<State>

    struct State {
        var results: [Result<Job.Report, Job.Failure>?]
        var framesDone: [Int64]
        var framesTotal: [Int64]
        var started = 0
        var finished = 0
        var failed = 0
    }

    public init(jobs: [Job], workers: Int) {
        self.jobs = jobs
        self.workers = max(1, min(workers, jobs.count))
        state = LockedValue(
            State(
                results: Array(repeating: nil, count: jobs.count),
                framesDone: Array(repeating: 0, count: jobs.count),
                framesTotal: Array(repeating: 0, count: jobs.count)))
    }

    /// Starts the workers and returns at once; `completion` runs on a worker thread when the
    /// last job has finished.
    public func start(completion: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for _ in 0..<workers {
            // A dedicated thread per worker: the jobs are long, CPU-bound work that must not
            // starve (or be starved by) the shared cooperative pool.
            group.enter()
            detachThread { [self] in
                work()
                group.leave()
            }
        }
        group.notify(queue: .global(), execute: completion)
    }

    /// Runs every job and blocks until all are done, calling `tick` on the calling thread
    /// about every `interval` seconds (and once at the end) with a progress snapshot.
    /// Returns the results in input order.
    public func run(
        tickInterval interval: Double = 0.25,
        tick: (BatchProgress) -> Void = { _ in }
    ) -> [Result<Job.Report, Job.Failure>] {
        let done = DispatchSemaphore(value: 0)
        start { done.signal() }
        while done.wait(timeout: .now() + interval) == .timedOut {
            tick(progress)
        }
        tick(progress)
        return state.withLock { $0.results.map { $0! } }
    }

    /// A snapshot of the batch: files started, finished, failed; work done (frames rendered).
    public var progress: BatchProgress {
        state.withLock { s in
            BatchProgress(
                files: jobs.count, started: s.started, finished: s.finished, failed: s.failed,
                framesDone: s.framesDone.reduce(0, +),
                activeFraction: zip(s.framesDone, s.framesTotal).reduce(0.0) { sum, p in
                    p.1 > 0 && p.0 < p.1 ? sum + Double(p.0) / Double(p.1) : sum
                })
        }
    }

    private func work() {
        while true {
            let index = cursor.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < jobs.count else { return }
            state.withLock { $0.started += 1 }
            let result = run(index)
            state.withLock { s in
                s.results[index] = result
                s.finished += 1
                if case .failure = result { s.failed += 1 }
            }
        }
    }

    private func run(_ index: Int) -> Result<Job.Report, Job.Failure> {
        let job = jobs[index]
        if cancellation.load(ordering: .relaxed) { return .failure(job.cancelledBeforeStart()) }
        if let done = job.reportIfDone() { return .success(done) }
        do {
            let report = try job.run(
                progress: { done, total in
                    self.state.withLock {
                        $0.framesTotal[index] = total
                        $0.framesDone[index] = done
                    }
                },
                isCancelled: { self.cancellation.load(ordering: .relaxed) })
            return .success(report)
        } catch {
            return .failure(error)
        }
    }
}

/// Progress of a ``Batch`` at one moment.
public struct BatchProgress: Sendable {
    public var files: Int
    public var started: Int
    public var finished: Int
    public var failed: Int
    /// Work done by all jobs so far, in the jobs' units (a render's frames).
    public var framesDone: Int64
    /// Sum over running jobs of their completed fraction.
    public var activeFraction: Double

    /// Fraction of the whole batch done, counting files: finished files count 1, running ones
    /// their rendered fraction. Files not yet prepared have unknown length, so frames alone
    /// cannot give an honest fraction.
    public var fraction: Double {
        files == 0 ? 1 : min(1, (Double(finished) + activeFraction) / Double(files))
    }
}
