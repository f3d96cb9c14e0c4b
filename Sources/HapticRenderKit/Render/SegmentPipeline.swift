import FoundationEssentials

/// Renders the segments of a ``SegmentPlan`` on worker threads and hands their blocks to one
/// consumer in file order — the same frames, bit for bit, as one renderer playing the whole
/// file.
///
/// Each worker owns a renderer and a few blocks. It claims the next segment, seeks there and
/// renders it block by block; at the segment's end it asks its renderer whether it is
/// quiescent. If not, the segment's state carries into the next one, so the worker renders on
/// through the next boundary (and the next, until one is quiescent). The consumer takes
/// blocks of the segment it is at (``nextBlock()``); when that segment's worker stops at boundary e, the
/// consumer goes on with segment e and drops whatever other workers rendered in between
/// (their start assumed a rest that did not happen).
///
/// Memory is `workers × blocksPerWorker` blocks. A worker waits when all its blocks wait for
/// the consumer; the worker of the consumer's own segment always gets its blocks back, so
/// the pipeline cannot stall. A worker gets ahead of the consumer by at most its blocks, so
/// segments longer than that render partly in turn, not at once: the plan keeps them shorter. One condition variable guards the bookkeeping; it is touched
/// once per block (thousands of frames), never per sample.
final class SegmentPipeline: @unchecked Sendable {
    // @unchecked: the mutable state below is read and written only while `condition` is
    // locked; block contents pass from a worker to the consumer through that same lock.

    /// One rendered block on its way to the consumer.
    struct Block {
        let worker: Int
        let buffer: UnsafeMutableBufferPointer<Float>
        let frames: Int
    }

    let boundaries: [Int64]
    let blockFrames: Int
    let channels: Int
    private let condition = PosixCondition()
    private var nextSegment = 0
    /// The segment the consumer is at.
    private var segment = 0
    private var ready: [[Block]]
    private var finished: [Bool]
    /// The boundary index where each segment's worker stopped (its first quiescent boundary).
    private var endBoundary: [Int]
    private var abandoned: [Bool]
    private var free: [[UnsafeMutableBufferPointer<Float>]]
    private let allBuffers: [UnsafeMutableBufferPointer<Float>]
    private var running = 0
    private var cancelled = false

    init(
        boundaries: [Int64], workers: Int, blockFrames: Int, channels: Int, blocksPerWorker: Int = 4
    ) {
        precondition(boundaries.count >= 2 && workers >= 1 && blockFrames >= 1)
        self.boundaries = boundaries
        self.blockFrames = blockFrames
        self.channels = channels
        let segments = boundaries.count - 1
        ready = Array(repeating: [], count: segments)
        finished = Array(repeating: false, count: segments)
        endBoundary = Array(repeating: 0, count: segments)
        abandoned = Array(repeating: false, count: segments)
        var all: [UnsafeMutableBufferPointer<Float>] = []
        free = (0..<workers).map { _ in
            (0..<blocksPerWorker).map { _ in
                let b = UnsafeMutableBufferPointer<Float>.allocate(capacity: blockFrames * channels)
                all.append(b)
                return b
            }
        }
        allBuffers = all
    }

    deinit { for buffer in allBuffers { buffer.deallocate() } }

    var workerCount: Int { free.count }

    // MARK: Workers

    /// Runs `worker` on a new thread: it claims segments until none is left.
    /// - Parameters:
    ///   - seek: moves the worker's renderer to a frame.
    ///   - render: renders the next frames into a buffer (exactly its frame count).
    ///   - isQuiescent: whether the renderer's state depends on its position only.
    func start(
        worker: Int, seek: @escaping @Sendable (Int64) -> Void,
        render: @escaping @Sendable (UnsafeMutableBufferPointer<Float>) -> Void,
        isQuiescent: @escaping @Sendable () -> Bool
    ) {
        condition.withLock { running += 1 }
        detachThread { [self] in
            while let segment = claim() {
                renderSegment(
                    segment, worker: worker, seek: seek, render: render, isQuiescent: isQuiescent)
            }
            condition.withLock {
                running -= 1
                condition.broadcast()
            }
        }
    }

    private func renderSegment(
        _ segment: Int, worker: Int, seek: (Int64) -> Void,
        render: (UnsafeMutableBufferPointer<Float>) -> Void, isQuiescent: () -> Bool
    ) {
        var position = boundaries[segment]
        var end = segment + 1
        seek(position)
        while true {
            while position < boundaries[end] {
                guard let buffer = takeBuffer(worker: worker, segment: segment) else { return }
                let frames = Int(min(Int64(blockFrames), boundaries[end] - position))
                render(UnsafeMutableBufferPointer(rebasing: buffer[0..<(frames * channels)]))
                position += Int64(frames)
                condition.withLock {
                    if abandoned[segment] {
                        free[worker].append(buffer)
                    } else {
                        ready[segment].append(Block(worker: worker, buffer: buffer, frames: frames))
                    }
                    condition.broadcast()
                }
            }
            if end == boundaries.count - 1 || isQuiescent() { break }
            end += 1  // the state carries on: this segment covers the next one too
        }
        condition.withLock {
            endBoundary[segment] = end
            finished[segment] = true
            condition.broadcast()
        }
    }

    /// The next segment nobody has rendered or dropped, or nil when there is none (or the
    /// pipeline was cancelled).
    private func claim() -> Int? {
        condition.withLock {
            while nextSegment < abandoned.count, abandoned[nextSegment] { nextSegment += 1 }
            guard !cancelled, nextSegment < abandoned.count else { return nil }
            defer { nextSegment += 1 }
            return nextSegment
        }
    }

    /// One of `worker`'s free blocks (waiting for one), or nil if `segment` was dropped or the
    /// pipeline cancelled.
    private func takeBuffer(worker: Int, segment: Int) -> UnsafeMutableBufferPointer<Float>? {
        condition.withLock {
            while free[worker].isEmpty, !abandoned[segment], !cancelled { condition.wait() }
            guard !abandoned[segment], !cancelled else { return nil }
            return free[worker].removeLast()
        }
    }

    // MARK: Consumer

    /// The next block in file order, waiting for it; nil at the end. Consumer thread only.
    /// Give the block back with ``recycle(_:)`` once its samples are used.
    func nextBlock() -> Block? {
        condition.withLock {
            while segment < ready.count {
                while ready[segment].isEmpty, !finished[segment] { condition.wait() }
                if !ready[segment].isEmpty { return ready[segment].removeFirst() }
                // The segment's worker stopped at a quiescent boundary: whatever was rendered
                // from the boundaries it ran through is dropped.
                let end = endBoundary[segment]
                for dropped in (segment + 1)..<end { drop(dropped) }
                segment = end
                condition.broadcast()
            }
            return nil
        }
    }

    /// Gives a block from ``nextBlock()`` back to its worker.
    func recycle(_ block: Block) {
        condition.withLock {
            free[block.worker].append(block.buffer)
            condition.broadcast()
        }
    }

    /// Marks `segment` dropped and gives its waiting blocks back. Caller holds the lock.
    private func drop(_ segment: Int) {
        abandoned[segment] = true
        for block in ready[segment] { free[block.worker].append(block.buffer) }
        ready[segment].removeAll()
    }

    /// Stops the workers (those still rendering stop at their next block) and waits for them.
    /// Call it once the consumer is done, whether it read every block or not.
    func finish() {
        condition.withLock {
            cancelled = true
            condition.broadcast()
            while running > 0 { condition.wait() }
        }
    }
}
