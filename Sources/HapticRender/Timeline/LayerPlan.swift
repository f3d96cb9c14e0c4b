import HapticPattern

/// One layer's player options, validated and resolved into the quantities the scheduler uses:
/// its clock, the loop period and how many iterations to unroll. Invalid options are
/// corrected with a note rather than trapping. O(pattern size) (computes the duration once).
struct LayerPlan {
    let index: Int
    let pattern: HapticPattern
    let options: PlayerOptions
    let clock: LayerClock
    /// `CHHapticPattern.duration` in pattern seconds (docs/ahap-format.md, Timing and duration).
    let patternDuration: Double
    /// Loop period in pattern seconds; `.infinity` when not looping.
    let period: Double
    /// Number of unrolled iterations (1 when not looping).
    let iterations: Int
    /// The first iteration whose voices are scheduled (``LoopOptions/firstIteration``).
    let firstIteration: Int
    /// `loopEnd` was 0 (the period is the pattern duration): every item belongs to every
    /// iteration, even one exactly at the pattern's end (a lone transient at its last instant).
    let periodIsDuration: Bool

    init(
        _ layer: PatternLayer, index: Int, originSeconds: Double, sampleRate: Double,
        customAudioLengths: [String: Double], notes: inout [SchedulerNote]
    ) {
        self.index = index
        self.pattern = layer.pattern
        self.options = layer.options
        var rate = layer.options.playbackRate
        if !(rate.isFinite && rate > 0) {
            notes.append(
                .init(
                    layer: index, eventIndex: nil,
                    message: "playbackRate \(rate) is not > 0; using 1"))
            rate = 1
        }
        var offset = layer.options.startOffset
        if !(offset.isFinite && offset >= 0) {
            notes.append(
                .init(
                    layer: index, eventIndex: nil,
                    message: "startOffset \(offset) is not ≥ 0; using 0"))
            offset = 0
        }
        let duration = layer.pattern.duration(customAudioDurations: customAudioLengths)
        patternDuration = duration
        var period = Double.infinity
        var iterations = 1
        var firstIteration = 0
        var periodIsDuration = false
        if let loop = layer.options.loop {
            let end = loop.loopEnd  // a player property (TimeInterval): not float32-parsed
            let p = end > 0 && end.isFinite ? end : duration
            if loop.count < 1 {
                notes.append(
                    .init(
                        layer: index, eventIndex: nil,
                        message: "loop count \(loop.count) < 1; playing once"))
            } else if !(p > 0) {
                notes.append(
                    .init(
                        layer: index, eventIndex: nil,
                        message: "loop period is 0 (empty pattern); playing once"))
            } else {
                period = p
                iterations = loop.count
                firstIteration = min(max(loop.firstIteration, 0), loop.count)
                periodIsDuration = !(end > 0 && end.isFinite)
                // Apple: seeking at or past the end of a looping player goes to the loop start.
                if offset >= p {
                    notes.append(
                        .init(
                            layer: index, eventIndex: nil,
                            message:
                                "startOffset \(offset) is at or past the loop end; starting at the loop start"
                        ))
                    offset = 0
                }
            }
        }
        self.period = period
        self.iterations = iterations
        self.firstIteration = firstIteration
        self.periodIsDuration = periodIsDuration
        let base = roundedSamples(layer.startTime - originSeconds, sampleRate: sampleRate)
        clock = LayerClock(baseSample: base, sampleRate: sampleRate, offset: offset, rate: rate)
    }

    /// Whether an item at pattern time `t` plays in each iteration: before `loopEnd` (items at
    /// or after it are never reached while looping).
    func isInLoop(_ t: Double) -> Bool { periodIsDuration || t < period }

    /// Unrolled pattern time of an item at `t` in iteration `k`.
    func unrolled(_ t: Double, iteration k: Int) -> Double { k == 0 ? t : Double(k) * period + t }

    /// Output sample one past the layer's pattern end: the pattern duration (or `count` loop
    /// periods) after the seek, at the rate; never before the layer's start.
    var patternEndSample: Int64 {
        let played =
            iterations > 1 || period.isFinite ? Double(iterations) * period : patternDuration
        return max(clock.baseSample, clock.sample(patternTime: played))
    }
}
