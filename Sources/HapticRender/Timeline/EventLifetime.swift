import HapticPattern

/// How long each event type lasts, in **pattern** seconds before the playback rate, and what
/// it contributes to the pattern duration. The choices where Apple is silent live here.
public enum EventLifetime {
    /// Core Haptics' `HapticContinuousTimeLimit` on phones: longer HapticContinuous events are
    /// silently capped (docs/ahap-format.md, Events). The cap applies to `EventDuration` in pattern
    /// seconds, before the playback rate. AudioContinuous has no cap.
    public static let hapticContinuousLimitSeconds = 30.0

    /// How long an AudioCustom voice plays, in seconds of audio (never rate-scaled).
    ///
    /// Not looping: the file's length (`EventDuration` from AHAP is ignored, as Core Haptics
    /// replaces it by the resource length). Looping (`EventWaveformLoopEnabled`): our choice —
    /// `EventDuration` when > 0, otherwise one file length (Core Haptics' iOS 26.1 code would
    /// reject the latter with −4823; a lenient renderer plays the file once).
    public static func customAudioSeconds(_ event: HapticEvent, fileSeconds: Double) -> Double {
        let d = parsedFloat32(event.duration ?? 0)
        if event.loopEnabled, d > 0 { return d }
        return max(fileSeconds, 0)
    }

    /// `Time + fullDuration` contribution of an event to the pattern duration, the Core Haptics
    /// rule (docs/ahap-format.md, Timing and duration): transients and non-sustained events
    /// `EventDuration`; sustained
    /// continuous events with an explicit `ReleaseTime` r add `0.02·2^(8r) − 0.04`; AudioCustom
    /// its played length. Uses the uncapped duration, as `CHHapticPattern.duration` does.
    /// `nil` for an AudioCustom event whose length is unknown.
    public static func patternEnd(_ event: HapticEvent, customAudioLengths: [String: Double])
        -> Double?
    {
        let t = parsedFloat32(event.time)
        let d = parsedFloat32(event.duration ?? 0)
        switch event.type {
        case .hapticTransient:
            return t + d
        case .hapticContinuous, .audioContinuous:
            if event.parameters.isSustained, let r = event.parameters.releaseTime {
                return t + d + EnvelopeTime.patternDurationReleaseTerm(r)
            }
            return t + d
        case .audioCustom:
            guard let path = event.waveformPath, let file = customAudioLengths[path] else {
                return nil
            }
            return t + customAudioSeconds(event, fileSeconds: file)
        }
    }
}

extension HapticPattern {
    /// `CHHapticPattern.duration` (docs/ahap-format.md, Timing and duration): the latest of
    /// every event's
    /// `Time + fullDuration`, every parameter's `Time`, and every curve point's
    /// `curve Time + point Time`; never negative. AudioCustom events without a known length
    /// are left out. O(events + parameters + points).
    public func coreHapticsDuration(customAudioLengths: [String: Double] = [:]) -> Double {
        var end = 0.0
        for e in events {
            if let x = EventLifetime.patternEnd(e, customAudioLengths: customAudioLengths) {
                end = max(end, x)
            }
        }
        for p in parameters { end = max(end, parsedFloat32(p.time)) }
        for c in curves {
            let t = parsedFloat32(c.time)
            end = max(end, t)
            for p in c.points { end = max(end, t + p.time) }
        }
        return end
    }
}
