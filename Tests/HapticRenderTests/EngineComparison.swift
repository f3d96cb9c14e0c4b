import Foundation
import HapticPattern
import HapticTestSupport
import Testing

@testable import HapticRender

/// Seeded random patterns and helpers that render them with both engines, for the agreement,
/// time-invariance and clean-drive tests.
enum EngineComparison {
    /// The four signals the tests compare, in this order.
    static let signals: [RenderChannel] = [.audioLeft, .audioRight, .hapticDrive, .acceleration]
    /// Worst absolute difference allowed, of full scale: audio and acceleration 1e-3, drive 2e-3.
    static let tolerance: [Float] = [1e-3, 1e-3, 2e-3, 1e-3]

    /// Expects `difference` on channel `c` within ``tolerance``. O(1).
    static func expectWithinTolerance(
        _ difference: Float, channel c: Int, _ context: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(
            difference <= tolerance[c],
            "\(context), \(signals[c]): \(difference) > \(tolerance[c])",
            sourceLocation: sourceLocation)
    }

    /// A random pattern of about `seconds`: overlapping continuous events with envelopes,
    /// transients, tones, custom audio, dynamic parameters and curves on every control the
    /// synthesizer reads. `transientsOnly` leaves only transients (and nothing that moves
    /// their intensity lane). Custom audio names `clip.wav` (see ``clip``).
    static func pattern(seed: UInt64, seconds: Double = 0.6, transientsOnly: Bool = false)
        -> HapticPattern
    {
        var g = SplitMix64(seed: seed)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &g) }
        var events: [HapticEvent] = []
        for _ in 0..<Int.random(in: 3...6, using: &g) {
            var p = EventParameters()
            p.hapticIntensity = r(0.2...1)
            p.hapticSharpness = r(0...1)
            events.append(HapticEvent(type: .hapticTransient, time: r(0...seconds), parameters: p))
        }
        guard !transientsOnly else { return HapticPattern(events: events) }
        for _ in 0..<Int.random(in: 1...3, using: &g) {
            var p = EventParameters()
            p.hapticIntensity = r(0.3...1)
            p.hapticSharpness = r(0...1)
            p.attackTime = r(0...0.4)
            p.releaseTime = r(0...0.4)
            p.decayTime = r(0...0.4)
            if Bool.random(using: &g) { p.sustained = 0 }
            events.append(
                HapticEvent(
                    type: .hapticContinuous, time: r(0...seconds * 0.7),
                    duration: r(0.05...seconds * 0.5),
                    parameters: p))
        }
        var tone = EventParameters()
        tone.audioVolume = r(0.2...1)
        tone.audioPan = r(-1...1)
        tone.audioPitch = r(-1...1)
        tone.audioBrightness = r(0...1)
        events.append(
            HapticEvent(
                type: .audioContinuous, time: r(0...seconds * 0.5),
                duration: r(0.05...seconds * 0.5),
                parameters: tone))
        var clip = EventParameters()
        clip.audioPitch = r(-0.5...0.5)
        clip.audioBrightness = r(0.3...1)
        events.append(
            HapticEvent(
                type: .audioCustom, time: r(0...seconds * 0.5), parameters: clip,
                waveformPath: "clip.wav", waveformLoopEnabled: Bool.random(using: &g)))
        let controls: [DynamicParameterID] = [
            .hapticIntensityControl, .hapticSharpnessControl, .audioVolumeControl,
            .audioPanControl, .audioPitchControl, .audioBrightnessControl,
        ]
        var parameters: [DynamicParameter] = []
        var curves: [ParameterCurve] = []
        for id in controls {
            let range = id.combination == .multiply ? 0.0...1.0 : -0.5...0.5
            if Bool.random(using: &g) {
                parameters.append(DynamicParameter(id: id, time: r(0...seconds), value: r(range)))
            }
            if Bool.random(using: &g) {
                let points = (0..<Int.random(in: 2...5, using: &g)).map { k in
                    ParameterCurve.ControlPoint(time: Double(k) * r(0.01...0.1), value: r(range))
                }
                curves.append(ParameterCurve(id: id, time: r(0...seconds), points: points))
            }
        }
        return HapticPattern(events: events, parameters: parameters, curves: curves)
    }

    /// The custom audio the random patterns play: 0.2 s of a decaying two-tone knock.
    static func clip(sampleRate: Double) -> AudioClip {
        let n = Int(0.2 * sampleRate)
        let samples = (0..<n).map { i -> Float in
            let t = Double(i) / sampleRate
            return Float(
                0.6 * (sin(2 * .pi * 220 * t) + 0.5 * sin(2 * .pi * 1_250 * t)) * exp(-t * 12))
        }
        return AudioClip(samples: samples, channels: 1)
    }

    static func timeline(_ pattern: HapticPattern, sampleRate: Double) -> (Timeline, [AudioClip?]) {
        let timeline = Scheduler(sampleRate: sampleRate, customAudioLengths: ["clip.wav": 0.2])
            .schedule(pattern).timeline
        return (timeline, timeline.audioResources.map { _ in clip(sampleRate: sampleRate) })
    }

    /// A runtime parameter pushed before the render starts (same for both engines).
    static let runtimeParameters = [
        QueuedParameter(id: .hapticIntensityControl, value: 0.7, sample: 9_000),
        QueuedParameter(id: .audioVolumeControl, value: 0.5, sample: 11_000),
    ]

    /// Every frame of the fast engine, in blocks of `blockFrames` (interleaved `signals`).
    static func renderFast(
        _ timeline: Timeline, _ audio: [AudioClip?], _ configuration: RenderConfiguration,
        blockFrames: Int = 4_096, parameters: [QueuedParameter] = []
    ) throws -> [Float] {
        var renderer = try PatternRenderer(
            timeline: timeline, audio: audio, configuration: configuration)
        for p in parameters { _ = renderer.parameters.push(p) }
        var out: [Float] = []
        var block = [Float](repeating: 0, count: blockFrames * configuration.channels.count)
        while !renderer.isFinished {
            let n = block.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
            out += block[0..<(n * configuration.channels.count)]
        }
        return out
    }

    /// Every frame of the reference engine.
    static func renderReference(
        _ timeline: Timeline, _ audio: [AudioClip?], _ configuration: RenderConfiguration,
        parameters: [QueuedParameter] = []
    ) throws -> [Float] {
        let renderer = try ReferenceRenderer(
            timeline: timeline, audio: audio, configuration: configuration)
        for p in parameters { _ = renderer.parameters.push(p) }
        var out = [Float](
            repeating: 0, count: Int(renderer.totalFrames) * configuration.channels.count)
        _ = out.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
        return out
    }

    /// Worst absolute difference per signal of two interleaved renders of `signals`.
    static func worstDifference(_ a: [Float], _ b: [Float]) -> [Float] {
        var worst = [Float](repeating: 0, count: signals.count)
        for i in 0..<min(a.count, b.count) {
            worst[i % signals.count] = max(worst[i % signals.count], abs(a[i] - b[i]))
        }
        return worst
    }

    /// `timeline` with every time moved `samples` later.
    static func shifted(_ timeline: Timeline, by samples: Int64) -> Timeline {
        var t = timeline
        t.voices.start = t.voices.start.map { $0 + samples }
        t.voices.end = t.voices.end.map { $0 + samples }
        t.voices.releaseStart = t.voices.releaseStart.map { $0 + samples }
        t.lanes = t.lanes.map { lane in
            var l = lane
            l.sample = l.sample.map { $0 + samples }
            return l
        }
        t.patternDurationSamples += samples
        t.voicesEndSample += samples
        return t
    }
}
