import AudioAnalysis
import HapticTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A long signal analysed in 30 s stretches and joined: the STFT features are those of one
/// analysis of the whole, bit for bit; the outline's rises and the loudness differ only next
/// to the cuts (where each stretch's follower and filters start afresh).
@Suite struct AnalysisPlanTests {
    static let sampleRate = 16_000

    /// 75 s of stereo: decaying noise bursts every 0.37 s over a faint hum, seeded.
    static func signal() -> [Float] {
        var rng = SplitMix64(seed: 75)
        let n = 75 * sampleRate
        var x = [Float](repeating: 0, count: 2 * n)
        for i in 0..<n {
            let t = Double(i) / Double(sampleRate)
            let since = t.truncatingRemainder(dividingBy: 0.37)
            let hit = since < 0.05 ? 0.6 * exp(-since / 0.01) : 0
            let v = Float(
                hit * Double.random(in: -1...1, using: &rng) + 0.01 * sin(2 * .pi * 90 * t))
            x[2 * i] = v
            x[2 * i + 1] = 0.8 * v
        }
        return x
    }

    /// Every stretch of `plan` fed in file order, in blocks of `block` frames, and joined.
    static func analyse(_ x: [Float], _ plan: AnalysisPlan, block: Int) throws -> AnalysisPart {
        let frames = x.count / 2
        var parts: [AnalysisPart] = []
        for i in 0..<plan.count {
            let chunk = try plan.chunk(i)
            var at = chunk.readStart
            let end = min(frames, chunk.readEnd ?? frames)
            x.withUnsafeBufferPointer { all in
                while at < end {
                    let next = min(end, at + block)
                    chunk.add(
                        interleaved: UnsafeBufferPointer(rebasing: all[(2 * at)..<(2 * next)]),
                        first: at)
                    at = next
                }
            }
            parts.append(chunk.finish())
        }
        return AnalysisPart(joining: parts)
    }

    @Test func stretchesJoinIntoTheWholeAnalysis() throws {
        let x = Self.signal()
        let frames = x.count / 2
        let cut = try AnalysisPlan(sampleRate: Self.sampleRate, channels: 2, frames: frames)
        let whole = try AnalysisPlan(sampleRate: Self.sampleRate, channels: 2, frames: 0)
        #expect(cut.count == 2 && whole.count == 1)
        let a = try Self.analyse(x, cut, block: 10_000)
        let b = try Self.analyse(x, whole, block: 65_536)
        #expect(a.features.power == b.features.power)
        #expect(a.features.onsetStrength == b.features.onsetStrength)
        #expect(a.features.voiceFlatness == b.features.voiceFlatness)
        #expect(a.features.fineEnergy == b.features.fineEnergy)
        #expect(a.features.count == b.features.count && a.features.count > 7_400)
        // The rises: the same away from the cut at 30 s (the tracker restarts a second before).
        let away = { (c: PeakCandidate) in abs(c.time - 30) > 1.1 }
        #expect(a.peaks.candidates.filter(away) == b.peaks.candidates.filter(away))
        #expect(a.peaks.candidates.count >= b.peaks.candidates.count - 5)
        #expect(abs(a.peaks.reference - b.peaks.reference) <= 0.01 * b.peaks.reference)
        #expect(abs(a.integratedLoudness - b.integratedLoudness) < 0.01)
        #expect(a.loudnessParts.count == b.loudnessParts.count)
    }

    /// The joined result does not depend on the blocks the stretches were fed in.
    @Test func blocksDoNotChangeTheResult() throws {
        let x = Self.signal()
        let plan = try AnalysisPlan(sampleRate: Self.sampleRate, channels: 2, frames: x.count / 2)
        let a = try Self.analyse(x, plan, block: 4_096)
        let b = try Self.analyse(x, plan, block: 100_000)
        #expect(a.features.power == b.features.power)
        #expect(a.peaks.candidates == b.peaks.candidates)
        #expect(a.loudnessParts == b.loudnessParts)
    }

    /// One bound for every stage: the plan and the loudness meter refuse the same formats
    /// (a rate of 0 would otherwise make a stretch of 0 frames, one per frame).
    @Test(arguments: [(2, 0), (2, -48_000), (2, 7_999), (2, 768_001), (0, 48_000), (-1, 48_000)])
    func anUnsupportedFormatIsRefusedByEveryStage(channels: Int, sampleRate: Int) {
        #expect(throws: AnalysisError.self) {
            _ = try AnalysisPlan(sampleRate: sampleRate, channels: channels, frames: 1_000)
        }
        #expect(throws: AnalysisError.self) {
            _ = try LoudnessMeter(channels: channels, sampleRate: sampleRate)
        }
    }

    @Test(arguments: [AnalysisPlan.sampleRates.lowerBound, AnalysisPlan.sampleRates.upperBound])
    func theBoundsAreAnalysed(sampleRate: Int) throws {
        let plan = try AnalysisPlan(sampleRate: sampleRate, channels: 1, frames: 61 * sampleRate)
        #expect(plan.count == 2)
        _ = try plan.chunk(1)
        _ = try LoudnessMeter(channels: 1, sampleRate: sampleRate)
    }
}
