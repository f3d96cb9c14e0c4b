import HapticPattern
import HapticRender

extension CallerState {
    /// Starts a run of `player` at engine sample `start`, from pattern offset `offset`,
    /// ending the run it had there. Throws when no layer is free.
    mutating func startRun(_ player: Int, at start: Int64, offset: Double) throws {
        guard var p = players[player] else { return }
        if let old = p.run {
            if old.stop == nil { try endRun(player, at: start, completes: false) }
            release(players[player]!.run!)
        }
        p = players[player]!
        p.run = nil
        guard let slot = freeSlot() else {
            throw CHHapticError(
                .resourceNotAvailable,
                message: "every one of the engine's \(slots.count) layers is playing")
        }
        let carried = p.parameters.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { RuntimeParameter(id: $0.key, value: $0.value, time: 0) }
        var run = Run(
            slot: slot, start: start, startTime: Double(start) / sampleRate, offset: offset,
            rate: Double(p.playbackRate > 0 ? p.playbackRate : 1), loop: nil, parameters: carried)
        if let period = p.loopPeriod, period / run.rate >= Self.shortestLoopSeconds {
            if run.offset >= period { run.offset = 0 }
            run.loop = (period, loopCount(run, period: period, through: start), true)
        } else if offset >= p.pattern.duration && p.pattern.duration > 0 {
            // Seeking at or past the end of a pattern that does not loop: it is over.
            players[player] = p
            callbacks.append { [handler = p.completionHandler] in handler(nil) }
            return
        }
        slots[slot].player = player
        p.run = run
        players[player] = p
        try reschedule(player, endingAt: .max, kinds: 0)
    }

    /// Ends `player`'s run at `sample`: voices sounding then release, later ones never start.
    mutating func endRun(_ player: Int, at sample: Int64, completes: Bool) throws {
        guard var p = players[player], var run = p.run else { return }
        run.stop = min(run.stop ?? .max, sample)
        run.completes = completes
        p.run = run
        players[player] = p
        try reschedule(player, endingAt: run.stop!, kinds: VoiceKind.allBits)
    }

    /// Schedules `player`'s run anew (after a parameter, a stop, a mute or a longer loop) and
    /// sends it: what is already playing goes on, the rest follows the new schedule. Voices of
    /// `kinds` that sound at `endAt` end there.
    mutating func reschedule(_ player: Int, endingAt endAt: Int64, kinds: UInt8) throws {
        guard var p = players[player], var run = p.run else { return }
        let now = earliest
        run.parameters = Self.pruned(run.parameters, before: Double(now - run.start) / sampleRate)
        var pattern = p.pattern.model
        pattern.curves += run.curves
        // Iterations the render has passed are not scheduled again: an extension of a loop
        // costs what the iterations ahead cost (two before the one playing are kept, a margin
        // for voices at an iteration's very end and for the lanes' state).
        let played = max(run.iteration(at: position, sampleRate: sampleRate) - 2, 0)
        let options = PlayerOptions(
            startOffset: run.offset, playbackRate: run.rate,
            loop: run.loop.map {
                LoopOptions(
                    loopEnd: p.loopEnd > 0 ? p.loopEnd : 0, count: $0.count,
                    firstIteration: min(played, $0.count))
            },
            runtimeParameters: run.parameters)
        let timeline = Scheduler(sampleRate: sampleRate, customAudioLengths: p.pattern.lengths)
            .schedule(pattern, options: options).timeline
        let resources = timeline.audioResources.map { p.pattern.resourceIndex[$0.path] ?? -1 }
        let muted = p.isMuted
        let schedule = LayerSchedule(
            timeline: timeline, offset: run.start, layer: run.slot, resources: resources,
            stop: run.stop, keeps: { !muted && plays($0) })
        let cut =
            run.schedule.map {
                schedule.firstParameterLaneDifference(from: $0, notBefore: position)
            }
            ?? .max
        // Sounding voices end at `endAt` (a stop), or now for the kinds muted.
        let muteEnd =
            muted
            ? VoiceKind.allBits : VoiceKind.allCases.filter { !plays($0) }.reduce(0) { $0 | $1.bit }
        let ends = kinds | muteEnd
        try send(
            .layer(
                schedule.contents, cut: cut, endAt: ends == 0 ? .max : (kinds == 0 ? now : endAt),
                endKinds: ends))
        if let old = slots[run.slot].schedule { retired.append((old, sent)) }
        slots[run.slot].schedule = schedule
        run.schedule = schedule
        let patternEnd = run.start + timeline.patternDurationSamples
        let looping = run.loop?.open ?? false
        run.scheduledEnd = looping ? patternEnd : .max
        run.end = min(run.stop ?? .max, looping ? .max : patternEnd)
        // Voices of iterations left out may still sound (a long event in a short loop).
        run.voicesEnd = max(run.voicesEnd, run.start + timeline.voicesEndSample)
        p.run = run
        players[player] = p
    }

