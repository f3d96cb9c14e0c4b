/// One layer's voices and parameter lanes, prepared off the render thread for a renderer that takes
/// layers while it plays (``PatternRenderer/replaceLayer(_:with:changingParameterLanesFrom:)``).
///
/// It owns the memory ``contents`` points into: keep it alive for as long as a renderer may
/// read that layer (until another schedule replaces it there and the render thread has moved
/// on). Preparing it is the only step that allocates. O(voices + breakpoints).
package final class LayerSchedule: @unchecked Sendable {
    // @unchecked: immutable after init; the render thread reads `contents` only.
    private let memory = RenderMemory()
    /// What the render thread reads: raw views into this object's memory.
    package let contents: LayerContents

    /// Layer 0 of `timeline`, moved by `offset` samples and played as layer `layer`.
    /// - Parameters:
    ///   - resources: the renderer's audio resource index of each of the timeline's
    ///     ``Timeline/audioResources`` (an AudioCustom voice whose resource is missing is dropped).
    ///   - stop: voices starting at or after it are dropped, the others end there
    ///     (``VoiceSpec/end(at:)``); `nil` plays every voice.
    ///   - keeps: the kinds of voice to play (muting, a layout without haptics or audio).
    package init(
        timeline: Timeline, offset: Int64, layer: Int, resources: [Int] = [], stop: Int64? = nil,
        keeps: (VoiceKind) -> Bool = { _ in true }
    ) {
        var specs: [VoiceSpec] = []
        specs.reserveCapacity(timeline.voices.count)
        for i in 0..<timeline.voices.count
        where timeline.voices.layer[i] == 0 && keeps(timeline.voices.kind[i]) {
            var spec = VoiceSpec(timeline.voices, i)
            spec.start &+= offset
            spec.end &+= offset
            spec.layer = layer
            if spec.kind == .audioCustom {
                guard spec.resource >= 0, spec.resource < resources.count else { continue }
                spec.resource = resources[spec.resource]
            }
            if let stop {
                guard spec.start < stop else { continue }
                spec.end(at: stop)
            }
            specs.append(spec)
        }
        let parameterLanes = memory.uninitialized(
            ParameterLaneReader.self, count: ParameterLaneSlot.count)
        for slot in ParameterLaneSlot.allCases {
            let parameterLane = timeline.parameterLane(slot.id, layer: 0)
            parameterLanes.advanced(by: slot.rawValue).initialize(
                to: ParameterLaneReader(
                    samples: memory.copy(parameterLane.sample.lazy.map { $0 &+ offset }),
                    values: memory.copy(parameterLane.value.lazy.map { Float($0) }),
                    slopes: memory.copy(parameterLane.slope.lazy.map { Float($0) }),
                    count: parameterLane.count,
                    initial: Float(parameterLane.initialValue)))
        }
        contents = LayerContents(
            voices: UnsafeBufferPointer(start: memory.copy(specs), count: specs.count),
            parameterLanes: parameterLanes, layer: layer)
    }
}

/// A ``LayerSchedule``'s voices (sorted by start) and parameter lanes, as raw views: what the
/// render thread reads, with no reference to count.
package struct LayerContents: @unchecked Sendable {
    // @unchecked: views into a LayerSchedule's immutable memory.
    let voices: UnsafeBufferPointer<VoiceSpec>
    /// One reader per ``ParameterLaneSlot``, cursors at the start.
    let parameterLanes: UnsafePointer<ParameterLaneReader>
    /// The layer it plays as.
    package let layer: Int
    /// Voices in the schedule.
    package var voiceCount: Int { voices.count }
}

extension VoiceSpec {
    /// Ends the voice at sample `t` if it sounds past it: a continuous haptic voice releases
    /// there (with the driver's brake), an audio voice starts its release there (a
    /// non-sustained tone is cut); a transient, a few milliseconds long, plays out. O(1).
    mutating func end(at t: Int64) {
        guard t < end else { return }
        let t = max(t, start)
        switch kind {
        case .hapticTransient:
            return
        case .hapticContinuous:
            end = t
        case .audioContinuous, .audioCustom:
            let offset = Float(t &- start)
            if envelope.sustained && offset < envelope.releaseStart {
                envelope.releaseStart = offset
                end = min(end, t &+ Int64(envelope.release))
            } else if !envelope.sustained {
                end = t
            }
        }
    }
}

extension LayerSchedule {
    /// The first sample from `start` on at which this schedule's haptic parameter lanes
    /// (intensity and sharpness, the ones continuous voices plan their drive periods on)
    /// differ from `other`'s: the `changingParameterLanesFrom` of a replacement; `Int64.max` where
    /// they agree from `start` on, `.min` where they differ from the start. Lanes that differ
    /// only before `start` (a history the render has passed) agree. O(breakpoints).
    package func firstParameterLaneDifference(
        from other: LayerSchedule, notBefore start: Int64 = .min
    )
        -> Int64
    {
        var first = Int64.max
        for slot in [ParameterLaneSlot.hapticIntensity, .hapticSharpness] {
            let a = contents.parameterLanes[slot.rawValue]
            let b = other.contents.parameterLanes[slot.rawValue]
            // The breakpoint each lane is on at `start` (-1: its initial value).
            var i = -1
            while i + 1 < a.count && a.samples[i + 1] <= start { i += 1 }
            var j = -1
            while j + 1 < b.count && b.samples[j + 1] <= start { j += 1 }
            if i < 0 && j < 0 {
                guard a.initial == b.initial else { return start == .min ? .min : start }
            } else if i < 0 || j < 0 || a.samples[i] != b.samples[j] || a.values[i] != b.values[j]
                || a.slopes[i] != b.slopes[j]
            {
                return start
            }
            i += 1
            j += 1
            while i < a.count && j < b.count && a.samples[i] == b.samples[j]
                && a.values[i] == b.values[j] && a.slopes[i] == b.slopes[j]
            {
                i += 1
                j += 1
            }
            if i < a.count || j < b.count {
                first = min(
                    first, min(i < a.count ? a.samples[i] : .max, j < b.count ? b.samples[j] : .max)
                )
            }
        }
        return first
    }
}
