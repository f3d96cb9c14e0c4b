import AudioAnalysis
import HapticTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The outline's rises and the tempo on a click train: every click has a rise on time.
@Suite struct PeakTrackerTests {
    static let sampleRate = 48_000.0
    /// 100 BPM: a click every 0.6 s from 0.3 s, fifteen in all, in 9.5 s.
    static let clickTimes = (0..<15).map { 0.3 + 0.6 * Double($0) }

    /// Decaying noise bursts (5 ms time constant, peak 0.8) at `clickTimes` over a noise floor
    /// 80 dB down. Seeded: the same signal every run.
    static func clickTrain() -> [Float] {
        var rng = SplitMix64(seed: 0xC11C)
        var x = (0..<Int(9.5 * sampleRate)).map { _ in Float.random(in: -1e-4...1e-4, using: &rng) }
        for t in clickTimes {
            let start = Int(t * sampleRate)
            for i in 0..<Int(0.03 * sampleRate) {
                let decay = exp(-Double(i) / (0.005 * sampleRate))
                x[start + i] += Float(0.8 * decay * Double.random(in: -1...1, using: &rng))
            }
        }
        return x
    }

    /// The analysis `HapticGenerate` makes of a file, of a mono signal in memory (loud enough
    /// for BS.1770's absolute gate, so the integrated loudness is finite).
    static func analyse(_ mono: [Float]) throws -> AnalysisResult {
        let analyzer = SpectralAnalyzer(sampleRate: sampleRate)
        let meter = try LoudnessMeter(channels: 1, sampleRate: Int(sampleRate))
        let peaks = PeakTracker(sampleRate: Int(sampleRate))
        mono.withUnsafeBufferPointer {
            meter.add(interleaved: $0)
            analyzer.process($0)
            peaks.process($0)
        }
        return AnalysisResult(
            features: analyzer.finish(), hopSeconds: analyzer.hopSeconds,
            fineBlockSeconds: Double(analyzer.fineHop) / sampleRate,
            windowSeconds: analyzer.windowSeconds, integratedLoudness: meter.integratedLoudness,
            durationSeconds: Double(mono.count) / sampleRate, peaks: peaks.finish())
    }

    /// Candidates are a superset (the generator keeps those that rise enough to be felt:
    /// `HapticGenerateTests`' click-train and hiss tests): every click has one on its peak,
    /// rising from near-silence, with more flux than any rise of its tail; the reference is
    /// the clicks' peak level.
    @Test func everyClickHasARiseOnTime() throws {
        let outline = try Self.analyse(Self.clickTrain()).peaks
        for t in Self.clickTimes {
            let near = outline.candidates.filter { abs($0.time - t) <= 0.005 }
            let click = try #require(near.max { $0.rise < $1.rise }, "click at \(t) s")
            #expect(click.rise >= 0.5 * click.level, "click at \(t) s: \(click)")
            #expect(click.before >= 0 && click.before < 0.01, "click at \(t) s: \(click)")
            let tail = outline.candidates.filter { $0.time > t + 0.005 && $0.time < t + 0.3 }
            #expect(tail.allSatisfy { $0.flux < click.flux }, "click at \(t) s")
        }
        #expect(outline.reference > 0.3 && outline.reference <= 1, "\(outline.reference)")
    }

    /// The tracker's outline does not depend on how the samples are cut into blocks.
    @Test func blocksOfAnySizeGiveTheSameOutline() {
        let x = Self.clickTrain()
        func outline(_ block: Int) -> [PeakCandidate] {
            let tracker = PeakTracker(sampleRate: Int(Self.sampleRate))
            x.withUnsafeBufferPointer { all in
                var start = 0
                while start < all.count {
                    let end = min(all.count, start + block)
                    tracker.process(UnsafeBufferPointer(rebasing: all[start..<end]))
                    start = end
                }
            }
            return tracker.finish().candidates
        }
        let whole = outline(x.count)
        #expect(!whole.isEmpty)
        #expect(outline(1_000) == whole)
        #expect(outline(65_536) == whole)
    }

    @Test func theTempoIsTheClickRate() throws {
        let grid = try #require(TempoEstimator.estimate(try Self.analyse(Self.clickTrain())))
        #expect(abs(grid.bpm - 100) <= 1, "\(grid.bpm) BPM")
        #expect(grid.distanceToBeat(Self.clickTimes[5]) <= 0.03)
    }
}
