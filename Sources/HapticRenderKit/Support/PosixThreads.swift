import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Threads and locks over pthreads, in place of Foundation's `Thread`, `NSLock` and
// `NSCondition` (the same pthread calls underneath), so the Kit needs FoundationEssentials
// only. ThreadSanitizer intercepts these calls, so it understands every hand-over.

/// Starts `body` on a new detached thread (default attributes: the process's stack size),
/// like `Thread.detachNewThread`, in the caller's ``InputFiles`` scope (so what the thread
/// reads is protected from the command's outputs) and with its `AtomicFile.createsFolders`.
/// Traps if the system cannot create a thread.
func detachThread(_ body: @escaping @Sendable () -> Void) {
    let scope = InputFiles.current
    let createsFolders = AtomicFile.createsFolders
    let context = Unmanaged.passRetained(
        ThreadBody {
            AtomicFile.$createsFolders.withValue(createsFolders) {
                InputFiles.$current.withValue(scope) { body() }
            }
        }
    ).toOpaque()
    #if canImport(Darwin)
        var thread: pthread_t?
    #else
        var thread = pthread_t()
    #endif
    let status = pthread_create(
        &thread, nil,
        { context in
            let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, context)
    precondition(status == 0, "pthread_create failed (\(status))")
    #if canImport(Darwin)
        pthread_detach(thread!)
    #else
        pthread_detach(thread)
    #endif
}

private final class ThreadBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// A mutex (`pthread_mutex_t`), like `NSLock`.
package final class PosixLock: @unchecked Sendable {
    fileprivate let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A mutex with a condition variable, like `NSCondition`: `wait()` (lock held) releases the
/// lock until `broadcast()`, then holds it again.
final class PosixCondition: @unchecked Sendable {
    private let lock = PosixLock()
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() { pthread_cond_init(condition, nil) }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }
    func wait() { pthread_cond_wait(condition, lock.mutex) }
    func broadcast() { pthread_cond_broadcast(condition) }
}
