import HapticPattern
import Synchronization

/// A dynamic-parameter change sent while rendering (`sendParameters(_:atTime:)`).
public struct RuntimeParameter: Sendable, Hashable {
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
/// of every internal block. No locks, no allocation after init: the ring is allocated once with
/// a power-of-two capacity and indexed with a mask (swift-nio's `CircularBuffer` idea). Only
/// one producer thread at a time is supported; that is the contract of SPSC.
public final class RuntimeParameterQueue: @unchecked Sendable {
    // @unchecked: slots are written only by the producer before it publishes `tail` with
    // release ordering and read only by the consumer after acquiring it (and vice versa for
    // `head`), so no slot is ever accessed by both threads at once.
    @usableFromInline let storage: UnsafeMutablePointer<RuntimeParameter>
    @usableFromInline let mask: Int
    @usableFromInline let head = Atomic<Int>(0)  // next slot to read (consumer)
    @usableFromInline let tail = Atomic<Int>(0)  // next slot to write (producer)

    /// Creates a queue holding up to `capacity` pending changes (rounded up to a power of 2).
    public init(capacity: Int = 1_024) {
        var size = 1
        while size < max(capacity, 2) { size <<= 1 }
        storage = .allocate(capacity: size)
        mask = size - 1
    }

    deinit { storage.deallocate() }

    /// Enqueues a change. Returns `false` (dropping it) when the queue is full. Wait-free.
    @discardableResult
    public func push(_ parameter: RuntimeParameter) -> Bool {
        let t = tail.load(ordering: .relaxed)
        let h = head.load(ordering: .acquiring)
        guard t &- h <= mask else { return false }
        (storage + (t & mask)).initialize(to: parameter)
        tail.store(t &+ 1, ordering: .releasing)
        return true
    }

    /// Dequeues the oldest change, if any. Wait-free; consumer thread only.
    @inlinable @_noLocks
    public func pop() -> RuntimeParameter? {
        let h = head.load(ordering: .relaxed)
        let t = tail.load(ordering: .acquiring)
        guard h != t else { return nil }
        let value = (storage + (h & mask)).move()
        head.store(h &+ 1, ordering: .releasing)
        return value
    }
}
