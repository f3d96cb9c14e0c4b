import Dispatch
import FoundationEssentials
import SoundFile

/// Writes rendered blocks to a ``SoundFileWriter`` on a second thread while the caller
/// renders the next block, so a render to file costs about max(render, write) instead of
/// their sum.
///
/// Two buffers alternate: the caller fills one (``acquire()`` / ``submit(_:samples:)``) while
/// the writer thread writes the other; semaphores hand each buffer over, which also orders
/// the memory accesses. A write error stops further writes (the caller sees it at its next
/// ``acquire()`` or in ``finish()``). The file is published or abandoned only by the
/// caller, after ``finish()`` has joined the thread and handed the writer back.
final class BackgroundBlockWriter: @unchecked Sendable {
    // `@unchecked Sendable`: every field is either immutable or handed between exactly two
    // threads through the semaphores below (buffer contents, `counts`).
    private let writer: UnsafeMutablePointer<SoundFileWriter>
    private let buffers: [UnsafeMutableBufferPointer<Float>]
    /// Samples in each buffer; −1 = stop. Raw memory, not an Array property: the two threads
    /// touch different elements at the same time, which a class's Array property would
    /// report as an exclusivity violation.
    private let counts = UnsafeMutablePointer<Int>.allocate(capacity: 2)
    /// The first write error. Locked: `acquire()` may read it after waiting on the *other*
    /// buffer's signal, which orders nothing with the writer thread's store.
    private let failure = LockedValue<SoundFileError?>(nil)
    /// Created at 0 and signalled twice in `init`: libdispatch traps when a semaphore is
    /// destroyed below its initial value, and the stop slot is never given back.
    private let free = DispatchSemaphore(value: 0)
    private let filled = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private var next = 0
    private var joined = false

    init(_ writer: consuming SoundFileWriter, blockSamples: Int) {
        self.writer = .allocate(capacity: 1)
        self.writer.initialize(to: writer)
        buffers = (0..<2).map { _ in .allocate(capacity: blockSamples) }
        counts.initialize(repeating: 0, count: 2)
        free.signal()
        free.signal()
        detachThread { [self] in drain() }
    }

    deinit {
        close()
        writer.deallocate()
        for buffer in buffers { buffer.deallocate() }
        counts.deallocate()
    }

    /// The next buffer to fill (waits while both are being written), with its slot.
    /// - Throws: the first write error, if one has happened (read after the semaphore that
    ///   the writer thread signals after setting it, so the read is ordered).
    func acquire() throws(SoundFileError) -> (slot: Int, buffer: UnsafeMutableBufferPointer<Float>)
    {
        free.wait()
        if let error = failure.withLock({ $0 }) {
            free.signal()
            throw error
        }
        let slot = next
        next = 1 - next
        return (slot, buffers[slot])
    }

    /// Hands `samples` samples of `slot`'s buffer to the writer thread.
    func submit(_ slot: Int, samples: Int) {
        counts[slot] = samples
        filled.signal()
    }

    /// Waits for every submitted block to be written and returns the writer, ready to
    /// `finish()` or `cancel()`.
    /// - Throws: the first write error (the writer is then dropped: no file is published).
    func finish() throws(SoundFileError) -> SoundFileWriter {
        stop()
        joined = true
        let w = writer.move()
        if let error = failure.withLock({ $0 }) { throw error }
        return w
    }

    /// Joins the writer thread and drops the writer (its temporary file is removed) unless
    /// ``finish()`` handed it back already. Idempotent.
    func close() {
        guard !joined else { return }
        stop()
        joined = true
        writer.deinitialize(count: 1)
    }

    private func stop() {
        free.wait()
        counts[next] = -1
        filled.signal()
        stopped.wait()
    }

    private func drain() {
        var slot = 0
        while true {
            filled.wait()
            let n = counts[slot]
            if n < 0 { break }
            if failure.withLock({ $0 == nil }) {
                do {
                    try writer.pointee.write(UnsafeBufferPointer(rebasing: buffers[slot][0..<n]))
                } catch {
                    failure.withLock { $0 = error }
                }
            }
            slot = 1 - slot
            free.signal()
        }
        stopped.signal()
    }
}
