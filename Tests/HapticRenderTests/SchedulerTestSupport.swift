import HapticPattern
import HapticRender

/// Small builders for scheduler tests: events with just the parameters a test cares about.
enum SchedulerFixtures {
    static func params(_ pairs: [(EventParameterID, Double)]) -> EventParameters {
        var p = EventParameters()
        for (id, v) in pairs { p[id] = v }
        return p
    }

    static func transient(
        _ t: Double, duration: Double? = nil, _ pairs: [(EventParameterID, Double)] = []
    ) -> HapticEvent {
        HapticEvent(type: .hapticTransient, time: t, duration: duration, parameters: params(pairs))
    }

    static func continuous(
        _ t: Double, _ d: Double?, _ pairs: [(EventParameterID, Double)] = [],
        audio: Bool = false
    ) -> HapticEvent {
        HapticEvent(
            type: audio ? .audioContinuous : .hapticContinuous, time: t, duration: d,
            parameters: params(pairs))
    }

    static func custom(
        _ t: Double, path: String, duration: Double? = nil, loop: Bool? = nil,
        envelope: Bool? = nil, _ pairs: [(EventParameterID, Double)] = []
    ) -> HapticEvent {
        HapticEvent(
            type: .audioCustom, time: t, duration: duration, parameters: params(pairs),
            waveformPath: path, waveformUsesVolumeEnvelope: envelope, waveformLoopEnabled: loop)
    }

    static func curve(_ id: DynamicParameterID, _ t: Double, _ points: [(Double, Double)])
        -> ParameterCurve
    {
        ParameterCurve(id: id, time: t, points: points.map { .init(time: $0.0, value: $0.1) })
    }

    static func schedule(
        _ pattern: HapticPattern, sampleRate: Double = 1000,
        options: PlayerOptions = PlayerOptions(),
        lengths: [String: Double] = [:]
    ) -> Scheduler.Result {
        Scheduler(sampleRate: sampleRate, customAudioLengths: lengths).schedule(
            pattern, options: options)
    }

    static func timeline(
        _ pattern: HapticPattern, sampleRate: Double = 1000,
        options: PlayerOptions = PlayerOptions(),
        lengths: [String: Double] = [:]
    ) -> Timeline {
        schedule(pattern, sampleRate: sampleRate, options: options, lengths: lengths).timeline
    }
}
