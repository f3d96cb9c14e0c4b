import HapticPattern

/// One scheduled voice before it is scattered into the ``VoiceTable`` columns.
struct VoiceRow {
    var start: Int64
    var end: Int64
    var releaseStart: Int64
    var kind: VoiceKind
    var layer: UInt16
    var level: Float
    var timbre: Float
    var pan: Float
    var pitch: Float
    var attack: Int32
    var decay: Int32
    var release: Int32
    var sustained: Bool
    var resourcePath: String?
    var loops: Bool
    var usesVolumeEnvelope: Bool

    /// Total order on every field, so the voice table never depends on input order, not even
    /// for events at the same time. O(1).
    static func precedes(_ a: VoiceRow, _ b: VoiceRow) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.layer != b.layer { return a.layer < b.layer }
        if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
        if a.end != b.end { return a.end < b.end }
        if a.releaseStart != b.releaseStart { return a.releaseStart < b.releaseStart }
        if a.level != b.level { return a.level < b.level }
        if a.timbre != b.timbre { return a.timbre < b.timbre }
        if a.pan != b.pan { return a.pan < b.pan }
        if a.pitch != b.pitch { return a.pitch < b.pitch }
        if a.attack != b.attack { return a.attack < b.attack }
        if a.decay != b.decay { return a.decay < b.decay }
        if a.release != b.release { return a.release < b.release }
        if a.sustained != b.sustained { return !a.sustained }
        if a.loops != b.loops { return !a.loops }
        if a.usesVolumeEnvelope != b.usesVolumeEnvelope { return !a.usesVolumeEnvelope }
        return (a.resourcePath ?? "") < (b.resourcePath ?? "")
    }
}

