/// An event as decoded, with where it was written: what the pattern-wide checks (transients
/// scaled down, events that are never felt or heard) read once the items are in time order.
struct DecodedEvent {
    var index: Int
    var position: JSONPosition?
    var event: HapticEvent
}

extension DecodingContext {
    /// A warning for every event that can never be felt or heard (``DiagnosticCode/eventSilent``),
    /// and one for the pattern when that is all of its events (``DiagnosticCode/patternSilent``).
    /// Returns the indices (in `events`) of the silent ones.
    ///
    /// The class: what an event plays is its level (`HapticIntensity`, `AudioVolume`) × its
    /// multiplying control (`HapticIntensityControl`, `AudioVolumeControl`, 0…1) × its envelope
    /// (docs/ahap-format.md, "Dynamic parameters"), and the intensity law maps every intensity
    /// above 0 to at least the perception threshold (docs/physics.md): an event is silent
    /// exactly when its level is 0, or its control is 0 over its whole life — a transient at its
    /// time, a continuous event from its start to the end of its longest possible envelope, an
    /// AudioCustom event (whose audio length is not known here) from its start on.
    /// O(events · log spans + breakpoints).
    mutating func warnSilentEvents(
        _ events: [DecodedEvent], in pattern: HapticPattern, intensity: ControlLane
    ) -> Set<Int> {
        guard !events.isEmpty else { return [] }
        let intensityFloor = intensity.floorSpans
        var volumeFloor: [ClosedRange<Double>]?  // built for the first audio event that needs it
        var silent = Set<Int>()
        for (k, decoded) in events.enumerated() {
            let e = decoded.event
            let haptic = e.type.isHaptic
            let level = e.parameters.value(haptic ? .hapticIntensity : .audioVolume)
            let (levelName, controlID): (String, DynamicParameterID) =
                haptic
                ? ("HapticIntensity", .hapticIntensityControl)
                : ("AudioVolume", .audioVolumeControl)
            let sense = haptic ? "felt" : "heard"
            var reason: String
            if level <= 0 {
                reason =
                    "its \(levelName) is 0, and the \(controlID.rawValue) only multiplies it"
            } else {
                if !haptic, volumeFloor == nil {
                    volumeFloor = ControlLane(.audioVolumeControl, in: pattern).floorSpans
                }
                let floor = haptic ? intensityFloor : volumeFloor ?? []
                guard let span = Self.span(in: floor, covering: Self.life(of: e, in: pattern))
                else { continue }
                let zero =
                    "from \(formatNumber(span.lowerBound)) s"
                    + (span.upperBound.isFinite ? " to \(formatNumber(span.upperBound)) s" : " on")
                let when =
                    e.type == .hapticTransient
                    ? "at its time (\(formatNumber(e.time)) s; it is 0 \(zero))"
                    : "\(zero), all of the event's life"
                reason =
                    "the \(controlID.rawValue) is 0 \(when), and it multiplies every \(haptic ? "haptic" : "audio") event"
            }
            silent.insert(k)
            add(
                .warning, .eventSilent, path: "Pattern[\(decoded.index)].Event",
                at: decoded.position,
                "This \(e.type.rawValue) event can never be \(sense): \(reason). Raise it, or remove the event."
            )
        }
        if silent.count == events.count {
            add(
                .warning, .patternSilent, path: "Pattern", at: nil,
                events.count == 1
                    ? "This pattern plays nothing: its only event can never be felt or heard."
                    : "This pattern plays nothing: none of its \(events.count) events can ever be felt or heard."
            )
        }
        return silent
    }

    /// The pattern time over which `event`'s control can reach it: a transient reads its
    /// control at its start (a millisecond either side, for the sample it lands on); a
    /// continuous event from its start to its hold plus the longest envelope its times and the
    /// pattern's envelope-time controls allow; AudioCustom from its start on.
    static func life(of event: HapticEvent, in pattern: HapticPattern) -> ClosedRange<Double> {
        let t = event.time
        switch event.type {
        case .hapticTransient:
            return (t - 0.001)...(t + 0.001)
        case .audioCustom:
            return t...Double.infinity
        case .hapticContinuous, .audioContinuous:
            let controls: [DynamicParameterID] =
                event.type.isHaptic
                ? [.hapticAttackTimeControl, .hapticDecayTimeControl, .hapticReleaseTimeControl]
                : [.audioAttackTimeControl, .audioDecayTimeControl, .audioReleaseTimeControl]
            var end = t + max(event.duration ?? 0, 0)
            for id in controls {
                let controlled = pattern.parameters.contains { $0.id == id }
                end += EnvelopeTime.seconds(controlled ? 1 : event.parameters.value(id.target))
            }
            return t...end
        }
    }

    /// The span of `spans` (sorted, disjoint) that covers `life`, if one does. O(log spans).
    static func span(in spans: [ClosedRange<Double>], covering life: ClosedRange<Double>)
        -> ClosedRange<Double>?
    {
        var lo = 0
        var hi = spans.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if spans[mid].lowerBound <= life.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0, spans[lo - 1].upperBound >= life.upperBound else { return nil }
        return spans[lo - 1]
    }
}
