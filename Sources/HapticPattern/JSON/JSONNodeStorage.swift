/// The memory of a tape's nodes: one allocation, freed with the last tape that holds it
/// (a class only for its `deinit`). Immutable: growing makes a new one, so reading
/// `base` needs no exclusivity check.
final class JSONNodeStorage {
    let base: UnsafeMutablePointer<JSONTape.Node>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Storage twice as large holding this one's first `count` nodes. O(count).
    func doubled(keeping count: Int) -> JSONNodeStorage {
        let larger = JSONNodeStorage(capacity: capacity * 2)
        larger.base.moveInitialize(from: base, count: count)
        return larger
    }

    deinit {
        base.deallocate()  // nodes are plain values: nothing to deinitialize
    }
}