extension LayerPlan {
    /// Voices of this layer: every event occurrence of every unrolled iteration that starts at
    /// or after the seek point (seeking never starts an event mid-event).
    ///
    /// Lifetimes (docs/ahap-format.md, Events and Envelopes; choices documented in
    /// ``CoreHapticsFacts``, ``TransientShape``, ``EnvelopeTime``):
    /// - HapticTransient: `start … start + TransientShape.length`; no envelope
    ///   (`releaseStart = end`, stage lengths 0, `sustained = false`).
    /// - Continuous, sustained (AR): `releaseStart` at `Time + EventDuration` (rate-scaled;
    ///   haptic capped at 30 s); `end = releaseStart + release`.
    /// - Continuous, non-sustained (AD): `releaseStart = start + attack` (where the decay
    ///   begins), `end = releaseStart + decay`; `EventDuration` only pads the pattern.
    /// - AudioCustom: plays its audio length (unscaled); with the volume envelope it fades in
    ///   over `attack` and out over `release` ending at the file end (`releaseStart = end −
    ///   release`); without it all stages are 0 and `releaseStart = end`.
    /// Envelope-time controls: attack and decay read the parameter lane at the voice start, release
    /// reads it at the release start (AudioCustom: at the audio end); combined additively, clamped
    /// to 0…1, then mapped by ``EnvelopeTime/seconds(_:)``.
    ///
    /// O(events × iterations × log breakpoints).
    func scheduleVoices(
        parameterLanes: ArraySlice<ParameterLane>, customAudioLengths: [String: Double],
        notes: inout [SchedulerNote], into rows: inout [VoiceRow]
    ) {
        let base = parameterLanes.startIndex
        func control(_ id: DynamicParameterID, at n: Int64) -> Double {
            parameterLanes[base + id.index].value(at: n)
        }
        func envelope(_ x: Double, _ id: DynamicParameterID, at n: Int64) -> Int32 {
            Int32(
                clamping: clock.samples(
                    seconds: EnvelopeTime.seconds(id.combine(event: x, control: control(id, at: n)))
                ))
        }
        let layer = UInt16(index)

        // Resolve each event once (pattern-time lifetimes, notes), then unroll.
        struct Planned {
            var event: HapticEvent
            var time: Double
            var hold: Double
            var audioSeconds: Double
        }
        var planned: [Planned] = []
        planned.reserveCapacity(pattern.events.count)
        for (i, e) in pattern.events.enumerated() {
            guard isSchedulableTime(e.time) else {
                notes.append(
                    .init(
                        layer: index, eventIndex: i,
                        message: "event time \(e.time) is negative or not finite; skipped"))
                continue
            }
            var hold = parsedFloat32(e.duration ?? 0)
            guard hold.isFinite, hold >= 0 else {
                notes.append(
                    .init(
                        layer: index, eventIndex: i,
                        message:
                            "EventDuration \(e.duration ?? 0) is negative or not finite; skipped"))
                continue
            }
            var audioSeconds = 0.0
            switch e.type {
            case .hapticTransient:
                break
            case .hapticContinuous, .audioContinuous:
                if e.type == .hapticContinuous, hold > CoreHapticsFacts.hapticContinuousLimitSeconds
                {
                    notes.append(
                        .init(
                            layer: index, eventIndex: i,
                            message:
                                "HapticContinuous duration \(hold) s capped at \(CoreHapticsFacts.hapticContinuousLimitSeconds) s"
                        ))
                    hold = CoreHapticsFacts.hapticContinuousLimitSeconds
                }
                if e.parameters.isSustained, hold == 0 {
                    notes.append(
                        .init(
                            layer: index, eventIndex: i,
                            message:
                                "sustained \(e.type.rawValue) without EventDuration (Core Haptics: −4823); scheduled as attack then release"
                        ))
                }
            case .audioCustom:
                guard let path = e.waveformPath, let file = customAudioLengths[path], file.isFinite,
                    file >= 0
                else {
                    notes.append(
                        .init(
                            layer: index, eventIndex: i,
                            message:
                                "AudioCustom \"\(e.waveformPath ?? "")\" has no known audio length; skipped"
                        ))
                    continue
                }
                audioSeconds = CoreHapticsFacts.customAudioSeconds(e, fileSeconds: file) ?? file
            }
            planned.append(
                Planned(
                    event: e, time: parsedFloat32(e.time), hold: hold, audioSeconds: audioSeconds))
        }

        for k in firstIteration..<iterations {
            for p in planned where isInLoop(p.time) && (k > 0 || p.time >= clock.offset) {
                let e = p.event
                let params = e.parameters
                let u = unrolled(p.time, iteration: k)
                let start = clock.sample(patternTime: u)
                var row = VoiceRow(
                    start: start, end: start, releaseStart: start, kind: VoiceKind(e.type),
                    layer: layer,
                    level: 0, timbre: 0, pan: 0, pitch: 0, attack: 0, decay: 0, release: 0,
                    sustained: false, resourcePath: nil, loops: false, usesVolumeEnvelope: false)
                if e.type.isHaptic {
                    row.level = Float(params.value(.hapticIntensity))
                    row.timbre = Float(params.value(.hapticSharpness))
                } else {
                    row.level = Float(params.value(.audioVolume))
                    row.timbre = Float(params.value(.audioBrightness))
                    row.pan = Float(params.value(.audioPan))
                    row.pitch = Float(params.value(.audioPitch))
                }
                let (attackID, decayID, releaseID):
                    (DynamicParameterID, DynamicParameterID, DynamicParameterID) =
                        e.type.isHaptic
                        ? (
                            .hapticAttackTimeControl, .hapticDecayTimeControl,
                            .hapticReleaseTimeControl
                        )
                        : (
                            .audioAttackTimeControl, .audioDecayTimeControl,
                            .audioReleaseTimeControl
                        )
                let a = params.value(.attackTime)
                let d = params.value(.decayTime)
                let r = params.value(.releaseTime)

                switch e.type {
                case .hapticTransient:
                    row.end = start + clock.samples(seconds: TransientShape.lengthSeconds)
                    row.releaseStart = row.end
                case .hapticContinuous, .audioContinuous:
                    row.sustained = params.isSustained
                    row.attack = envelope(a, attackID, at: start)
                    row.decay = envelope(d, decayID, at: start)
                    if row.sustained {
                        row.releaseStart = clock.sample(patternTime: u + p.hold)
                        row.release = envelope(r, releaseID, at: row.releaseStart)
                        row.end = row.releaseStart + Int64(row.release)
                    } else {
                        row.releaseStart = start + Int64(row.attack)
                        row.release = envelope(r, releaseID, at: row.releaseStart)
                        row.end = row.releaseStart + Int64(row.decay)
                    }
                case .audioCustom:
                    row.sustained = true
                    row.resourcePath = e.waveformPath
                    row.loops = e.loopEnabled
                    row.usesVolumeEnvelope = e.usesVolumeEnvelope
                    row.end = start + clock.samples(seconds: p.audioSeconds)
                    if e.usesVolumeEnvelope {
                        row.attack = envelope(a, attackID, at: start)
                        row.decay = envelope(d, decayID, at: start)
                        row.release = envelope(r, releaseID, at: row.end)
                        row.releaseStart = max(start, row.end - Int64(row.release))
                    } else {
                        row.releaseStart = row.end
                    }
                }
                rows.append(row)
            }
        }
    }
}
