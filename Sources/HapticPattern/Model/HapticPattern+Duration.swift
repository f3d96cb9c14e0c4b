extension HapticEvent {
    /// How long the event lasts by Core Haptics' rule (`-[CHHapticEvent fullDuration]`,
    /// docs/ahap-format.md, Envelopes and Timing and duration):
    /// * transient: `EventDuration` or 0 (it only pads the pattern);
    /// * continuous (and AudioCustom) with a sustained envelope and a `ReleaseTime` r:
    ///   `EventDuration + (0.02·2^(8r) − 0.04)`; otherwise `EventDuration`;
    /// * AudioCustom: the audio file's length (`customAudioDuration`; 0 when unknown,
    ///   because Core Haptics ignores `EventDuration` for AHAP custom audio).
    public func fullDuration(customAudioDuration: Double? = nil) -> Double {
        let base: Double
        switch type {
        case .hapticTransient:
            return duration ?? 0
        case .hapticContinuous, .audioContinuous:
            base = duration ?? 0
        case .audioCustom:
            guard let length = customAudioDuration else { return 0 }
            base = length
        }
        if parameters.isSustained, let r = parameters.releaseTime {
            return base + EnvelopeTime.patternDurationReleaseTerm(r)
        }
        return base
    }
}

extension HapticPattern {
    /// Pattern duration in seconds by Core Haptics' rule, without custom-audio lengths
    /// (AudioCustom events count from their start only). See ``duration(customAudioDurations:)``.
    public var duration: Double { duration(customAudioDurations: [:]) }

    /// Pattern duration in seconds (Core Haptics `CHHapticPattern.duration`): the maximum
    /// over events of `Time + fullDuration`, over parameters of `Time`, and over curves of
    /// `Time + pointTime` for every point. `customAudioDurations` maps an
    /// `EventWaveformPath` (as written) to the audio file's length in seconds. O(n).
    public func duration(customAudioDurations: [String: Double]) -> Double {
        var end = 0.0
        for event in events {
            let length = event.fullDuration(
                customAudioDuration: event.waveformPath.flatMap { customAudioDurations[$0] })
            end = max(end, event.time + length)
        }
        for parameter in parameters { end = max(end, parameter.time) }
        for curve in curves {
            end = max(end, curve.time)
            for point in curve.points { end = max(end, curve.time + point.time) }
        }
        return end
    }
}
