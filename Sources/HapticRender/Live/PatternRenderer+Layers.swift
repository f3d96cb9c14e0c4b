extension PatternRenderer {
    /// An open-ended renderer: `layers` silent layers (players) that take their voices and
    /// parameter lanes while it plays (``replaceLayer(_:with:changingParameterLanesFrom:)``), within
    /// `reserve`. It never finishes: past every voice it renders the actuator at rest, exact zeros.
    /// As ``init(timeline:audio:configuration:)``, the only step that allocates. At most
    /// `UInt16.max` layers (``RenderError/tooManyLayers(_:)``).
    ///
    /// A layer it plays gives the samples the same layer of a timeline gives from the start: the
    /// voices start in the same order and read the same parameter lanes, through the same actuator.
    package init(
        layers: Int, reserve: RenderReserve = RenderReserve(), configuration: RenderConfiguration
    )
        throws(RenderError)
    {
        guard layers <= Int(UInt16.max) else { throw .tooManyLayers(layers) }
        try self.init(
            timeline: Timeline(sampleRate: configuration.sampleRate, layerCount: max(layers, 1)),
            audio: [],
            configuration: configuration, reserve: reserve)
    }

    /// Layers (players) the renderer has parameter lanes for.
    package var layerCount: Int { parameterLanes.layerCount }

    /// From ``position`` on, `layer` plays `contents`: its voices that have not started are
    /// replaced by those of `contents` that start at or after ``position``, and its parameter lanes
    /// are `contents`' parameter lanes. Voices already sounding play on. `cut` is the first sample
    /// from which the new parameter lanes differ from the old (`Int64.max`: nowhere): the layer's
    /// continuous voices end their drive periods there, as at a scheduled change.
    ///
    /// Call it between ``render(into:)`` calls, on the render thread. No allocation, no lock,
    /// no reference counting: O(voices waiting + voices of `contents`). Returns how many of
    /// `contents`' voices did not fit in the reserve (the latest ones are dropped).
    @discardableResult
    package mutating func replaceLayer(
        _ layer: Int, with contents: LayerContents, changingParameterLanesFrom cut: Int64
    ) -> Int {
        precondition(layer >= 0 && layer < parameterLanes.layerCount, "no such layer")
        let dropped = schedule.replaceWaiting(ofLayer: layer, with: contents.voices, from: position)
        for slot in 0..<ParameterLaneSlot.count {
            let reader = parameterLanes.readers + (layer &* ParameterLaneSlot.count &+ slot)
            reader.pointee = contents.parameterLanes[slot]
            reader.pointee.seek(to: position &- 1)  // as the render loop leaves it: next ≥ position
        }
        if cut != .max { haptics.parameterLaneChanged(layer: layer, at: max(cut, position)) }
        return dropped
    }

    /// Ends `layer`'s sounding voices at `sample` (``position`` if earlier) — those `ends`
    /// selects —, as a player's stop does (see ``LayerSchedule`` for how each kind ends).
    /// Waiting voices are not touched: replace the layer for those. Render thread, between
    /// ``render(into:)`` calls; no allocation. O(sounding voices).
    package mutating func endVoices(
        ofLayer layer: Int, at sample: Int64, where ends: (VoiceKind) -> Bool
    ) {
        let t = max(sample, position)
        for c in 0..<haptics.continuous.count
        where haptics.continuous.storage[c].spec.layer == layer {
            if ends(.hapticContinuous) { haptics.continuous.storage[c].spec.end(at: t) }
        }
        for v in 0..<audio.tones.count where audio.tones.storage[v].spec.layer == layer {
            if ends(.audioContinuous) { audio.tones.storage[v].spec.end(at: t) }
        }
        for v in 0..<audio.customAudio.count where audio.customAudio.storage[v].spec.layer == layer
        {
            if ends(.audioCustom) { audio.customAudio.storage[v].spec.end(at: t) }
        }
    }

    /// Custom audio resource `index` (below ``RenderReserve/audioResources``) plays `resource`
    /// from now on; voices already playing it go on with the resource they had. Render thread;
    /// no allocation. O(1).
    package mutating func setAudioResource(
        _ index: Int, to resource: PreparedAudioResource.Contents
    ) {
        precondition(index >= 0 && index < audio.resourceCount, "no such audio resource")
        audio.sources[index] = AudioResourceView(
            samples: resource.samples, frames: resource.frames, channels: resource.channels)
    }
}

/// Decoded custom audio in memory of its own, for ``PatternRenderer/setAudioResource(_:to:)``:
/// keep it alive while a renderer may play it.
package final class PreparedAudioResource: @unchecked Sendable {
    // @unchecked: immutable after init.
    private let memory = RenderMemory()
    package let contents: Contents

    /// A copy of `resource`'s samples. O(samples).
    package init(_ resource: AudioResource) {
        contents = Contents(
            samples: resource.frames > 0 ? UnsafePointer(memory.copy(resource.samples)) : nil,
            frames: resource.frames, channels: resource.channels)
    }

    /// The samples as a raw view (no reference to count).
    package struct Contents: @unchecked Sendable {
        // @unchecked: a view of a PreparedAudioResource's immutable memory.
        let samples: UnsafePointer<Float>?
        let frames: Int
        let channels: Int
    }
}
