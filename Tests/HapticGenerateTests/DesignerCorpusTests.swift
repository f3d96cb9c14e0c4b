import Foundation
import HapticGenerate
import HapticPattern
import HapticTestSupport
import SoundFile
import Testing

/// `generate` against haptics designers made (`../shared/corpus/designer`: sound effects with
/// the Lofelt Studio clip a designer made for each), scored as `shared/tools/designer-score`
/// scores it: both rendered through the simulated iPhone actuator, Pearson r of the 10 ms RMS
/// envelopes of acceleration, and F1 (±50 ms) of the transients against the designer's
/// emphasis points; an envelope follower with flux peaks (``EnvelopeFollowerBaseline``) scored
/// the same way is the bar.
@Suite(.serialized, needsCorpus) struct DesignerCorpusTests {
    struct Score {
        var name: String
        var r: Double, rBaseline: Double
        var f: Double, fBaseline: Double
    }

    static let scores: Result<[Score], Error> = Result {
        let folder = Corpus.root.appendingPathComponent("designer").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasSuffix(".haptic")
        }.sorted()
        return try names.map { name in
            let base = folder + "/" + String(name.dropLast(".haptic".count))
            let designer = try DesignerClip(contentsOf: base + ".haptic")
            let seconds = try audioSeconds(base + ".wav") + 0.3
            let truth = try envelope(designer.patterns, seconds: seconds)
            let ours = try HapticGeneration.generate(path: base + ".wav").pattern
            let baseline = try EnvelopeFollowerBaseline.clip(for: base + ".wav")
            let emphasis = designer.emphasisTimes
            return Score(
                name: name, r: pearson(truth, try envelope([ours], seconds: seconds)),
                rBaseline: pearson(truth, try envelope(baseline.patterns, seconds: seconds)),
                f: f1(emphasis, ours.events.filter { $0.type == .hapticTransient }.map(\.time)),
                fBaseline: f1(emphasis, baseline.emphasisTimes))
        }
    }

    static func audioSeconds(_ path: String) throws -> Double {
        let info = try AudioFileReader(path: path, limits: .unlimited).info
        return info.duration
    }

    /// 10 ms RMS envelope of the acceleration of the patterns played together (summed: the
    /// actuator is linear below its limits), `seconds` long.
    static func envelope(_ patterns: [HapticPattern], seconds: Double) throws -> [Double] {
        let n = Int(seconds / 0.01) + 1
        let h = Int(FeltSignal.rate * 0.01)
        var total = [Float](repeating: 0, count: n * h)
        for p in patterns {
            let a = try FeltSignal.acceleration(p)
            for i in 0..<min(a.count, total.count) { total[i] += a[i] }
        }
        return FeltSignal.envelope(total)
    }

    static func pearson(_ a: [Double], _ b: [Double]) -> Double {
        EnvelopeCorrelation.pearson(a, b)
    }

    /// Onset F-measure with one-to-one matching within ±50 ms (each reference takes the nearest
    /// unused estimate), as the score tool computes it.
    static func f1(_ reference: [Double], _ estimated: [Double]) -> Double {
        if reference.isEmpty && estimated.isEmpty { return 1 }
        var used = Set<Int>()
        var hits = 0
        for r in reference.sorted() {
            let candidates = estimated.sorted().enumerated().filter {
                !used.contains($0.offset) && abs($0.element - r) <= 0.05
            }
            if let best = candidates.min(by: {
                (abs($0.element - r), $0.offset) < (abs($1.element - r), $1.offset)
            }) {
                used.insert(best.offset)
                hits += 1
            }
        }
        let p = estimated.isEmpty ? 0 : Double(hits) / Double(estimated.count)
        let q = reference.isEmpty ? 0 : Double(hits) / Double(reference.count)
        return p + q > 0 ? 2 * p * q / (p + q) : 0
    }

    static func median(_ x: [Double]) -> Double {
        let s = x.sorted()
        return s.isEmpty
            ? .nan : s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func mean(_ x: [Double]) -> Double { x.reduce(0, +) / Double(max(1, x.count)) }

    @Test func theTableIsPrinted() throws {
        let scores = try Self.scores.get()
        for s in scores {
            print(
                "\(s.name): r \(String(format: "%.2f", s.r)) (baseline \(String(format: "%.2f", s.rBaseline))), F1 \(String(format: "%.2f", s.f)) (baseline \(String(format: "%.2f", s.fBaseline)))"
            )
        }
        #expect(scores.count >= 9)
    }

    @Test func theFeltEnvelopeFollowsTheDesignersBetterThanTheBaseline() throws {
        let scores = try Self.scores.get()
        let r = Self.median(scores.map(\.r))
        let rb = Self.median(scores.map(\.rBaseline))
        #expect(r >= 0.85, "median r \(r)")
        #expect(r >= rb + 0.05, "median r \(r), baseline \(rb)")
        // Better than the baseline on most clips, not only on average.
        #expect(
            scores.filter { $0.r > $0.rBaseline }.count * 3 >= scores.count * 2,
            "\(scores.map { ($0.name, $0.r, $0.rBaseline) })")
    }

    /// The designers' emphasis points are where Lofelt Studio's analysis put them (rises of
    /// its millisecond outline), which the transients now follow: median F1 0.80 against the
    /// baseline's 0.67, mean 0.72 against 0.66, though two clips stay hard (one designer
    /// redrew a drum loop's envelope by hand, another marked two moments of a steady sweep).
    /// The bar: a median of at least 0.75 and a mean 0.05 above the baseline's.
    @Test func transientsMatchTheDesignersEmphasisBetterThanTheBaseline() throws {
        let scores = try Self.scores.get()
        let f = Self.mean(scores.map(\.f))
        let fb = Self.mean(scores.map(\.fBaseline))
        #expect(f >= fb + 0.05, "mean F1 \(f), baseline \(fb)")
        #expect(Self.median(scores.map(\.f)) >= 0.75, "median F1 \(Self.median(scores.map(\.f)))")
    }
}
