import HapticPattern
import SoundFile

/// The baseline: haptify's published rule (imedboumalek/haptify, MIT, its
/// `lib/src/audio/analyzer.dart`; reimplemented from a description, no code copied). 10 ms frames
/// of RMS normalized to the peak; a transient where the envelope rises by more than 1.5 × its ±100
/// ms local mean + 0.005, above the silence level 0.02, at least 50 ms after the previous one,
/// intensity = the envelope's maximum over the next 50 ms, sharpness = √(ZCR / 0.5); continuous
/// events over the frames above silence (gaps ≤ 30 ms bridged, runs ≥ 30 ms), intensity = the run's
/// peak, an intensity curve of envelope / peak simplified and cut into ≤ 16-point curves with
/// relative times; no 30 s split, no per-second budget.
enum HaptifyBaseline {
    static func pattern(for path: String) throws -> HapticPattern {
        let audio = try SoundFile.read(path: path, limits: .unlimited)
        let frame = max(1, Int((audio.sampleRate * 0.01).rounded()))
        let frames = audio.samples.count / audio.channels / frame
        var env = [Double](repeating: 0, count: frames)
        var zcr = [Double](repeating: 0, count: frames)
        var previous: Float = 0
        for f in 0..<frames {
            var sum = 0.0
            var crossings = 0
            for i in 0..<frame {
                var x: Float = 0
                let base = (f * frame + i) * audio.channels
                for c in 0..<audio.channels { x += audio.samples[base + c] }
                x /= Float(audio.channels)
                sum += Double(x * x)
                if (x >= 0) != (previous >= 0) { crossings += 1 }
                previous = x
            }
            env[f] = (sum / Double(frame)).squareRoot()
            zcr[f] = Double(crossings) / Double(frame)
        }
        let peak = env.max() ?? 0
        if peak > 0 { for f in 0..<frames { env[f] /= peak } }
        let silence = 0.02
        var events: [HapticEvent] = []
        var last = -1.0
        for f in 1..<max(frames, 1) {
            let lo = max(0, f - 10)
            let hi = min(frames, f + 11)
            let mean = env[lo..<hi].reduce(0, +) / Double(hi - lo)
            let t = Double(f) * 0.01
            guard env[f] - env[f - 1] > 1.5 * mean + 0.005, env[f] > silence, t - last >= 0.05
            else { continue }
            last = t
            var p = EventParameters()
            p.hapticIntensity = (env[f..<min(frames, f + 5)].max() ?? 0).rounded3
            p.hapticSharpness = min(1, (zcr[f] / 0.5).squareRoot()).rounded3
            events.append(HapticEvent(type: .hapticTransient, time: t.rounded3, parameters: p))
        }
        var curves: [ParameterCurve] = []
        var f = 0
        while f < frames {
            guard env[f] > silence else {
                f += 1
                continue
            }
            var end = f
            while end < frames {
                if env[end] > silence {
                    end += 1
                    continue
                }
                var gap = end
                while gap < frames && env[gap] <= silence && gap - end < 3 { gap += 1 }
                if gap < frames && env[gap] > silence && gap - end <= 3 { end = gap } else { break }
            }
            if end - f >= 3 {
                let runPeak = env[f..<end].max() ?? 1
                var p = EventParameters()
                p.hapticIntensity = runPeak.rounded3
                p.hapticSharpness =
                    min(1, (zcr[f..<end].reduce(0, +) / Double(end - f) / 0.5).squareRoot())
                    .rounded3
                events.append(
                    HapticEvent(
                        type: .hapticContinuous, time: (Double(f) * 0.01).rounded3,
                        duration: (Double(end - f) * 0.01).rounded3, parameters: p))
                let values = env[f..<end].map { $0 / runPeak }
                let keep = simplify(values, tolerance: 0.03)
                let points = keep.map {
                    ParameterCurve.ControlPoint(
                        time: (Double(f + $0) * 0.01).rounded3, value: values[$0].rounded3)
                }
                var start = 0
                repeat {
                    let chunk = points[start..<min(points.count, start + 16)]
                    let origin = chunk.first!.time
                    curves.append(
                        ParameterCurve(
                            id: .hapticIntensityControl, time: origin,
                            points: chunk.map {
                                .init(time: ($0.time - origin).rounded3, value: $0.value)
                            }))
                    start += chunk.count - 1
                } while start < points.count - 1
            }
            f = end
        }
        var pattern = HapticPattern(
            metadata: [MetadataEntry(key: "Project", value: .string("haptify baseline"))],
            events: events, curves: curves)
        pattern.canonicalize()
        return pattern
    }

    /// Ramer–Douglas–Peucker on equally spaced values.
    static func simplify(_ v: [Double], tolerance: Double) -> [Int] {
        guard v.count > 2 else { return Array(v.indices) }
        var keep = [Bool](repeating: false, count: v.count)
        keep[0] = true
        keep[v.count - 1] = true
        var stack = [(0, v.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b - a > 1 else { continue }
            var worst = a
            var error = 0.0
            for i in (a + 1)..<b {
                let e = abs(v[i] - (v[a] + (v[b] - v[a]) * Double(i - a) / Double(b - a)))
                if e > error {
                    error = e
                    worst = i
                }
            }
            if error > tolerance {
                keep[worst] = true
                stack += [(a, worst), (worst, b)]
            }
        }
        return v.indices.filter { keep[$0] }
    }
}

extension Double {
    var rounded3: Double { (self * 1_000).rounded() / 1_000 }
}
