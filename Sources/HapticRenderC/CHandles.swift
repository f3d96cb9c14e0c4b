import Synchronization

/// The handles the C API gives out (`hr_options *`, `hr_audio *`, `hr_stream *`,
/// `hr_error *`): not object addresses but an index into this table and a generation,
/// `(index + 1) << 32 | generation`, so a handle that was freed is recognised as such.
///
/// **Guarantees.** A handle passed after its `_free`/`_close` (use after free), a second
/// `_free` (double free), a handle of another type (an `hr_audio *` given as an
/// `hr_stream *`), or a value that never was a handle is refused — the getters return
/// NULL, 0 or -1 and the others `HR_ERROR_ARGUMENT`, and the frees ignore it — instead of
/// touching freed memory. A slot is reused with the next generation, so a stale handle stays
/// refused until its slot has been reused 2³² times; a forged value equal to a live handle is
/// indistinguishable from it. A `_free`/`_close` while another thread uses the object (a
/// stream being rendered) completes when that call returns: the object is never freed under
/// a running call.
///
/// **Cost.** Looking a handle up is lock-free and allocation-free: two atomic loads and a
/// compare-exchange to take a use, one atomic subtraction to end it (so `hr_stream_render`
/// stays real-time safe). Making and finally releasing a handle take a lock.
///
/// Entry state word: generation (high 32 bits) | closing (bit 31) | uses in progress (bits 0–30).
enum CHandles {
    static let chunkSize = 1_024
    static let maxChunks = 4_096  // up to 4,194,304 live handles

    struct Entry: ~Copyable {
        let state = Atomic<UInt64>(1 << 32)  // generation 1, no use, not closing
        let object = Atomic<UInt>(0)  // the retained object's address
        let kind = Atomic<UInt>(0)  // its type's ObjectIdentifier
    }

    private static let closing: UInt64 = 1 << 31
    private static let usesMask: UInt64 = (1 << 31) - 1

    nonisolated(unsafe) private static let chunks: UnsafeMutablePointer<Atomic<UInt>> = {
        let chunks = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: maxChunks)
        for i in 0..<maxChunks { (chunks + i).initialize(to: Atomic(0)) }
        return chunks
    }()
    /// Free indices, and the count of indices ever used.
    private static let slots = Mutex<(free: [Int], used: Int)>(([], 0))

    private static func entry(_ index: Int) -> UnsafeMutablePointer<Entry>? {
        guard index >= 0, index < chunkSize * maxChunks else { return nil }
        let base = chunks[index / chunkSize].load(ordering: .acquiring)
        guard base != 0 else { return nil }
        return UnsafeMutablePointer<Entry>(bitPattern: base)! + index % chunkSize
    }

    /// A new handle owning a retain of `object`; nil when the table is full.
    static func make(_ object: AnyObject) -> OpaquePointer? {
        let index: Int? = slots.withLock { slots in
            if let index = slots.free.popLast() { return index }
            guard slots.used < chunkSize * maxChunks else { return nil }
            let index = slots.used
            if index % chunkSize == 0 {
                let chunk = UnsafeMutablePointer<Entry>.allocate(capacity: chunkSize)
                for i in 0..<chunkSize { (chunk + i).initialize(to: Entry()) }
                chunks[index / chunkSize].store(UInt(bitPattern: chunk), ordering: .releasing)
            }
            slots.used += 1
            return index
        }
        guard let index, let e = entry(index) else { return nil }
        e.pointee.object.store(
            UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()), ordering: .relaxed)
        e.pointee.kind.store(
            UInt(bitPattern: ObjectIdentifier(type(of: object))), ordering: .relaxed)
        // Publishes the object: the generation was set when the slot was last released.
        let state = e.pointee.state.load(ordering: .relaxed)
        e.pointee.state.store(state & ~(closing | usesMask), ordering: .releasing)
        return OpaquePointer(bitPattern: UInt(index + 1) << 32 | UInt(state >> 32))
    }

    /// Splits a handle into its slot index, entry and generation.
    private static func decode(_ handle: OpaquePointer?)
        -> (index: Int, entry: UnsafeMutablePointer<Entry>, generation: UInt64)?
    {
        guard let handle else { return nil }
        let bits = UInt(bitPattern: handle)
        let index = Int(bits >> 32) - 1
        guard let e = entry(index) else { return nil }
        return (index, e, UInt64(bits & 0xFFFF_FFFF))
    }

    /// Runs `body` with the live object of type `T` behind `handle`, which cannot be freed
    /// meanwhile; nil (and `body` not run) for NULL, a stale or foreign handle. Lock-free,
    /// no allocation and no reference counting.
    @inline(__always)
    static func use<T: AnyObject, R>(_ handle: OpaquePointer?, as type: T.Type, _ body: (T) -> R)
        -> R?
    {
        guard let (index, e, generation) = decode(handle) else { return nil }
        var state = e.pointee.state.load(ordering: .acquiring)
        while true {
            guard state >> 32 == generation, state & closing == 0, state & usesMask < usesMask
            else { return nil }
            let (done, seen) = e.pointee.state.compareExchange(
                expected: state, desired: state + 1, ordering: .acquiring)
            if done { break }
            state = seen
        }
        defer { endUse(e, index) }
        guard e.pointee.kind.load(ordering: .relaxed) == UInt(bitPattern: ObjectIdentifier(T.self)),
            let address = UnsafeRawPointer(bitPattern: e.pointee.object.load(ordering: .relaxed))
        else { return nil }
        return Unmanaged<T>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
    }

    /// A strong reference to the object behind `handle` (it lives on even if the handle is
    /// freed meanwhile), or nil. For calls that are not real-time.
    static func object<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type) -> T? {
        use(handle, as: type) { $0 }
    }

    /// Frees `handle`: at once, or when the last call using it returns. A stale, foreign or
    /// NULL handle is ignored.
    static func release<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type) {
        guard let (index, e, generation) = decode(handle) else { return }
        guard e.pointee.kind.load(ordering: .relaxed) == UInt(bitPattern: ObjectIdentifier(T.self))
        else { return }
        var state = e.pointee.state.load(ordering: .acquiring)
        while true {
            guard state >> 32 == generation, state & closing == 0 else { return }
            let (done, seen) = e.pointee.state.compareExchange(
                expected: state, desired: state | closing, ordering: .acquiringAndReleasing)
            if done { break }
            state = seen
        }
        if state & usesMask == 0 { finalize(e, index) }
    }

    private static func endUse(_ e: UnsafeMutablePointer<Entry>, _ index: Int) {
        let state = e.pointee.state.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
        if state & closing != 0, state & usesMask == 0 { finalize(e, index) }
    }

    /// Drops the object and makes the slot reusable under the next generation.
    private static func finalize(_ e: UnsafeMutablePointer<Entry>, _ index: Int) {
        let address = e.pointee.object.exchange(0, ordering: .acquiring)
        e.pointee.kind.store(0, ordering: .relaxed)
        let state = e.pointee.state.load(ordering: .acquiring)
        var generation = (state >> 32) &+ 1
        if generation > 0xFFFF_FFFF || generation == 0 { generation = 1 }
        e.pointee.state.store(generation << 32, ordering: .releasing)
        if let raw = UnsafeRawPointer(bitPattern: address) {
            Unmanaged<AnyObject>.fromOpaque(raw).release()
        }
        slots.withLock { $0.free.append(index) }
    }
}
