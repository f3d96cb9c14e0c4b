import HapticPattern
import HapticRender

/// Traces a scheduled timeline's haptic voices into outline polylines (layer 0, the one a
/// single pattern schedules). Works in samples; the caller converts to seconds. A class, so
/// that the traces' value closures share it instead of copying its tables per call.
final class OutlineSampler {
    private let voices: VoiceTable
    private let intensityLane: ParameterLane
    private let sharpnessLane: ParameterLane
    /// Indices of the continuous haptic voices, in start order.
    let continuous: [Int]
    /// Where two continuous voices first sound together, if ever.
    let overlapStart: Int64?
    /// The latest end among `continuous[0...k]`: the voices before the first `k` whose entry
    /// is after `n` have all ended by `n`.
    private let latestEnds: [Int64]

    init(timeline: Timeline) {
        voices = timeline.voices
        intensityLane = timeline.parameterLane(.hapticIntensityControl)
        sharpnessLane = timeline.parameterLane(.hapticSharpnessControl)
        let v = timeline.voices
        continuous = (0..<v.count).filter {
            v.kind[$0] == .hapticContinuous && v.end[$0] > v.start[$0]
        }
        var overlap: Int64?
        var latestEnd = Int64.min
        var latestEnds: [Int64] = []
        latestEnds.reserveCapacity(continuous.count)
        for i in continuous {
            if v.start[i] < latestEnd, v.level[i] > 0 { overlap = min(overlap ?? .max, v.start[i]) }
            latestEnd = max(latestEnd, v.end[i])
            latestEnds.append(latestEnd)
        }
        overlapStart = overlap
        self.latestEnds = latestEnds
    }

    /// The continuous voices that may sound at `n`, in start order: from the first whose
    /// latest end is after `n` to the last that has started.
    ///
    /// - Complexity: O(log V) plus the voices started between the oldest still sounding and `n`.
    private func candidates(at n: Int64) -> ArraySlice<Int> {
        let first = latestEnds.partitioningIndex { $0 > n }
        let end = continuous[first...].partitioningIndex { voices.start[$0] > n }
        return continuous[first..<end]
    }

    /// The voice's gain envelope, as the renderer builds it.
    private func envelope(_ i: Int) -> Envelope {
        Envelope(
            attack: Float(voices.attackSamples[i]), decay: Float(voices.decaySamples[i]),
            release: Float(voices.releaseSamples[i]),
            releaseStart: Float(voices.releaseStart[i] - voices.start[i]),
            sustained: voices.sustained[i])
    }

    /// Voice `i`'s effective intensity at `n` (0 outside its sounding samples), as the
    /// continuous driver computes it: clamp(level × control) × envelope gain.
    private func intensity(_ i: Int, at n: Int64) -> Double {
        guard n >= voices.start[i], n < voices.end[i] else { return 0 }
        let control = min(max(Double(voices.level[i]) * intensityLane.value(at: n), 0), 1)
        return control * Double(envelope(i).gain(at: Float(n - voices.start[i])))
    }

    /// The merged intensity at `n`: √(Σ intensity²), at most 1.
    func intensity(at n: Int64) -> Double {
        var sum = 0.0
        for i in candidates(at: n) where n >= voices.start[i] && n < voices.end[i] {
            let x = intensity(i, at: n)
            sum += x * x
        }
        return min(sum.squareRoot(), 1)
    }

    /// The sharpness of the loudest voice sounding at `n`, or nil when none sounds.
    func sharpness(at n: Int64) -> Double? {
        var best: (level: Double, sharpness: Double)?
        for i in candidates(at: n) where n >= voices.start[i] && n < voices.end[i] {
            let x = intensity(i, at: n)
            if x > (best?.level ?? -1) {
                best = (x, min(max(Double(voices.timbre[i]) + sharpnessLane.value(at: n), 0), 1))
            }
        }
        return best?.sharpness
    }

