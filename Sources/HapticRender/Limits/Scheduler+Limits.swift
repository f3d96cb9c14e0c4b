import HapticPattern

extension Scheduler {
    /// Schedules `pattern` unless it exceeds `limits` (see ``schedule(_:limits:)``).
    package func schedule(
        _ pattern: HapticPattern, options: PlayerOptions = PlayerOptions(),
        limits: RenderLimits
    ) throws(RenderLimitError) -> Result {
        try schedule([PatternLayer(pattern: pattern, options: options)], limits: limits)
    }

    /// Schedules `layers` unless they exceed `limits`: first ``checkLimits(_:limits:)`` (before
    /// anything is unrolled), then the exact polyphony of the finished timeline. The render
    /// length needs the actuator's ring-down: check it with
    /// ``RenderLimits/renderFrameCount(for:configuration:)``.
    package func schedule(_ layers: [PatternLayer], limits: RenderLimits) throws(RenderLimitError)
        -> Result
    {
        try checkLimits(layers, limits: limits)
        let result = schedule(layers)
        let p = result.timeline.maxPolyphony
        for kind in VoiceKind.allCases where p[kind] > limits.maxPolyphony {
            throw RenderLimitError(
                .polyphony, requested: Double(p[kind]), maximum: Double(limits.maxPolyphony),
                "\(p[kind]) \(kind) voices would sound at once, more than the limit of \(limits.maxPolyphony) (maxPolyphony); the render would be too slow."
            )
        }
        return result
    }

    /// The up-front check: for every layer after its options, the pattern end (the Core Haptics
    /// duration, looped and rate-scaled, from the earliest layer start), the voice count
    /// (events × iterations) and the parameter-lane breakpoints ((parameters + curve points) ×
    /// iterations + runtime parameters). O(items); allocates nothing per voice, so a
    /// 10⁹-iteration loop is refused in microseconds. Envelope tails and ring-down are not
    /// known yet: the exact length is checked on the timeline.
    package func checkLimits(_ layers: [PatternLayer], limits: RenderLimits)
        throws(RenderLimitError)
    {
        let origin = layers.lazy.map(\.startTime).filter(\.isFinite).min() ?? 0
        var notes: [SchedulerNote] = []
        var end: Int64 = 0
        var voices = 0
        var breakpoints = 0
        for (i, layer) in layers.enumerated() {
            let plan = LayerPlan(
                layer, index: i, originSeconds: layer.startTime.isFinite ? origin : layer.startTime,
                sampleRate: sampleRate, customAudioLengths: customAudioLengths, notes: &notes)
            end = max(end, plan.patternEndSample)
            let points = layer.pattern.curves.reduce(0) { $0 &+ $1.points.count }
            voices = Self.saturating(voices, layer.pattern.events.count, times: plan.iterations)
            breakpoints = Self.saturating(
                breakpoints, layer.pattern.parameters.count &+ points, times: plan.iterations)
            breakpoints = Self.saturating(
                breakpoints, layer.options.runtimeParameters.count, times: 1)
        }
        let seconds = Double(end) / sampleRate
        if seconds > limits.maxDurationSeconds {
            throw RenderLimitError(
                .duration, requested: seconds, maximum: limits.maxDurationSeconds,
                "The render would last \(fixedText(seconds, decimals: 1)) s (pattern duration after loops, playback rate and seek), more than the limit of \(fixedText(limits.maxDurationSeconds, decimals: 1)) s (maxDurationSeconds)."
            )
        }
        if voices > limits.maxVoices {
            throw RenderLimitError(
                .voices, requested: Double(voices), maximum: Double(limits.maxVoices),
                "The render would schedule \(voices) voices (events × loop iterations), more than the limit of \(limits.maxVoices) (maxVoices)."
            )
        }
        if breakpoints > limits.maxLaneBreakpoints {
            throw RenderLimitError(
                .laneBreakpoints, requested: Double(breakpoints),
                maximum: Double(limits.maxLaneBreakpoints),
                "The render would schedule \(breakpoints) parameter and curve points (× loop iterations), more than the limit of \(limits.maxLaneBreakpoints) (maxLaneBreakpoints)."
            )
        }
    }

    /// `total + count × times`, saturating at `Int.max` instead of trapping. O(1).
    static func saturating(_ total: Int, _ count: Int, times: Int) -> Int {
        let (product, o1) = count.multipliedReportingOverflow(by: max(times, 0))
        let (sum, o2) = total.addingReportingOverflow(product)
        return o1 || o2 ? .max : sum
    }
}

extension RenderLimits {
    /// The exact number of frames ``PatternRenderer`` will render for `timeline` with
    /// `configuration`, or an error when it is longer than ``maxDurationSeconds``. O(1).
    package func renderFrameCount(for timeline: Timeline, configuration: RenderConfiguration)
        throws(RenderLimitError) -> Int64
    {
        let ringDown = configuration.ringDownSeconds ?? configuration.actuator.ringDownSeconds
        let frames = timeline.renderFrameCount(ringDownSeconds: ringDown)
        let seconds = Double(frames) / timeline.sampleRate
        if seconds > maxDurationSeconds {
            throw RenderLimitError(
                .duration, requested: seconds, maximum: maxDurationSeconds,
                "The render would last \(fixedText(seconds, decimals: 1)) s (pattern, envelope tails and the actuator's ring-down), more than the limit of \(fixedText(maxDurationSeconds, decimals: 1)) s (maxDurationSeconds)."
            )
        }
        return frames
    }
}

extension Timeline {
    /// Frames a render of this timeline produces: the later of the pattern duration and the
    /// last voice's end, plus `ringDownSeconds` so the actuator comes to rest. Saturating:
    /// absurd or non-finite inputs give a huge count (for a limit to refuse), never a trap. O(1).
    package func renderFrameCount(ringDownSeconds: Double) -> Int64 {
        let ringDown =
            ringDownSeconds.isFinite
            ? roundedSamples(max(ringDownSeconds, 0), sampleRate: sampleRate) : 0
        let (total, overflow) = max(patternDurationSamples, voicesEndSample, 0)
            .addingReportingOverflow(ringDown)
        return overflow ? .max : total
    }
}
