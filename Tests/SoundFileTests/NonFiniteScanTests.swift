import HapticTestSupport
import Testing

@testable import SoundFile

/// The writer's last check before samples reach a file: the first NaN or ±∞ is found wherever
/// it stands (vector body, tail, block edges), and finite samples of every kind pass.
@Suite struct NonFiniteScanTests {
    @Test func findsTheFirstNonFiniteSampleWhereverItStands() {
        var rng = SplitMix64(seed: 0x5CA9)
        for count in [1, 7, 8, 9, 1_023, 1_024, 1_025, 5_000] {
            var samples = (0..<count).map { _ in Float.random(in: -2...2, using: &rng) }
            samples[count / 2] = -0.0
            samples[0] = .greatestFiniteMagnitude
            #expect(scan(samples) == nil, "count \(count)")
            for bad in [Float.nan, .infinity, -.infinity, .signalingNaN] {
                for index in Set([
                    0, count - 1, count / 3, min(count - 1, 1_024), min(count - 1, 8),
                ]) {
                    var copy = samples
                    copy[index] = bad
                    if index + 1 < count { copy[count - 1] = .nan }
                    #expect(scan(copy) == index, "\(bad) at \(index) of \(count)")
                }
            }
        }
    }

    private func scan(_ samples: [Float]) -> Int? {
        samples.withUnsafeBufferPointer { SoundFileWriter.firstNonFinite($0) }
    }
}
