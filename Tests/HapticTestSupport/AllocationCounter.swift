import MallocInterposerSwift
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The interposer's hook is process-global and parallel tests allocate, so each counting
// thread registers its own counter under a thread-specific key, and
// the hook stays installed while any thread counts: one test ending does not stop another's
// count, and another thread's allocations never land in it.
private let counterKey: pthread_key_t = {
    var key = pthread_key_t()
    precondition(
        pthread_key_create(&key, nil) == 0, "no thread-specific key for the allocation counter")
    return key
}()
private let onAllocation: MallocInterposerSwift.AllocationHook = { _ in
    pthread_getspecific(counterKey)?.assumingMemoryBound(to: Int.self).pointee += 1
}
/// Threads counting now; the hook is installed while it is above 0.
private let countingThreads = Mutex<Int>(0)

/// Number of heap allocations `body` performs on the calling thread.
public func allocationsOnThisThread(_ body: () -> Void) -> Int {
    _ = counterKey  // created before counting
    var count = 0
    withUnsafeMutablePointer(to: &count) { counter in
        pthread_setspecific(counterKey, counter)
        countingThreads.withLock { threads in
            if threads == 0 {
                MallocInterposerSwift.setAllocationHook(onAllocation)
                MallocInterposerSwift.hook()
            }
            threads += 1
        }
        body()
        countingThreads.withLock { threads in
            threads -= 1
            if threads == 0 { MallocInterposerSwift.unhook() }
        }
        pthread_setspecific(counterKey, nil)
    }
    return count
}
