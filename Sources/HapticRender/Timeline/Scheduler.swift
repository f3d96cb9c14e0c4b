import HapticPattern

/// Turns patterns and player options into an immutable ``Timeline`` (pattern model →
/// **scheduler** → synthesizer). Pure computation: no I/O, no Foundation; the caller measures
/// custom audio files and passes their lengths.
///
/// Cost: O(n log n) time and O(n) memory in n = (events + parameters + curve points) × loop
/// iterations scheduled (``LoopOptions/firstIteration`` on), plus runtime parameters — never in
/// the duration.
public struct Scheduler: Sendable {
    /// Output sample rate (> 0).
    package var sampleRate: Double
    /// Length in seconds of each custom audio file, keyed by `EventWaveformPath` as written.
    /// An AudioCustom event whose path is missing here is skipped with a note.
    package var customAudioLengths: [String: Double]

    public init(sampleRate: Double, customAudioLengths: [String: Double] = [:]) {
        precondition(sampleRate.isFinite && sampleRate > 0, "sample rate must be > 0")
        self.sampleRate = sampleRate
        self.customAudioLengths = customAudioLengths
    }

    /// The timeline and what the scheduler had to change or drop.
    public struct Result: Sendable {
        public var timeline: Timeline
        public var notes: [SchedulerNote]
    }

    /// Schedules one pattern played from engine time 0.
    public func schedule(_ pattern: HapticPattern, options: PlayerOptions = PlayerOptions())
        -> Result
    {
        schedule([PatternLayer(pattern: pattern, options: options)])
    }

    /// Schedules several layered players. Output sample 0 is the earliest layer's start time; each
    /// layer has its own parameter lanes (`Timeline.lane(_:layer:)`), runtime parameters and
    /// options.
    package func schedule(_ layers: [PatternLayer]) -> Result {
        precondition(layers.count <= Int(UInt16.max), "too many layers")
        let origin = layers.lazy.map(\.startTime).filter(\.isFinite).min() ?? 0
        var notes: [SchedulerNote] = []
        var parameterLanes: [ParameterLane] = []
        parameterLanes.reserveCapacity(layers.count * DynamicParameterID.allCases.count)
        var rows: [VoiceRow] = []
        var patternEnd: Int64 = 0

        for (i, layer) in layers.enumerated() {
            var layer = layer
            if !layer.startTime.isFinite {
                notes.append(
                    .init(
                        layer: i, eventIndex: nil,
                        message: "start time is not finite; using the origin"))
                layer.startTime = origin
            }
            let plan = LayerPlan(
                layer, index: i, originSeconds: origin, sampleRate: sampleRate,
                customAudioLengths: customAudioLengths, notes: &notes)
            // Parameter lanes first: envelope-time controls are read from them when placing voices.
            let first = parameterLanes.count
            parameterLanes += plan.buildParameterLanes(notes: &notes)
            plan.scheduleVoices(
                parameterLanes: parameterLanes[first...], customAudioLengths: customAudioLengths,
                notes: &notes, into: &rows)
            patternEnd = max(patternEnd, plan.patternEndSample)
        }

        rows.sort(by: VoiceRow.precedes)
        // Resources sorted by path, so their indices do not depend on input order either.
        let paths = Array(Set(rows.compactMap(\.resourcePath))).sorted()
        var resourceIndex: [String: Int32] = [:]
        for (i, p) in paths.enumerated() { resourceIndex[p] = Int32(i) }
        let resources = paths.map {
            AudioResourceReference(path: $0, durationSeconds: customAudioLengths[$0] ?? 0)
        }

        let voices = VoiceTable(rows: rows, resourceIndex: resourceIndex)
        let timeline = Timeline(
            sampleRate: sampleRate, voices: voices, parameterLanes: parameterLanes,
            layerCount: layers.count,
            audioResources: resources, maxPolyphony: Polyphony(sweeping: voices),
            patternDurationSamples: patternEnd, voicesEndSample: voices.end.max() ?? 0)
        assert(timeline.validate().isEmpty, "timeline invariants: \(timeline.validate())")
        return Result(timeline: timeline, notes: notes)
    }
}

extension Timeline {
    /// Schedules `layers` (see ``Scheduler``), discarding the notes.
    package init(
        scheduling layers: [PatternLayer], sampleRate: Double,
        customAudioLengths: [String: Double] = [:]
    ) {
        self =
            Scheduler(sampleRate: sampleRate, customAudioLengths: customAudioLengths).schedule(
                layers
            ).timeline
    }
}

extension VoiceTable {
    /// Scatters sorted rows into the columns. O(v).
    init(rows: [VoiceRow], resourceIndex: [String: Int32]) {
        self.init()
        reserveCapacity(rows.count)
        for r in rows {
            start.append(r.start)
            end.append(r.end)
            releaseStart.append(r.releaseStart)
            kind.append(r.kind)
            layer.append(r.layer)
            level.append(r.level)
            timbre.append(r.timbre)
            pan.append(r.pan)
            pitch.append(r.pitch)
            attackSamples.append(r.attack)
            decaySamples.append(r.decay)
            releaseSamples.append(r.release)
            sustained.append(r.sustained)
            audioResource.append(r.resourcePath.flatMap { resourceIndex[$0] } ?? -1)
            loops.append(r.loops)
            usesVolumeEnvelope.append(r.usesVolumeEnvelope)
        }
    }

    mutating func reserveCapacity(_ n: Int) {
        start.reserveCapacity(n)
        end.reserveCapacity(n)
        releaseStart.reserveCapacity(n)
        kind.reserveCapacity(n)
        layer.reserveCapacity(n)
        level.reserveCapacity(n)
        timbre.reserveCapacity(n)
        pan.reserveCapacity(n)
        pitch.reserveCapacity(n)
        attackSamples.reserveCapacity(n)
        decaySamples.reserveCapacity(n)
        releaseSamples.reserveCapacity(n)
        sustained.reserveCapacity(n)
        audioResource.reserveCapacity(n)
        loops.reserveCapacity(n)
        usesVolumeEnvelope.reserveCapacity(n)
    }
}
