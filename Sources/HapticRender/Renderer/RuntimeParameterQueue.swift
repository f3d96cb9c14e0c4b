import HapticPattern
import Synchronization

/// A dynamic-parameter change sent while rendering (`sendParameters(_:atTime:)`).
public struct QueuedParameter: Sendable, Hashable {
    package var id: DynamicParameterID
    /// Control value; clamped to ``DynamicParameterID/range`` when applied.
    package var value: Double
    /// Output sample at which it applies; a sample already rendered means "now".
    @usableFromInline package var sample: Int64
    /// Layer (player) it applies to.
    package var layer: Int

    public init(id: DynamicParameterID, value: Double, sample: Int64, layer: Int = 0) {
        self.id = id
        self.value = value
        self.sample = sample
        self.layer = layer
    }
}

/// A bounded multi-producer / single-consumer ring for runtime dynamic parameters.
///
/// Any number of threads (a UI, a game loop, several of them at once) call ``push(_:)``; the
/// render thread drains it at the start of every internal block through a ``Consumer``. No
/// locks, no allocation after init: the ring is allocated once with a power-of-two capacity
/// and indexed with a mask. Each slot carries a sequence number (Dmitry Vyukov's bounded
/// queue): a producer claims a slot by advancing the tail with a compare-exchange, writes it,
/// then publishes it by storing the slot's sequence; the consumer takes a slot only once its
/// sequence says it is written.
///
/// Progress: ``Consumer/pop()`` is wait-free (a load, a read, two stores; a slot claimed but
/// not yet written ends the drain for this block, and its value is taken at the next).
/// ``push(_:)`` is lock-free: a producer retries only when another producer claimed the slot
/// first, and a full queue returns `false` at once. However many producers push at once, the
/// render thread never waits for them.
public final class RuntimeParameterQueue: @unchecked Sendable {
    // @unchecked: a slot's value is written only by the producer that claimed it, before it
    // stores the slot's sequence with release ordering, and read only by the consumer after
    // loading that sequence with acquire ordering (and vice versa when the consumer frees it).
    @usableFromInline let consumer: Consumer

    /// Creates a queue holding up to `capacity` pending changes (rounded up to a power of 2).
    package init(capacity: Int = 1_024) {
        var size = 1
        while size < max(capacity, 2) { size <<= 1 }
        let sequences = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: size)
        for i in 0..<size { (sequences + i).initialize(to: Atomic(i)) }
        let head = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 1)
        head.initialize(to: Atomic(0))
        let tail = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 1)
        tail.initialize(to: Atomic(0))
        consumer = Consumer(
            storage: .allocate(capacity: size), sequences: sequences, mask: size - 1, head: head,
            tail: tail)
    }

    deinit {
        consumer.storage.deallocate()
        consumer.sequences.deinitialize(count: consumer.mask + 1)
        consumer.sequences.deallocate()
        consumer.head.deinitialize(count: 1)
        consumer.head.deallocate()
        consumer.tail.deinitialize(count: 1)
        consumer.tail.deallocate()
    }

    /// Enqueues a change. Returns `false` (dropping it) when the queue is full. Lock-free;
    /// any thread.
    @discardableResult
    public func push(_ parameter: QueuedParameter) -> Bool {
        let c = consumer
        var position = c.tail.pointee.load(ordering: .relaxed)
        while true {
            let slot = position & c.mask
            let sequence = c.sequences[slot].load(ordering: .acquiring)
            let lag = sequence &- position
            if lag == 0 {
                let (claimed, seen) = c.tail.pointee.compareExchange(
                    expected: position, desired: position &+ 1, ordering: .relaxed)
                if claimed {
                    c.storage[slot] = parameter
                    c.sequences[slot].store(position &+ 1, ordering: .releasing)
                    return true
                }
                position = seen
            } else if lag < 0 {
                return false  // the slot still holds a change the consumer has not taken
            } else {
                position = c.tail.pointee.load(ordering: .relaxed)
            }
        }
    }

    /// The render thread's end of the queue: raw pointers only, valid while the queue lives.
    @usableFromInline struct Consumer {
        @usableFromInline let storage: UnsafeMutablePointer<QueuedParameter>
        @usableFromInline let sequences: UnsafeMutablePointer<Atomic<Int>>
        @usableFromInline let mask: Int
        @usableFromInline let head: UnsafeMutablePointer<Atomic<Int>>  // next slot to read
        @usableFromInline let tail: UnsafeMutablePointer<Atomic<Int>>  // next slot to claim

        /// Dequeues the oldest published change, if any. Wait-free; consumer thread only.
        func pop() -> QueuedParameter? {
            let position = head.pointee.load(ordering: .relaxed)
            let slot = position & mask
            guard sequences[slot].load(ordering: .acquiring) == position &+ 1 else { return nil }
            let value = storage[slot]
            head.pointee.store(position &+ 1, ordering: .relaxed)
            sequences[slot].store(position &+ mask &+ 1, ordering: .releasing)
            return value
        }
    }
}
