import MallocInterposerSwift
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Counters are process-global and parallel tests allocate, so only allocations made on the
// watched thread count (swift-anchors.md §4.3b).
private let watchedThread = Atomic<UInt>(0)
private let watchedCount = Atomic<Int>(0)
private let onAllocation: MallocInterposerSwift.AllocationHook = { _ in
    if UInt(pthread_self()) == watchedThread.load(ordering: .relaxed) {
        watchedCount.add(1, ordering: .relaxed)
    }
}

/// Number of heap allocations `body` performs on the calling thread.
public func allocationsOnThisThread(_ body: () -> Void) -> Int {
    _ = watchedThread.load(ordering: .relaxed)
    _ = watchedCount.load(ordering: .relaxed)  // initialize the globals before counting
    MallocInterposerSwift.setAllocationHook(onAllocation)
    watchedCount.store(0, ordering: .relaxed)
    watchedThread.store(UInt(pthread_self()), ordering: .relaxed)
    MallocInterposerSwift.hook()
    body()
    watchedThread.store(0, ordering: .relaxed)
    MallocInterposerSwift.unhook()
    return watchedCount.load(ordering: .relaxed)
}
