extension CoreHapticsFacts {
    /// How long a custom audio event plays, in seconds of audio (never rate-scaled), for an
    /// audio file of `fileSeconds` (nil: unknown); nil when that cannot be known.
    ///
    /// Looping (`EventWaveformLoopEnabled`, or a resource registered with
    /// `CHHapticAudioResourceKeyLoopEnabled`): the event's duration, for which the file repeats
    /// (Apple: the audio loops; the event's duration is "the duration for this event"). A
    /// looping event without a duration plays the file once: Core Haptics' iOS 26.1 code
    /// rejects it (−4823), a lenient renderer plays what it can. Not looping: the file's length,
    /// as Core Haptics replaces an AHAP event's `EventDuration` by it. O(1).
    public static func customAudioSeconds(_ event: HapticEvent, fileSeconds: Double?) -> Double? {
        let duration = parsedTime(event.duration ?? 0)
        if event.loopEnabled, duration > 0 { return duration }
        return fileSeconds.map { max($0, 0) }
    }

    /// Seconds from an event's start to the end it gives the pattern — Core Haptics'
    /// `-[CHHapticEvent fullDuration]`: a transient's `EventDuration` (it only pads the
    /// pattern); a continuous or custom audio event's duration (custom audio:
    /// ``customAudioSeconds(_:fileSeconds:)``), plus `T(r) − 0.04` s when it is sustained and
    /// has a `ReleaseTime` r (``EnvelopeTime/patternDurationReleaseTerm(_:)``). The uncapped
    /// duration, as `CHHapticPattern.duration` uses. Nil for custom audio of unknown length.
    /// O(1).
    public static func fullDuration(_ event: HapticEvent, customAudioFileSeconds: Double? = nil)
        -> Double?
    {
        let base: Double
        switch event.type {
        case .hapticTransient:
            return parsedTime(event.duration ?? 0)
        case .hapticContinuous, .audioContinuous:
            base = parsedTime(event.duration ?? 0)
        case .audioCustom:
            guard let seconds = customAudioSeconds(event, fileSeconds: customAudioFileSeconds)
            else { return nil }
            base = seconds
        }
        if event.parameters.isSustained, let r = event.parameters.releaseTime {
            return base + EnvelopeTime.patternDurationReleaseTerm(r)
        }
        return base
    }

    /// `CHHapticPattern.duration`, seconds: the latest of every event's `Time + fullDuration`
    /// (``fullDuration(_:customAudioFileSeconds:)``), every parameter's `Time` and every curve
    /// point's `curve Time + point Time`, never negative. `customAudioLengths` maps an
    /// `EventWaveformPath` (as written) to its file's length; a custom audio event whose
    /// length is unknown is left out. O(events + parameters + points).
    public static func patternDuration(
        _ pattern: HapticPattern, customAudioLengths: [String: Double]
    ) -> Double {
        patternDuration(pattern) { $0.waveformPath.flatMap { customAudioLengths[$0] } }
    }

    /// ``patternDuration(_:customAudioLengths:)`` with each custom audio event's file length
    /// given by `customAudioFileSeconds` (nil: unknown).
    public static func patternDuration(
        _ pattern: HapticPattern, customAudioFileSeconds: (HapticEvent) -> Double?
    ) -> Double {
        var end = 0.0
        for e in pattern.events {
            let file = e.type == .audioCustom ? customAudioFileSeconds(e) : nil
            if let length = fullDuration(e, customAudioFileSeconds: file) {
                end = max(end, parsedTime(e.time) + length)
            }
        }
        for p in pattern.parameters { end = max(end, parsedTime(p.time)) }
        for c in pattern.curves {
            let t = parsedTime(c.time)
            end = max(end, t)
            for p in c.points { end = max(end, t + p.time) }
        }
        return end
    }
}

extension HapticPattern {
    /// `CHHapticPattern.duration` without custom audio lengths
    /// (``CoreHapticsFacts/patternDuration(_:customAudioLengths:)``).
    public var duration: Double { CoreHapticsFacts.patternDuration(self, customAudioLengths: [:]) }

    /// `CHHapticPattern.duration` with the length of each custom audio file, keyed by
    /// `EventWaveformPath` as written
    /// (``CoreHapticsFacts/patternDuration(_:customAudioLengths:)``).
    public func duration(customAudioDurations: [String: Double]) -> Double {
        CoreHapticsFacts.patternDuration(self, customAudioLengths: customAudioDurations)
    }
}
