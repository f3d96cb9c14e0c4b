import HapticPattern
import Synchronization

/// A dynamic-parameter change sent while rendering (`sendParameters(_:atTime:)`).
public struct QueuedParameter: Sendable, Hashable {
    public var id: DynamicParameterID
    /// Control value; clamped to ``DynamicParameterID/range`` when applied.
    public var value: Double
    /// Output sample at which it applies; a sample already rendered means "now".
    public var sample: Int64
    /// Layer (player) it applies to.
    public var layer: Int

    public init(id: DynamicParameterID, value: Double, sample: Int64, layer: Int = 0) {
        self.id = id
        self.value = value
        self.sample = sample
        self.layer = layer
    }
}

/// A wait-free single-producer / single-consumer ring for runtime dynamic parameters.
///
/// One thread (a UI, a game loop) calls ``push(_:)``; the render thread drains it at the start
/// of every internal block through a ``Consumer``. No locks, no allocation after init: the ring
/// is allocated once with a power-of-two capacity and indexed with a mask (swift-nio's
/// `CircularBuffer` idea). The indices live in raw memory, so the render thread's consumer is a
/// plain struct of pointers: draining involves no reference counting. Only one producer thread
/// at a time is supported; that is the contract of SPSC.
public final class RuntimeParameterQueue: @unchecked Sendable {
    // @unchecked: slots are written only by the producer before it publishes `tail` with
    // release ordering and read only by the consumer after acquiring it (and vice versa for
    // `head`), so no slot is ever accessed by both threads at once.
    @usableFromInline let consumer: Consumer

    /// Creates a queue holding up to `capacity` pending changes (rounded up to a power of 2).
    public init(capacity: Int = 1_024) {
        var size = 1
        while size < max(capacity, 2) { size <<= 1 }
        let head = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 1)
        head.initialize(to: Atomic(0))
        let tail = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 1)
        tail.initialize(to: Atomic(0))
        consumer = Consumer(
            storage: .allocate(capacity: size), mask: size - 1, head: head, tail: tail)
    }

    deinit {
        consumer.storage.deallocate()
        consumer.head.deinitialize(count: 1)
        consumer.head.deallocate()
        consumer.tail.deinitialize(count: 1)
        consumer.tail.deallocate()
    }

    /// Enqueues a change. Returns `false` (dropping it) when the queue is full. Wait-free.
    @discardableResult
    public func push(_ parameter: QueuedParameter) -> Bool {
        let c = consumer
        let t = c.tail.pointee.load(ordering: .relaxed)
        let h = c.head.pointee.load(ordering: .acquiring)
        guard t &- h <= c.mask else { return false }
        c.storage[t & c.mask] = parameter
        c.tail.pointee.store(t &+ 1, ordering: .releasing)
        return true
    }

    /// The render thread's end of the queue: raw pointers only, valid while the queue lives.
    @usableFromInline struct Consumer {
        @usableFromInline let storage: UnsafeMutablePointer<QueuedParameter>
        @usableFromInline let mask: Int
        @usableFromInline let head: UnsafeMutablePointer<Atomic<Int>>  // next slot to read
        @usableFromInline let tail: UnsafeMutablePointer<Atomic<Int>>  // next slot to write

        /// Dequeues the oldest change, if any. Wait-free; consumer thread only.
        func pop() -> QueuedParameter? {
            let h = head.pointee.load(ordering: .relaxed)
            let t = tail.pointee.load(ordering: .acquiring)
            guard h != t else { return nil }
            let value = storage[h & mask]
            head.pointee.store(h &+ 1, ordering: .releasing)
            return value
        }
    }
}
