import HapticGenerate
import HapticPattern

/// What Core Haptics and the actuator can take, measured on a pattern: strict validity,
/// transient spacing and density (no closer than one click of the actuator model lasts,
/// ``TransientBudget/clickSeconds``), curve points, continuous event length.
struct PatternBudget: Sendable {
    var transients: Int
    /// Most transients in any one-second window (half-open).
    var maxPerSecond: Int
    /// Smallest gap between transients, seconds (∞ for fewer than two).
    var minGap: Double
    var maxCurvePoints: Int
    var longestContinuous: Double
    /// Strict decoding's errors and warnings on the encoded file.
    var strictProblems: [String]

    var withinCoreHapticsLimits: Bool {
        strictProblems.isEmpty && maxPerSecond <= Int(TransientBudget.maxDensity)
            && minGap >= TransientBudget.clickSeconds - 1e-9
            && maxCurvePoints <= 16 && longestContinuous <= 30
    }

    init(_ pattern: HapticPattern) {
        let bytes = AHAPEncoder().encode(pattern)
        let result = AHAPDecoder(options: .init(mode: .strict)).decode(bytes)
        // The one silent transient `generate` writes when nothing is loud enough (Core
        // Haptics refuses an empty pattern) is silent by intent: lint's `event.silent` and
        // `pattern.silent` warnings say so truly and are not problems of the file.
        let intended: Set<DiagnosticCode> = [.eventSilent, .patternSilent]
        strictProblems = result.diagnostics.filter {
            $0.severity != .note && !intended.contains($0.code)
        }.map { "\($0.severity): \($0.message)" }
        if !result.accepted && strictProblems.isEmpty { strictProblems = ["not accepted"] }
        // Measure what the file says (decoded), not the in-memory values.
        let decoded = result.pattern ?? pattern
        let times = decoded.events.filter { $0.type == .hapticTransient }.map(\.time).sorted()
        transients = times.count
        var most = 0
        var lo = 0
        for hi in times.indices {
            while times[hi] - times[lo] >= 1 { lo += 1 }
            most = max(most, hi - lo + 1)
        }
        maxPerSecond = most
        minGap = zip(times.dropFirst(), times).map { $0 - $1 }.min() ?? .infinity
        maxCurvePoints = decoded.curves.map(\.points.count).max() ?? 0
        longestContinuous =
            decoded.events.filter { $0.type == .hapticContinuous }.compactMap(\.duration).max() ?? 0
    }

    /// Transients inside any of `ranges`.
    static func transients(in pattern: HapticPattern, during ranges: [ClosedRange<Double>]) -> Int {
        pattern.events.filter { e in
            e.type == .hapticTransient && ranges.contains { $0.contains(e.time) }
        }.count
    }
}