    /// Every sample where a voice's intensity or sharpness bends or jumps: voice starts and
    /// ends, envelope corners, parameter-lane breakpoints inside a voice; with the sample
    /// before each (so a jump is two points one sample apart). Sorted, unique.
    private func corners() -> [Int64] {
        let end = continuous.map { voices.end[$0] }.max() ?? 0
        var corners: [Int64] = []
        func add(_ n: Int64) {
            guard n >= 0, n <= end else { return }
            corners.append(n)
            if n > 0 { corners.append(n - 1) }
        }
        for i in continuous {
            let s = voices.start[i]
            let e = voices.end[i]
            let attackEnd = s + Int64(voices.attackSamples[i])
            let fall = voices.sustained[i] ? voices.releaseStart[i] : attackEnd
            for n in [s, e, attackEnd, fall] where n >= s && n <= e { add(n) }
        }
        intensityLane.sample.forEach(add)
        sharpnessLane.sample.forEach(add)
        corners.sort()
        var unique = 0  // corners[..<unique] holds each value once
        for k in corners.indices where unique == 0 || corners[unique - 1] != corners[k] {
            corners[unique] = corners[k]
            unique += 1
        }
        corners.removeSubrange(unique...)
        return corners
    }

    /// The merged intensity as a polyline within ``PatternOutline/intensityTolerance``: the
    /// corners, each span between them halved until its midpoint is within the tolerance
    /// (down to 1 ms), then straight runs merged. Empty when no continuous voice sounds.
    func intensityPoints() -> [(sample: Int64, value: Double)] {
        guard !continuous.isEmpty else { return [] }
        return PolylineSimplifier.simplify(
            trimSilence(traced(intensity(at:))), tolerance: PatternOutline.intensityTolerance / 2)
    }

    /// The sharpness as a polyline, traced like the intensity where a voice sounds (a clamp
    /// at 0 or 1 bends it between corners), held through silence.
    func sharpnessPoints() -> [(sample: Int64, value: Double)] {
        guard !continuous.isEmpty else { return [] }
        let points = traced { self.sharpness(at: $0) ?? .nan }.filter { !$0.value.isNaN }
        return PolylineSimplifier.simplify(points, tolerance: PatternOutline.intensityTolerance / 2)
    }

    /// `value` at the corners, each span halved until its midpoint is within the tolerance of
    /// the straight line (down to 1 ms). NaN (no value there) never refines.
    private func traced(_ value: (Int64) -> Double) -> [(sample: Int64, value: Double)] {
        var points: [(sample: Int64, value: Double)] = []
        let minimumSpan = Int64(PatternOutline.analysisRate / 1000)
        func refine(_ a: Int64, _ va: Double, _ b: Int64, _ vb: Double) {
            guard b - a > minimumSpan else { return }
            let m = (a + b) / 2
            let vm = value(m)
            let line = va + (vb - va) * Double(m - a) / Double(b - a)
            guard abs(vm - line) > PatternOutline.intensityTolerance else { return }
            refine(a, va, m, vm)
            points.append((m, vm))
            refine(m, vm, b, vb)
        }
        var previous: (sample: Int64, value: Double)?
        for n in corners() {
            let v = value(n)
            if let p = previous { refine(p.sample, p.value, n, v) }
            points.append((n, v))
            previous = (n, v)
        }
        return points
    }

    /// Transients: their start, the intensity the controls give them there, their sharpness.
    func transients() -> [(sample: Int64, intensity: Double, sharpness: Double)] {
        (0..<voices.count).filter { voices.kind[$0] == .hapticTransient }.map { i in
            let n = voices.start[i]
            return (
                n, min(max(Double(voices.level[i]) * intensityLane.value(at: n), 0), 1),
                Double(voices.timbre[i])
            )
        }
    }

    /// The polyline without leading and trailing zero runs (silence outside it is implied),
    /// keeping one zero next to the first and last sound.
    private func trimSilence(_ points: [(sample: Int64, value: Double)]) -> [(
        sample: Int64, value: Double
    )] {
        guard let first = points.firstIndex(where: { $0.value > 0 }),
            let last = points.lastIndex(where: { $0.value > 0 })
        else { return [] }
        return Array(points[max(first - 1, 0)...min(last + 1, points.count - 1)])
    }
}
