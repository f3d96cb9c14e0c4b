import HapticPattern
import SoundFile

/// The measurements of `shared/tools/designer-score`: the 10 ms RMS envelope of the
/// acceleration the simulated iPhone actuator makes from patterns played together, and the
/// F1 (±50 ms) of transients against reference times; a clip's scores, and the same for the
/// envelope-follower baseline (``EnvelopeFollowerBaseline``).
struct DesignerScore {
    var name: String
    /// Pearson r of the felt envelopes, generated and baseline, against the reference's.
    var r: Double, rBaseline: Double
    /// F1 of the transients, generated and baseline, against the reference times.
    var f: Double, fBaseline: Double
    /// Where the transients that play are (intensity above 0: the silent one `generate` writes
    /// when nothing is loud enough is not felt), generated and baseline.
    var transients: [Double], baselineTransients: [Double]

    /// Scores `generated` (made from the sound at `audioPath`) and the baseline's clip for the
    /// same sound against `reference` (patterns played together) and its `referenceTimes`,
    /// over the sound's length and 0.3 s more.
    init(
        name: String, audioPath: String, reference: [HapticPattern], referenceTimes: [Double],
        generated: HapticPattern
    ) throws {
        let seconds = try Self.audioSeconds(audioPath) + 0.3
        let truth = try Self.envelope(reference, seconds: seconds)
        let baseline = try EnvelopeFollowerBaseline.clip(for: audioPath)
        self.name = name
        transients = generated.events.filter {
            $0.type == .hapticTransient && ($0.parameters.hapticIntensity ?? 1) > 0
        }.map(\.time)
        baselineTransients = baseline.emphasisTimes
        r = EnvelopeCorrelation.pearson(truth, try Self.envelope([generated], seconds: seconds))
        rBaseline = EnvelopeCorrelation.pearson(
            truth, try Self.envelope(baseline.patterns, seconds: seconds))
        f = Self.f1(referenceTimes, transients)
        fBaseline = Self.f1(referenceTimes, baselineTransients)
    }

    /// The sound's length in seconds.
    static func audioSeconds(_ path: String) throws -> Double {
        try AudioFileReader(path: path, limits: .unlimited).info.duration
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
}
