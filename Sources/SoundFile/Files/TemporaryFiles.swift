import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files this process has created and not yet published or removed, kept where
/// a signal handler can reach them: ``removeAll()`` unlinks each with nothing but atomic loads
/// and `unlink(2)`, both async-signal-safe, so ``TerminationSignals`` can remove them all
/// before the process ends on SIGINT, SIGTERM or SIGHUP.
///
/// Each path is a `strdup`'ed C string in one slot of a fixed table of atomic words. A slot is
/// claimed with a compare-exchange and released with an exchange; the string is freed after
/// the release unless a handler has started removing (it may still read it), in which case it
/// is left to the dying process. A path is registered before its file is created, and the
/// creator checks ``isRemoving`` after creating it: with sequentially consistent atomics,
/// either the handler sees the slot (and unlinks the file, created by then or not yet, in
/// which case the creator sees the flag) or the creator sees the flag and unlinks the file.
///
/// - Complexity: O(slots in use) to register, O(1) to unregister, O(``capacity``) to remove all.
enum TemporaryFiles {
    /// Temporary files that can exist at once (a batch holds one per worker).
    static let capacity = 4_096

    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Atomic<Int>> = {
        let slots = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: capacity)
        for i in 0..<capacity { (slots + i).initialize(to: Atomic(0)) }
        return slots
    }()
    private static let removing = Atomic<Bool>(false)

    /// Makes sure the tables exist, so a signal handler never initializes them.
    static func prepare() {
        _ = slots
        _ = folders
    }

    /// Records `path`; returns its slot, or nil when the table is full.
    static func register(_ path: String) -> Int? {
        guard let copy = strdup(path) else { return nil }
        let bits = Int(bitPattern: copy)
        for i in 0..<capacity {
            if slots[i].compareExchange(
                expected: 0, desired: bits, ordering: .sequentiallyConsistent
            ).exchanged {
                return i
            }
        }
        free(copy)
        return nil
    }

    /// Forgets the path of `slot` (published, or removed by its owner).
    static func unregister(_ slot: Int) {
        let bits = slots[slot].exchange(0, ordering: .sequentiallyConsistent)
        guard bits != 0, !removing.load(ordering: .sequentiallyConsistent) else { return }
        free(UnsafeMutableRawPointer(bitPattern: bits))
    }

    /// Whether a handler has started removing: a file created after registering must then be
    /// removed by its creator (the handler may have passed its slot before it existed).
    static var isRemoving: Bool { removing.load(ordering: .sequentiallyConsistent) }

    /// Unlinks every registered file, then removes every folder ``registerFolder(_:)``
    /// recorded that is empty now, innermost first. Async-signal-safe; the process is
    /// expected to end next.
    static func removeAll() {
        removing.store(true, ordering: .sequentiallyConsistent)
        for i in 0..<capacity {
            let bits = slots[i].load(ordering: .sequentiallyConsistent)
            if bits != 0, let path = UnsafePointer<CChar>(bitPattern: bits) { unlink(path) }
        }
        let made = min(folderCount.load(ordering: .sequentiallyConsistent), folderCapacity)
        for i in stride(from: made - 1, through: 0, by: -1) {
            let bits = folders[i].load(ordering: .sequentiallyConsistent)
            if bits != 0, let path = UnsafePointer<CChar>(bitPattern: bits) { rmdir(path) }
        }
    }

    // MARK: Folders

    /// Folders recorded for removal on a signal.
    static let folderCapacity = 4_096

    nonisolated(unsafe) private static let folders: UnsafeMutablePointer<Atomic<Int>> = {
        let slots = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: folderCapacity)
        for i in 0..<folderCapacity { (slots + i).initialize(to: Atomic(0)) }
        return slots
    }()
    private static let folderCount = Atomic<Int>(0)

    /// Records a folder this process created for an output, so that a signal removes it
    /// again when it is still empty (``removeAll()``; `rmdir(2)` leaves a folder that holds
    /// anything). Append-only, in creation order (outer folders first); past
    /// ``folderCapacity`` folders are no longer recorded. O(1).
    static func registerFolder(_ path: String) {
        _ = folders
        let i = folderCount.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue
        guard i < folderCapacity, let copy = strdup(path) else { return }
        folders[i].store(Int(bitPattern: copy), ordering: .sequentiallyConsistent)
    }
}
