/// A fixed-capacity, order-preserving pool of active voices.
///
/// Order matters for determinism: voices are summed in pool order, so the pool keeps voices in
/// start order and removes with an order-preserving compaction. The pool contents at any sample
/// are therefore the same however the caller splits the render into blocks, and so are the
/// summed bits. Capacity is fixed at prepare time from the timeline's polyphony.
/// The render loop appends and compacts in place with concrete code: `@_noLocks` rejects calls
/// to generic methods in debug builds, so the pool is storage plus a count, nothing more.
@usableFromInline struct VoicePool<Voice> {
    @usableFromInline let storage: UnsafeMutablePointer<Voice>
    @usableFromInline let capacity: Int
    @usableFromInline var count = 0

    init(capacity: Int) {
        // Voices are plain values (no references), so slots can be overwritten and dropped
        // without deinitialization — which keeps the render loop free of generic calls.
        precondition(_isPOD(Voice.self), "voice state must be a trivial type")
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    func deallocate() { storage.deallocate() }

}
