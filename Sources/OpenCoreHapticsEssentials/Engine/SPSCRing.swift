import Synchronization

/// A wait-free single-producer / single-consumer ring of trivial values: the engine's
/// control side (under its lock, so one producer at a time) hands changes to the render
/// thread, which never waits, allocates or locks to take them. A power-of-two capacity
/// indexed with a mask, as ``RuntimeParameterQueue`` in HapticRender.
final class SPSCRing<Element>: @unchecked Sendable {
    // @unchecked: a slot is written by the producer before it publishes `tail` (release) and
    // read by the consumer after acquiring it, so no slot is touched by both at once.
    private let storage: UnsafeMutablePointer<Element>
    private let mask: Int
    private let head = Atomic<Int>(0)  // next slot to read
    private let tail = Atomic<Int>(0)  // next slot to write

    /// Room for `capacity` values (rounded up to a power of two).
    init(capacity: Int) {
        precondition(_isPOD(Element.self), "the ring holds trivial values only")
        var size = 2
        while size < capacity { size <<= 1 }
        storage = .allocate(capacity: size)
        mask = size - 1
    }

    deinit { storage.deallocate() }

    /// Appends `value`; false (dropping it) when the ring is full. Producer only; wait-free.
    func push(_ value: Element) -> Bool {
        let t = tail.load(ordering: .relaxed)
        guard t &- head.load(ordering: .acquiring) <= mask else { return false }
        (storage + (t & mask)).initialize(to: value)
        tail.store(t &+ 1, ordering: .releasing)
        return true
    }

    /// The oldest value, if any. Consumer only; wait-free.
    func pop() -> Element? {
        let h = head.load(ordering: .relaxed)
        guard h != tail.load(ordering: .acquiring) else { return nil }
        let value = storage[h & mask]
        head.store(h &+ 1, ordering: .releasing)
        return value
    }
}
