/// A fixed-capacity, order-preserving pool of active voices.
///
/// Order matters for determinism: voices are summed in pool order, so the pool keeps voices in
/// start order and removes with an order-preserving compaction. The pool contents at any sample
/// are therefore the same however the caller splits the render into blocks, and so are the
/// summed bits. Capacity is fixed at prepare time from the timeline's polyphony.
struct VoicePool<Voice> {
    let storage: UnsafeMutablePointer<Voice>
    let capacity: Int
    var count = 0

    /// Room for `capacity` voices (at least one) in `memory`. Voices are plain values (no
    /// references), so slots can be overwritten and dropped without deinitialization.
    init(capacity: Int, memory: RenderMemory) {
        self.capacity = max(capacity, 1)
        storage = memory.uninitialized(Voice.self, count: self.capacity)
    }

    /// Adds `voice` after the others, unless the pool is full (capacities come from the exact
    /// polyphony, so only a voice beyond it is dropped). O(1).
    @inline(__always)
    mutating func append(_ voice: Voice) {
        guard count < capacity else { return }
        storage[count] = voice
        count &+= 1
    }

    /// Removes the voices `isDone` selects, keeping the others in order. O(count).
    @inline(__always)
    mutating func removeAll(where isDone: (Voice) -> Bool) {
        var kept = 0
        for i in 0..<count where !isDone(storage[i]) {
            if kept != i { storage[kept] = storage[i] }
            kept &+= 1
        }
        count = kept
    }
}
