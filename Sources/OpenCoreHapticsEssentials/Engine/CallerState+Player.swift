import FoundationEssentials
import HapticPattern
import HapticRender

/// The player calls of ``CHHapticPatternPlayer`` and ``CHHapticAdvancedPatternPlayer`` on the
/// control side. Times are engine times (``sample(at:)``).
extension CallerState {
    mutating func addPlayer(_ pattern: CHHapticPattern) throws -> Int {
        let prepared = try prepare(pattern)
        nextPlayer += 1
        players[nextPlayer] = PlayerState(pattern: prepared)
        return nextPlayer
    }

    mutating func start(_ player: Int, atTime time: TimeInterval) throws {
        guard running else {
            throw CHHapticError(.engineNotRunning, message: "start the engine before its players")
        }
        let offset = players[player]?.nextOffset ?? 0
        players[player]?.nextOffset = 0
        try startRun(player, at: sample(at: time), offset: offset)
        if let first = onFirstStart.take() { callbacks.append(first) }
    }

    mutating func stop(_ player: Int, atTime time: TimeInterval) throws {
        try endRun(player, at: sample(at: time), completes: true)
    }

    /// Each parameter applies at `time` + its `relativeTime`; to the run playing, else to the
    /// next one (from its start).
    mutating func send(
        _ parameters: [CHHapticDynamicParameter], to player: Int, atTime time: TimeInterval
    ) throws {
        guard var p = players[player] else { return }
        let base = seconds(at: time)
        var changed = false
        for parameter in parameters {
            guard let id = DynamicParameterID(rawValue: parameter.parameterID.rawValue) else {
                throw CHHapticError(
                    .invalidParameterType,
                    message: "unknown dynamic parameter `\(parameter.parameterID.rawValue)`")
            }
            p.parameters[id] = Double(parameter.value)
            if var run = p.run, run.stop == nil {
                let at = base + parameter.relativeTime
                run.parameters.append(
                    RuntimeParameter(
                        id: id, value: Double(parameter.value), time: at - run.startTime))
                p.run = run
                changed = true
            }
        }
        players[player] = p
        if changed { try reschedule(player, endingAt: .max, kinds: 0) }
    }

    /// The curve starts at `time` in the run playing (pattern time, so it follows the rate; a
    /// looping run repeats it with the loop).
    mutating func schedule(
        _ curve: CHHapticParameterCurve, on player: Int, atTime time: TimeInterval
    ) throws {
        guard var p = players[player], var run = p.run, run.stop == nil else { return }
        guard DynamicParameterID(rawValue: curve.parameterID.rawValue)?.isCurvable == true else {
            throw CHHapticError(
                .invalidParameterType,
                message: "`\(curve.parameterID.rawValue)` cannot be a parameter curve")
        }
        var model = curve.model
        model.time = run.offset + (seconds(at: time) - run.startTime) * run.rate
        run.curves.append(model)
        p.run = run
        players[player] = p
        try reschedule(player, endingAt: .max, kinds: 0)
    }

    mutating func cancel(_ player: Int) throws {
        players[player]?.parameters = [:]
        try endRun(player, at: earliest, completes: true)
    }

    mutating func setMuted(_ muted: Bool, player: Int) throws {
        players[player]?.isMuted = muted
        try reschedule(player, endingAt: .max, kinds: 0)
    }

    mutating func pause(_ player: Int, atTime time: TimeInterval) throws {
        guard let run = players[player]?.run, run.stop == nil else { return }
        let at = sample(at: time)
        players[player]?.nextOffset = run.patternOffset(at: at, sampleRate: sampleRate)
        try endRun(player, at: at, completes: false)
    }

    mutating func resume(_ player: Int, atTime time: TimeInterval) throws {
        guard running else {
            throw CHHapticError(.engineNotRunning, message: "start the engine before its players")
        }
        guard let p = players[player], p.run == nil || p.run?.stop != nil else { return }
        players[player]?.nextOffset = 0
        try startRun(player, at: sample(at: time), offset: p.nextOffset)
    }

    mutating func seek(_ player: Int, toOffset offset: TimeInterval) throws {
        guard let p = players[player] else { return }
        let offset = offset > 0 ? offset : 0  // NaN and negative offsets: the start
        guard let run = p.run, run.stop == nil else {
            players[player]?.nextOffset = offset
            return
        }
        try startRun(player, at: earliest, offset: offset)
    }

    /// A loop, loop-end or rate change: a run playing starts over from the offset it reached,
    /// with the new settings — but a loop turned off lets the iteration playing finish (the
    /// run is the same, with no iteration after it).
    mutating func changePlayback(_ player: Int, _ change: (inout PlayerState) -> Void) throws {
        guard var p = players[player] else { return }
        let wasLooping = p.loopEnabled
        change(&p)
        players[player] = p
        guard var run = p.run, run.stop == nil else { return }
        let at = earliest
        if wasLooping && !p.loopEnabled, let loop = run.loop {
            run.loop = (
                loop.period, min(loop.count, run.iteration(at: at, sampleRate: sampleRate) + 1),
                false
            )
            players[player]!.run = run
            try reschedule(player, endingAt: .max, kinds: 0)
            return
        }
        try startRun(player, at: at, offset: run.patternOffset(at: at, sampleRate: sampleRate))
    }

    /// Every run ends now (the engine stops).
    mutating func stopAll() {
        for id in players.keys.sorted() { try? endRun(id, at: earliest, completes: true) }
    }

    /// An engine-wide mute or `plays…Only` change: every run is scheduled anew.
    mutating func rescheduleAll() {
        for id in players.keys.sorted() { try? reschedule(id, endingAt: .max, kinds: 0) }
    }
}
