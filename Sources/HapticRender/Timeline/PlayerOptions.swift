import HapticPattern

/// Playback options of one pattern player, mirroring `CHHapticAdvancedPatternPlayer`.
///
/// Clocks (one documented choice, used everywhere in the scheduler):
/// - *pattern time*: the seconds written in the AHAP file (`Time`, `EventDuration`, …);
/// - *player time*: wall-clock seconds since the layer started playing, i.e. after the seek
///   and at the playback rate (`playerTime = (patternTime − startOffset) / playbackRate`
///   within the first loop iteration).
public struct PlayerOptions: Sendable, Hashable {
    /// `seek(toOffset:)`: where playback starts, in **pattern** seconds. Events that start before
    /// it are dropped (iOS 15: seeking does not start events mid-event); the dynamic-parameter
    /// parameter lanes keep the state they reached at the offset.
    public var startOffset: Double
    /// `playbackRate` (> 0): divides the times and durations of events, parameters and curves.
    /// It does not touch pitch, envelope times, the transient length or custom-audio length.
    public var playbackRate: Double
    /// `loopEnabled` + `loopEnd`, unrolled `count` times; `nil` plays once.
    public var loop: LoopOptions?
    /// `sendParameters(_:atTime:)` calls, in player time; applied as steps on this layer's
    /// parameter lanes.
    public var runtimeParameters: [RuntimeParameter]

    public init(
        startOffset: Double = 0, playbackRate: Double = 1, loop: LoopOptions? = nil,
        runtimeParameters: [RuntimeParameter] = []
    ) {
        self.startOffset = startOffset
        self.playbackRate = playbackRate
        self.loop = loop
        self.runtimeParameters = runtimeParameters
    }
}

/// Looping of an advanced player, unrolled into a finite number of iterations.
public struct LoopOptions: Sendable, Hashable {
    /// `loopEnd` in pattern seconds; 0 means the pattern duration (docs/ahap-format.md, Timing
    /// and duration).
    public var loopEnd: Double
    /// Number of iterations to render (≥ 1; the first one starts at the seek offset).
    public var count: Int
    /// The first iteration to schedule voices for (0: all): a live player that extends its loop
    /// schedules only the iterations it has not played, so an extension costs the same after an
    /// hour as after a second. Voices land where the whole loop would put them, and parameter
    /// lanes are exact from this iteration's start on (they are built from the iteration before
    /// it, or from the first when a lane's state reaches further back: docs/rendering.md).
    public var firstIteration: Int

    public init(loopEnd: Double = 0, count: Int, firstIteration: Int = 0) {
        self.loopEnd = loopEnd
        self.count = count
        self.firstIteration = firstIteration
    }
}

/// One runtime `sendParameters(_:atTime:)` value: a step on the layer's parameter lane of `id`.
public struct RuntimeParameter: Sendable, Hashable {
    public var id: DynamicParameterID
    /// Control value, clamped to ``DynamicParameterID/range``.
    public var value: Double
    /// Player time in seconds (wall clock since the layer started; not scaled by the rate,
    /// not repeated by loops).
    public var time: Double

    public init(id: DynamicParameterID, value: Double, time: Double) {
        self.id = id
        self.value = value
        self.time = time
    }
}

/// One pattern played on the engine: a player created from `pattern`, started at `startTime`.
package struct PatternLayer: Sendable, Hashable {
    package var pattern: HapticPattern
    /// Engine time in seconds at which the player starts. The earliest layer start is output
    /// sample 0.
    package var startTime: Double
    package var options: PlayerOptions

    package init(
        pattern: HapticPattern, startTime: Double = 0, options: PlayerOptions = PlayerOptions()
    ) {
        self.pattern = pattern
        self.startTime = startTime
        self.options = options
    }
}
