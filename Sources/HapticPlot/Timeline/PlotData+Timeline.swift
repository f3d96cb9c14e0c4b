import HapticPattern
import HapticRender
import HapticRenderKit

extension PlotData {
    /// The event panels and effective-parameter panels of a scheduled timeline, in player time
    /// (rate, loops and seek applied — what the render plays). Signals are left empty.
    ///
    /// Choices (Apple draws no such panel):
    /// - An event's drawn envelope is its scheduled gain (``Envelope``) × intensity at the
    ///   envelope's corners.
    /// - The *effective* intensity at a time is the strongest active continuous haptic event's
    ///   intensity × `HapticIntensityControl` of its layer (0 when none is active); the effective
    ///   sharpness is that event's sharpness + `HapticSharpnessControl`, clamped to 0…1, held
    ///   while nothing plays. Transients show their own values on their stems.
    ///
    /// O(voices · active voices + panel breakpoints).
    public static func events(
        of timeline: Timeline, title: String, actuator: ActuatorProfile,
        duration: Double
    ) -> PlotData {
        let rate = timeline.sampleRate
        let v = timeline.voices
        var haptic: [PlotEvent] = []
        var audio: [PlotEvent] = []
        for i in 0..<v.count {
            let time = Double(v.start[i]) / rate
            let length = Double(v.end[i] - v.start[i]) / rate
            let level = Double(v.level[i])
            switch v.kind[i] {
            case .hapticTransient:
                haptic.append(
                    PlotEvent(
                        time: time,
                        kind: .hapticTransient(intensity: level, sharpness: Double(v.timbre[i]))))
            case .hapticContinuous:
                haptic.append(
                    PlotEvent(
                        time: time, duration: length,
                        kind: .hapticContinuous(
                            intensity: level, sharpness: Double(v.timbre[i]),
                            envelope: envelopePoints(v, i, rate: rate))))
            case .audioContinuous:
                audio.append(
                    PlotEvent(time: time, duration: length, kind: .audioContinuous(volume: level)))
            case .audioCustom:
                let r = Int(v.audioResource[i])
                let path =
                    r >= 0 && r < timeline.audioResources.count
                    ? timeline.audioResources[r].path : "?"
                let name = path.split(separator: "/").last.map(String.init) ?? path
                audio.append(
                    PlotEvent(
                        time: time, duration: length,
                        kind: .audioCustom(fileName: name, volume: level)))
            }
        }
        let (intensity, sharpness) = effectiveParameters(timeline)
        return PlotData(
            title: title, duration: duration, actuatorName: actuator.name,
            accelerationFullScaleG: actuator.fullScaleG, hapticEvents: haptic, audioEvents: audio,
            effectiveIntensity: intensity, effectiveSharpness: sharpness, sampleRate: rate)
    }

    /// The envelope's corners relative to the voice's start, scaled by its level.
    static func envelopePoints(_ v: VoiceTable, _ i: Int, rate: Double) -> [PlotPoint] {
        let envelope = Envelope(
            attack: Float(v.attackSamples[i]), decay: Float(v.decaySamples[i]),
            release: Float(v.releaseSamples[i]),
            releaseStart: Float(v.releaseStart[i] - v.start[i]), sustained: v.sustained[i])
        let length = Float(v.end[i] - v.start[i])
        var corners: [Float] = [0, envelope.attack]
        if envelope.sustained {
            corners += [envelope.releaseStart, envelope.releaseStart + envelope.release]
        } else {
            corners.append(envelope.attack + envelope.decay)
        }
        corners.append(length)
        let offsets = Set(corners.map { min(max($0, 0), length) }).sorted()
        return offsets.map {
            PlotPoint(time: Double($0) / rate, value: Double(v.level[i] * envelope.gain(at: $0)))
        }
    }

    /// Effective intensity and sharpness as piecewise-linear curves (see ``events(of:title:actuator:duration:)``).
    static func effectiveParameters(_ timeline: Timeline) -> ([PlotPoint], [PlotPoint]) {
        let v = timeline.voices
        let continuous = (0..<v.count).filter { v.kind[$0] == .hapticContinuous }
        var times = Set<Int64>()
        for i in continuous {
            times.insert(v.start[i])
            times.insert(v.end[i])
        }
        for layer in 0..<timeline.layerCount {
            for id in [DynamicParameterID.hapticIntensityControl, .hapticSharpnessControl] {
                times.formUnion(timeline.parameterLane(id, layer: layer).sample)
            }
        }
        let rate = timeline.sampleRate
        var intensity: [PlotPoint] = []
        var sharpness: [PlotPoint] = []
        var lastSharpness = 0.0
        var next = 0  // index into `continuous` (sorted by start)
        var active: [Int] = []
        func evaluate(at n: Int64) -> (Double, Double)? {
            var best: (Double, Double)?
            for i in active where v.start[i] <= n && n < v.end[i] {
                let layer = Int(v.layer[i])
                let control = timeline.parameterLane(.hapticIntensityControl, layer: layer).value(
                    at: n)
                let level = min(max(Double(v.level[i]) * control, 0), 1)
                if best == nil || level > best!.0 {
                    let s =
                        Double(v.timbre[i])
                        + timeline.parameterLane(.hapticSharpnessControl, layer: layer).value(at: n)
                    best = (level, min(max(s, 0), 1))
                }
            }
            return best
        }
        for n in times.sorted() {
            let before = n > 0 ? evaluate(at: n - 1) : nil
            while next < continuous.count, v.start[continuous[next]] <= n {
                active.append(continuous[next])
                next += 1
            }
            active.removeAll { v.end[$0] <= n }
            let after = evaluate(at: n)
            let t = Double(n) / rate
            // A jump (event start/end) becomes two points at the same time.
            intensity.append(PlotPoint(time: t, value: before?.0 ?? 0))
            sharpness.append(PlotPoint(time: t, value: before?.1 ?? lastSharpness))
            lastSharpness = after?.1 ?? before?.1 ?? lastSharpness
            intensity.append(PlotPoint(time: t, value: after?.0 ?? 0))
            sharpness.append(PlotPoint(time: t, value: lastSharpness))
        }
        return (intensity, sharpness)
    }
}
