import HapticPattern

/// The parameter lane stage: one ``ParameterLaneReader`` per layer and ``ParameterLaneSlot``, and
/// one chunk of evaluated values per audio slot for the audio voices, which read their parameter
/// lanes per sample.
///
/// A small view (pointers into ``RenderMemory``): stages that read parameter lanes keep a copy.
struct ParameterLaneBank {
    let readers: UnsafeMutablePointer<ParameterLaneReader>
    /// `layerCount × ParameterLaneSlot.count` rows of one chunk each, filled for the audio slots
    /// only.
    let scratch: UnsafeMutablePointer<Float>
    let layerCount: Int

    /// Float copies of the breakpoints of every layer's parameter lanes (neutral parameter lanes
    /// for a timeline without layers). Prepare time only: O(breakpoints).
    init(timeline: Timeline, memory: RenderMemory) {
        layerCount = max(timeline.layerCount, 1)
        let count = layerCount * ParameterLaneSlot.count
        readers = memory.uninitialized(ParameterLaneReader.self, count: count)
        for layer in 0..<layerCount {
            for slot in ParameterLaneSlot.allCases {
                let id = slot.id
                let lane =
                    layer < timeline.layerCount
                    ? timeline.parameterLane(id, layer: layer)
                    : ParameterLane(initialValue: id.neutralValue)
                readers.advanced(by: layer * ParameterLaneSlot.count + slot.rawValue).initialize(
                    to: ParameterLaneReader(
                        samples: memory.copy(lane.sample),
                        values: memory.copy(lane.value.lazy.map { Float($0) }),
                        slopes: memory.copy(lane.slope.lazy.map { Float($0) }), count: lane.count,
                        initial: Float(lane.initialValue)))
            }
        }
        scratch = memory.allocate(count * PatternRenderer.chunkFrames, repeating: 0)
    }

    /// The reader of `slot` in `layer`.
    @inline(__always)
    func reader(_ layer: Int, _ slot: ParameterLaneSlot) -> UnsafeMutablePointer<
        ParameterLaneReader
    > {
        readers + (layer &* ParameterLaneSlot.count &+ slot.rawValue)
    }

    /// This chunk's values of `slot` in `layer` (audio slots, after
    /// ``advance(from:frames:fillingAudio:)``).
    @inline(__always)
    func chunk(_ layer: Int, _ slot: ParameterLaneSlot) -> UnsafeMutablePointer<Float> {
        scratch + (layer &* ParameterLaneSlot.count &+ slot.rawValue) &* PatternRenderer.chunkFrames
    }

    /// Every parameter lane restarts at `sample`, without runtime overrides. O(layers × log
    /// breakpoints).
    func seek(to sample: Int64) {
        for i in 0..<(layerCount * ParameterLaneSlot.count) { readers[i].seek(to: sample) }
    }

    /// Evaluates the audio slots for the chunk `start ..< start + frames` when `fillingAudio` (some
    /// audio voice sounds); parameter lanes nobody reads this chunk (the haptic ones, read at
    /// control points, and every parameter lane while no audio voice sounds) only move their
    /// cursors. O(frames × audio parameter lanes + breakpoints crossed).
    func advance(from start: Int64, frames: Int, fillingAudio: Bool) {
        let last = start &+ Int64(frames &- 1)
        for layer in 0..<layerCount {
            for slot in 0..<ParameterLaneSlot.count {
                let i = layer &* ParameterLaneSlot.count &+ slot
                if fillingAudio && slot >= ParameterLaneSlot.audioVolume.rawValue {
                    readers[i].fill(
                        scratch + i * PatternRenderer.chunkFrames, start: start, frames: frames)
                } else {
                    readers[i].skip(through: last)
                }
            }
        }
    }
}
