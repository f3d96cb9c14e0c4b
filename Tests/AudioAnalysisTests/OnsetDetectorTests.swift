import AudioAnalysis
import HapticTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Onsets and tempo on a click train: every click found once, on time, and nothing else.
@Suite struct OnsetDetectorTests {
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
        mono.withUnsafeBufferPointer {
            meter.add(interleaved: $0)
            analyzer.process($0)
        }
        return AnalysisResult(
            features: analyzer.finish(), hopSeconds: analyzer.hopSeconds,
            fineBlockSeconds: Double(analyzer.fineHop) / sampleRate,
            windowSeconds: analyzer.windowSeconds, integratedLoudness: meter.integratedLoudness,
            durationSeconds: Double(mono.count) / sampleRate)
    }

    /// Candidates are a superset (the generator keeps those that rise enough to be felt:
    /// `HapticGenerateTests`' click-train and hiss tests): every click has one, on time.
    @Test func everyClickHasACandidateOnTime() throws {
        let analysis = try Self.analyse(Self.clickTrain())
        let onsets = OnsetDetector.candidates(analysis)
        for t in Self.clickTimes {
            let nearest = onsets.map { abs($0.time - t) }.min() ?? .infinity
            // The attack is timed on 2.5 ms blocks.
            #expect(nearest <= 0.005, "click at \(t) s: nearest onset \(nearest) s away")
        }
    }

    @Test func theTempoIsTheClickRate() throws {
        let grid = try #require(TempoEstimator.estimate(try Self.analyse(Self.clickTrain())))
        #expect(abs(grid.bpm - 100) <= 1, "\(grid.bpm) BPM")
        #expect(grid.distanceToBeat(Self.clickTimes[5]) <= 0.03)
    }
}
