import Foundation
import HapticPattern
import HapticTestSupport
import Testing

@testable import HapticRender

/// Seeded random patterns and helpers that render them with both engines, for the agreement,
/// time-invariance and clean-drive tests.
enum EngineComparison {
    /// The four signals the tests compare, in this order.
    static let signals: [RenderSignal] = [.audioLeft, .audioRight, .hapticDrive, .acceleration]
    /// Worst absolute difference allowed, of full scale: audio and acceleration 1e-3, drive 2e-3.
    static let tolerance: [Float] = [1e-3, 1e-3, 2e-3, 1e-3]

    /// Expects `difference` on channel `c` within ``tolerance``. O(1).
    /// Renders `pattern` at 48 kHz on `actuator` through both engines (the fast one in blocks of
    /// 512 frames), expects every signal within ``tolerance`` and prints the worst drive and
    /// acceleration differences under `context`.
    static func expectAgreement(
        _ pattern: HapticPattern, on actuator: ActuatorProfile, _ context: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let configuration = RenderConfiguration(channels: signals, actuator: actuator)
        let (timeline, audio) = Self.timeline(pattern, sampleRate: 48_000)
        let fast = try renderFast(timeline, audio, configuration, blockFrames: 512)
        let reference = try renderReference(timeline, audio, configuration)
        #expect(fast.count == reference.count, sourceLocation: sourceLocation)
        let d = worstDifference(fast, reference)
        for c in 0..<signals.count {
            expectWithinTolerance(d[c], channel: c, context, sourceLocation: sourceLocation)
        }
        print(
            "\(context), \(actuator.name): worst |fast − reference| drive \(d[2]), acceleration \(d[3])"
        )
    }

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
    /// their intensity parameter lane). Custom audio names `clip.wav` (see ``clip``).
    static func pattern(seed: UInt64, seconds: Double = 0.6, transientsOnly: Bool = false)
        -> HapticPattern
    {
        var random = RandomPattern(seed: seed)
        var events = (0..<random.count(3...6)).map { _ in random.transient(at: 0...seconds) }
        guard !transientsOnly else { return HapticPattern(events: events) }
        for _ in 0..<random.count(1...3) {
            events.append(
                random.continuous(at: 0...seconds * 0.7, duration: 0.05...seconds * 0.5))
        }
        events.append(random.tone(at: 0...seconds * 0.5, duration: 0.05...seconds * 0.5))
        events.append(random.customAudio(at: 0...seconds * 0.5, path: "clip.wav"))
        var parameters: [DynamicParameter] = []
        var curves: [ParameterCurve] = []
        for id in DynamicParameterID.allCases where id.isCurvable {
            if random.coin() { parameters.append(random.parameter(id, at: 0...seconds)) }
            if random.coin() {
                curves.append(random.curve(id, at: 0...seconds, points: 2...5, spacing: 0.01...0.1))
            }
        }
        return HapticPattern(events: events, parameters: parameters, curves: curves)
    }

    /// The custom audio the random patterns play: 0.2 s of a decaying two-tone knock.
    static func clip(sampleRate: Double) -> AudioResource {
        let n = Int(0.2 * sampleRate)
        let samples = (0..<n).map { i -> Float in
            let t = Double(i) / sampleRate
            return Float(
                0.6 * (sin(2 * .pi * 220 * t) + 0.5 * sin(2 * .pi * 1_250 * t)) * exp(-t * 12))
        }
        return AudioResource(samples: samples, channels: 1)
    }

    static func timeline(_ pattern: HapticPattern, sampleRate: Double) -> (
        Timeline, [AudioResource?]
    ) {
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
        _ timeline: Timeline, _ audio: [AudioResource?], _ configuration: RenderConfiguration,
        blockFrames: Int = 4_096, parameters: [QueuedParameter] = []
    ) throws -> [Float] {
        try TestRender.frames(
            timeline, audio: audio, configuration: configuration, blockFrames: blockFrames,
            parameters: parameters)
    }

    /// Every frame of the reference engine.
    static func renderReference(
        _ timeline: Timeline, _ audio: [AudioResource?], _ configuration: RenderConfiguration,
        parameters: [QueuedParameter] = []
    ) throws -> [Float] {
        try TestRender.frames(
            timeline, audio: audio, configuration: configuration, engine: .reference,
            parameters: parameters)
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
        t.parameterLanes = t.parameterLanes.map { lane in
            var l = lane
            l.sample = l.sample.map { $0 + samples }
            return l
        }
        t.patternDurationSamples += samples
        t.voicesEndSample += samples
        return t
    }
}
