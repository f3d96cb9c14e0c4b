import HapticRender

/// Where one file's render is split so that several threads can render it at once.
///
/// A boundary is the start of a voice that follows a quiet gap: no voice sounds in the gap, and
/// it is long enough for the actuator to come to exact rest after the last haptic voice (its
/// brake, then the plant's own time to its rest threshold). At such a
/// boundary the renderer is normally quiescent (``PatternRenderer/isQuiescent()``), so a
/// renderer that seeks there produces the same bits as one that played everything before.
/// The plan is only a guess made from the timeline: the segmented writer checks quiescence at
/// every boundary and lets a segment run on through the next one where it does not hold, so
/// the output never depends on the plan.
struct SegmentPlan: Equatable {
    /// Ascending frame positions: the first is 0, the last the render's length; segment i is
    /// `boundaries[i] ..< boundaries[i + 1]`.
    let boundaries: [Int64]

    var segmentCount: Int { boundaries.count - 1 }

    /// Splits `frames` frames of `timeline` into segments of at least a second, about
    /// `segmentsPerThread` per thread (so that a slow segment does not leave a thread idle at
    /// the end) and, where the gaps allow, at most `maximumSpacing` frames apart (what a worker
    /// can buffer while the writer is still at an earlier segment). O(voices log voices).
    init(
        timeline: Timeline, configuration: RenderConfiguration, frames: Int64, threads: Int,
        segmentsPerThread: Int = 8, maximumSpacing: Int64 = .max
    ) {
        let rate = configuration.sampleRate
        let share = frames / Int64(max(1, threads * segmentsPerThread))
        let spacing = max(Int64(rate), min(share, maximumSpacing))
        let settle = Self.settleFrames(configuration)
        // Voices in start order, each busy until its end (haptic voices: plus the settling time).
        let voices = timeline.voices
        let order = (0..<voices.count).sorted { voices.start[$0] < voices.start[$1] }
        var boundaries: [Int64] = [0]
        var busyUntil = Int64.min
        for i in order {
            let start = voices.start[i]
            if start >= busyUntil, start - boundaries[boundaries.count - 1] >= spacing,
                start < frames
            {
                boundaries.append(start)
            }
            busyUntil = max(busyUntil, voices.end[i] + (voices.kind[i].isHaptic ? settle : 0))
        }
        if frames > 0 { boundaries.append(frames) }
        self.boundaries = boundaries
    }

    init(boundaries: [Int64]) { self.boundaries = boundaries }

    /// Frames from a haptic voice's scheduled end to the actuator's exact rest, generously:
    /// the longest brake and driver tail, then the plant's own time to rest from four times
    /// its full-scale motion (``ActuatorProfile/restFrames(sampleRate:)``, the kind's).
    static func settleFrames(_ configuration: RenderConfiguration) -> Int64 {
        let rate = configuration.sampleRate
        let profile = configuration.actuator
        let tail =
            Double(ActuatorDriverConfig(profile: profile, sampleRate: rate).maxBrakeSamples) + 0.05
            * rate
        let decay = profile.restFrames(sampleRate: rate)
        // Validated profiles keep this to hours at most; saturate rather than trap regardless.
        return Int64(min((tail + decay).rounded(.up), 9.0e18))
    }
}
