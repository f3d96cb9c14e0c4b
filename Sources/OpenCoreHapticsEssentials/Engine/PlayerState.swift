import FoundationEssentials
import HapticPattern
import HapticRender

/// A pattern ready to schedule on one engine: the model with its custom audio mapped to the
/// engine's resources.
struct PreparedPattern {
    var model: HapticPattern
    /// Length of each custom audio file, seconds, keyed by `EventWaveformPath` as written.
    var lengths: [String: Double]
    /// The engine's resource index of each `EventWaveformPath`.
    var resourceIndex: [String: Int]
    /// Core Haptics' pattern duration, seconds, by the law the scheduler follows (custom audio
    /// with this engine's files and loop settings).
    var duration: Double { model.duration(customAudioDurations: lengths) }
}

/// One player's state on the control side (under the engine's lock).
struct PlayerState {
    let pattern: PreparedPattern
    var isMuted = false
    var loopEnabled = false
    var loopEnd: Double = 0
    var playbackRate: Float = 1
    /// Where the next start begins, pattern seconds (a seek while stopped, a pause).
    var nextOffset: Double = 0
    /// The last value sent for each dynamic parameter: a new run starts with them.
    var parameters: [DynamicParameterID: Double] = [:]
    /// The run playing, if any.
    var run: Run?
    var completionHandler: CHHapticAdvancedPatternPlayerCompletionHandler = { _ in }

    init(pattern: PreparedPattern) { self.pattern = pattern }

    /// The loop period in pattern seconds, when looping.
    var loopPeriod: Double? {
        guard loopEnabled else { return nil }
        let period = loopEnd > 0 ? loopEnd : pattern.duration
        return period > 0 ? period : nil
    }
}

/// One playback of a player's pattern: a layer of the engine's renderer from `start` on.
struct Run {
    /// The renderer layer it plays on.
    var slot: Int
    /// Engine sample and time of its start.
    var start: Int64
    var startTime: Double
    /// Pattern seconds it starts at (seek), and its playback rate.
    var offset: Double
    var rate: Double
    /// Loop period (pattern seconds) and the iterations scheduled so far — all of them once
    /// the loop is turned off (`open` false: it ends after them); nil plays once.
    var loop: (period: Double, count: Int, open: Bool)?
    /// `sendParameters` values, player time.
    var parameters: [RuntimeParameter]
    /// Scheduled parameter curves, pattern time.
    var curves: [ParameterCurve] = []
    /// Where it was stopped, if it was.
    var stop: Int64?
    /// Whether stopping it calls the completion handler (a stop does; a pause or a restart
    /// by seek, rate or loop change does not).
    var completes = true
    /// What its schedule reached: the pattern's end (or the stop), the last voice's end, the
    /// end of the loop iterations scheduled.
    var end: Int64 = .max
    var voicesEnd: Int64 = 0
    var scheduledEnd: Int64 = .max
    /// The schedule installed on `slot`.
    var schedule: LayerSchedule?

    /// The pattern offset (seconds) reached at engine sample `sample`, within the loop.
    func patternOffset(at sample: Int64, sampleRate: Double) -> Double {
        let u = offset + Double(max(sample - start, 0)) / sampleRate * rate
        guard let loop else { return u }
        return u.truncatingRemainder(dividingBy: loop.period)
    }

    /// The loop iteration (0 first) playing at engine sample `sample`.
    func iteration(at sample: Int64, sampleRate: Double) -> Int {
        guard let loop else { return 0 }
        return Int(
            ((offset + Double(max(sample - start, 0)) / sampleRate * rate) / loop.period).rounded(
                .down))
    }
}
