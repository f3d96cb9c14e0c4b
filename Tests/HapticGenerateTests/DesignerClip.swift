import Foundation
import HapticPattern

/// A designer's haptic clip (Lofelt `.haptic` v1: an amplitude envelope with emphasis points
/// and a frequency envelope) and its AHAP by Lofelt's own rule (haptic2ahap): intensity =
/// √amplitude on continuous events shaped by curves (halved at emphasis points), sharpness =
/// √frequency, emphasis → transients played beside them from a second pattern, so the
/// continuous pattern's intensity curve does not scale them.
struct DesignerClip {
    struct Breakpoint {
        var time: Double
        var amplitude: Double
        var emphasis: (amplitude: Double, frequency: Double)?
    }

    var amplitude: [Breakpoint]
    var frequency: [(time: Double, value: Double)]

    init(amplitude: [Breakpoint], frequency: [(time: Double, value: Double)]) {
        self.amplitude = amplitude
        self.frequency = frequency
    }

    init(contentsOf path: String) throws {
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            as? [String: Any]
        let envelopes =
            ((json?["signals"] as? [String: Any])?["continuous"] as? [String: Any])?["envelopes"]
            as? [String: Any]
        amplitude = (envelopes?["amplitude"] as? [[String: Any]] ?? []).map { p in
            let e = p["emphasis"] as? [String: Any]
            return Breakpoint(
                time: p["time"] as? Double ?? 0, amplitude: p["amplitude"] as? Double ?? 0,
                emphasis: e.map {
                    ($0["amplitude"] as? Double ?? 0, $0["frequency"] as? Double ?? 0)
                })
        }
        frequency = (envelopes?["frequency"] as? [[String: Any]] ?? []).map {
            ($0["time"] as? Double ?? 0, $0["frequency"] as? Double ?? 0)
        }
    }

    var emphasisTimes: [Double] { amplitude.filter { $0.emphasis != nil }.map(\.time) }

    /// The continuous pattern and the transients' pattern.
    var patterns: [HapticPattern] {
        var bed = HapticPattern()
        bed.curves = Self.curves(
            .hapticIntensityControl,
            amplitude.map { ($0.time, $0.amplitude.squareRoot() * ($0.emphasis == nil ? 1 : 0.5)) })
        if !frequency.isEmpty {
            bed.curves += Self.curves(
                .hapticSharpnessControl, frequency.map { ($0.time, $0.value.squareRoot()) })
        }
        let end = amplitude.last?.time ?? 0
        var t = 0.0
        while t < end {
            var p = EventParameters()
            p.hapticIntensity = 1
            p.hapticSharpness = 0
            bed.events.append(
                HapticEvent(
                    type: .hapticContinuous, time: t, duration: min(30, end - t), parameters: p))
            t += 30
        }
        var hits = HapticPattern()
        for b in amplitude {
            guard let e = b.emphasis else { continue }
            var p = EventParameters()
            p.hapticIntensity = e.amplitude.squareRoot()
            p.hapticSharpness = e.frequency
            hits.events.append(HapticEvent(type: .hapticTransient, time: b.time, parameters: p))
        }
        bed.canonicalize()
        hits.canonicalize()
        return hits.events.isEmpty ? [bed] : [bed, hits]
    }

    /// haptic2ahap's curves: chunks of 16 points, each starting at the previous one's last.
    static func curves(_ id: DynamicParameterID, _ points: [(Double, Double)]) -> [ParameterCurve] {
        var out: [ParameterCurve] = []
        var i = 0
        while i < points.count - 1 || (i == 0 && !points.isEmpty) {
            let chunk = points[i..<min(points.count, i + 16)]
            let t0 = chunk.first!.0
            out.append(
                ParameterCurve(
                    id: id, time: t0,
                    points: chunk.map { .init(time: $0.0 - t0, value: min(1, max(0, $0.1))) }))
            i += 15
            if chunk.count < 16 { break }
        }
        return out
    }
}
