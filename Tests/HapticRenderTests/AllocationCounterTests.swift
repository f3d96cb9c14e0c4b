import Dispatch
import HapticTestSupport
import Synchronization
import Testing

/// The allocation counter the real-time tests rely on counts what it must, and only that.
@Suite struct AllocationCounterTests {
    /// `n` heap blocks allocated and freed.
    static func allocate(_ n: Int) {
        for i in 0..<n {
            let p = UnsafeMutablePointer<Int>.allocate(capacity: 16 + i)
            p.initialize(to: i)
            p.deallocate()
        }
    }

    @Test func countsTheCallingThreadsAllocations() {
        #expect(allocationsOnThisThread { Self.allocate(10) } >= 10)
        #expect(allocationsOnThisThread {} == 0)
    }

    /// Threads counting at once: each sees its own allocations, none of the others', and one
    /// finishing does not stop the others' counts.
    @Test func threadsCountingAtOnceKeepTheirOwnCounts() {
        let counts = Mutex<[Int: Int]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            let n = allocationsOnThisThread {
                for _ in 0..<200 { Self.allocate(t) }  // thread 0 allocates nothing
            }
            counts.withLock { $0[t] = n }
        }
        let result = counts.withLock { $0 }
        #expect(result[0] == 0)
        for t in 1..<4 { #expect((result[t] ?? 0) >= 200 * t, "thread \(t)") }
    }
}