    /// Whether voices of `kind` play on this engine now (its layout, `playsHapticsOnly`,
    /// `playsAudioOnly`, its mutes).
    func plays(_ kind: VoiceKind) -> Bool {
        kind.isHaptic
            ? hearsHaptics && !playsAudioOnly && !isMutedForHaptics
            : hearsAudio && !playsHapticsOnly && !isMutedForAudio
    }

    /// Runtime parameters that still matter at player time `now`: for each ID the last one at or
    /// before it, and every later one. O(n log n).
    static func pruned(_ parameters: [RuntimeParameter], before now: Double) -> [RuntimeParameter] {
        var lastPast: [DynamicParameterID: Int] = [:]
        for (i, p) in parameters.enumerated() where p.time <= now {
            if let j = lastPast[p.id], parameters[j].time > p.time { continue }
            lastPast[p.id] = i
        }
        return parameters.enumerated().filter {
            $0.element.time > now || lastPast[$0.element.id] == $0.offset
        }.map(\.element)
    }

    /// Loop iterations that reach ``loopHorizonSeconds`` past engine sample `sample`.
    func loopCount(_ run: Run, period: Double, through sample: Int64) -> Int {
        let horizon = Double(sample - run.start) / sampleRate + Self.loopHorizonSeconds
        return max(1, Int(((run.offset + horizon * run.rate) / period).rounded(.up)))
    }

    /// A layer no run plays on and whose last voice has rung out.
    func freeSlot() -> Int? {
        let now = position
        return slots.indices.first { slots[$0].player == nil && slots[$0].freeFrom <= now }
    }

    /// Housekeeping (see ``EngineCore/tick()``).
    mutating func tick() {
        collect()
        let now = position
        for (id, p) in players.sorted(by: { $0.key < $1.key }) {
            guard let run = p.run else { continue }
            if let loop = run.loop, loop.open, run.stop == nil,
                run.scheduledEnd - now < Int64(Self.loopRefillSeconds * sampleRate)
            {
                var longer = run
                longer.loop = (loop.period, loopCount(run, period: loop.period, through: now), true)
                players[id]!.run = longer
                try? reschedule(id, endingAt: .max, kinds: 0)
            }
            if run.end <= now { finish(id) }
        }
        if !finishedHandlers.isEmpty && !players.values.contains(where: { $0.run != nil }) {
            let handlers = finishedHandlers
            finishedHandlers = []
            callbacks.append { for handler in handlers { _ = handler(nil) } }
        }
    }

    /// `player`'s run is over: its layer rests, its completion handler is called.
    mutating func finish(_ player: Int) {
        guard var p = players[player], let run = p.run else { return }
        release(run)
        p.run = nil
        players[player] = p
        if run.completes { callbacks.append { [handler = p.completionHandler] in handler(nil) } }
    }
}

extension CallerState {
    /// `run`'s layer is free once its last voice has rung out.
    mutating func release(_ run: Run) {
        slots[run.slot].player = nil
        // A stopped run's voices end at the stop, but for audio releases (a second is ample).
        let last = run.stop.map { min(run.voicesEnd, $0 + Int64(sampleRate)) } ?? run.voicesEnd
        slots[run.slot].freeFrom = last + Int64(Self.slotRestSeconds * sampleRate)
    }
}
