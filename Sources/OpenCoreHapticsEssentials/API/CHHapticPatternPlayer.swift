import FoundationEssentials

/// Plays one pattern on an engine (``CHHapticEngine/makePlayer(with:)``): start, stop and
/// dynamic parameters. Times are engine times (``CHHapticEngine/currentTime``);
/// ``CHHapticTimeImmediate`` means as soon as possible.
public protocol CHHapticPatternPlayer: AnyObject {
    /// Starts playing the pattern at `time` (a player already playing starts over there).
    func start(atTime time: TimeInterval) throws
    /// Stops at `time`: events sounding then end (with their release), later ones do not play.
    func stop(atTime time: TimeInterval) throws
    /// Sends dynamic parameters, each at `time` + its `relativeTime`. Sent while the player is
    /// not playing, they take effect when it starts.
    func sendParameters(_ parameters: [CHHapticDynamicParameter], atTime time: TimeInterval) throws
    /// Schedules a parameter curve starting at `time` (its `relativeTime` is ignored).
    func scheduleParameterCurve(_ parameterCurve: CHHapticParameterCurve, atTime time: TimeInterval)
        throws
    /// Drops everything pending and stops as soon as possible.
    func cancel() throws
    /// Silences the player's audio and haptic output.
    var isMuted: Bool { get set }
}

/// Called when an advanced player finishes (with an error if it could not play).
public typealias CHHapticAdvancedPatternPlayerCompletionHandler = (Error?) -> Void

/// A player that also pauses, resumes, seeks, loops and changes its rate
/// (``CHHapticEngine/makeAdvancedPlayer(with:)``).
public protocol CHHapticAdvancedPatternPlayer: CHHapticPatternPlayer {
    /// Pauses at `time`, remembering the pattern offset reached.
    func pause(atTime time: TimeInterval) throws
    /// Resumes at `time` from the offset it paused at.
    func resume(atTime time: TimeInterval) throws
    /// Moves playback to `offsetTime` seconds into the pattern (events that started before it
    /// do not play); at or past the pattern's end it stops, unless looping (then the loop's start).
    func seek(toOffset offsetTime: TimeInterval) throws
    /// Whether playback loops back to the start at ``loopEnd``. A loop shorter than 10 ms at
    /// the playback rate plays once (not part of Core Haptics: it bounds the iterations
    /// scheduled ahead).
    var loopEnabled: Bool { get set }
    /// Where a loop ends, pattern seconds; 0 means the pattern's duration.
    var loopEnd: TimeInterval { get set }
    /// Playback speed, 1/64 … 64 (other values are ignored): divides the times and durations
    /// of events, parameters and curves.
    var playbackRate: Float { get set }
    /// Called once playback finishes: at the pattern's end, or where ``stop(atTime:)`` or
    /// ``cancel()`` ends it; not at a pause, nor when a seek or a loop or rate change restarts it.
    /// Does nothing until set.
    var completionHandler: CHHapticAdvancedPatternPlayerCompletionHandler { get set }
}
