import Foundation
import HapticPattern
import Testing

@testable import HapticRender

/// The runtime-parameter ring across two real threads: a producer pushing as fast as it can
/// (retrying when the ring is full) and a consumer popping on another thread. Every change
/// must arrive exactly once and in order. Under ThreadSanitizer (`.ci/run`) this checks the
/// release/acquire pairing that makes the slots safe without a lock.
@Suite struct RuntimeParameterQueueTests {
    @Test func everyChangeArrivesOnceAndInOrderAcrossThreads() {
        let queue = RuntimeParameterQueue(capacity: 16)  // small: the producer often finds it full
        let count = 50_000
        let producerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for i in 0..<count {
                let change = QueuedParameter(
                    id: .hapticIntensityControl, value: Double(i), sample: Int64(i), layer: i % 3)
                while !queue.push(change) {}
            }
            producerDone.signal()
        }
        var received: [QueuedParameter] = []
        received.reserveCapacity(count)
        while received.count < count {
            if let change = queue.consumer.pop() { received.append(change) }
        }
        producerDone.wait()
        #expect(queue.consumer.pop() == nil)
        #expect(received.map(\.sample) == (0..<Int64(count)).map { $0 })
        #expect(
            received.allSatisfy { $0.value == Double($0.sample) && $0.layer == Int($0.sample) % 3 })
    }

    @Test func aFullRingRefusesInsteadOfOverwriting() {
        let queue = RuntimeParameterQueue(capacity: 5)  // rounded up to 8
        let accepted = (0..<10).map {
            queue.push(QueuedParameter(id: .audioVolumeControl, value: 0, sample: $0))
        }
        #expect(accepted == Array(repeating: true, count: 8) + [false, false])
        #expect((0..<8).map { _ in queue.consumer.pop()?.sample } == (0..<8).map { Int64($0) })
        #expect(queue.consumer.pop() == nil)
    }
}

/// Several producers at once (the multi-producer contract): every change arrives exactly once,
/// each producer's in its order, and the consumer never waits for a producer — two pushers
/// on the single-producer ring it replaced drove its tail backwards and livelocked the
/// render thread.
@Suite struct RuntimeParameterQueueMultiProducerTests {
    @Test func concurrentProducersLoseNothingAndKeepTheirOrder() {
        let queue = RuntimeParameterQueue(capacity: 8)  // tiny: producers collide constantly
        let producers = 4
        let perProducer = 20_000
        let done = DispatchSemaphore(value: 0)
        for p in 0..<producers {
            Thread.detachNewThread {
                for i in 0..<perProducer {
                    let change = QueuedParameter(
                        id: .hapticIntensityControl, value: Double(i), sample: Int64(i), layer: p)
                    while !queue.push(change) {}
                }
                done.signal()
            }
        }
        var next = [Int](repeating: 0, count: producers)
        var total = 0
        var outOfOrder = 0
        while total < producers * perProducer {
            guard let change = queue.consumer.pop() else { continue }
            if Int(change.sample) != next[change.layer] { outOfOrder += 1 }
            next[change.layer] = Int(change.sample) + 1
            total += 1
        }
        for _ in 0..<producers { done.wait() }
        #expect(outOfOrder == 0)
        #expect(next == [Int](repeating: perProducer, count: producers))
        #expect(queue.consumer.pop() == nil)
    }
}
