import FoundationEssentials

/// A value guarded by a `pthread_mutex_t`-based lock (`PosixLock`).
///
/// Why not `Synchronization.Mutex`: on Linux it hands a contended lock over inside the
/// kernel (`FUTEX_LOCK_PI`), so ThreadSanitizer sees no acquire/release between the two
/// threads and reports every contended access as a race — a false positive that failed CI
/// about one run in six (two batch workers storing results at the same moment). TSan
/// intercepts `pthread_mutex_lock`, so this lock is understood. Only bookkeeping goes
/// through it (job results and progress counters, a few times per job and per progress
/// callback), never the render loop, so the extra indirection costs nothing measurable.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = PosixLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value. O(1) plus `body`.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
