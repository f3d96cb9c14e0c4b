import HapticPattern

/// The voices of the timeline an output channel can hear, in start order, and the cursor of
/// the next one to start. A view into ``RenderMemory``.
struct VoiceSchedule {
    let specs: UnsafeMutablePointer<VoiceSpec>
    /// Voices held (started ones included, before ``next``).
    var count: Int
    /// Room in ``specs``: the timeline's voices, or more for a renderer that takes layers
    /// while it plays (``PatternRenderer/replaceLayer(_:with:changingParameterLanesFrom:)``).
    let capacity: Int
    /// Index of the next voice to start.
    var next = 0

    /// The voices of `table` whose kind `isHeard` accepts, with room for `capacity` in all.
    /// Prepare time only: O(voices).
    init(
        _ table: VoiceTable, memory: RenderMemory, capacity: Int = 0,
        isHeard: (VoiceKind) -> Bool
    ) {
        let heard = (0..<table.count).filter { isHeard(table.kind[$0]) }
        count = heard.count
        self.capacity = max(count, capacity)
        specs = memory.uninitialized(VoiceSpec.self, count: self.capacity)
        for (slot, i) in heard.enumerated() { specs[slot] = VoiceSpec(table, i) }
    }

    /// Every voice, in start order (prepare time: pool sizing).
    var all: UnsafeBufferPointer<VoiceSpec> { UnsafeBufferPointer(start: specs, count: count) }

    /// Where the next voice starts (`Int64.max` when none is left).
    var nextStart: Int64 { next < count ? specs[next].start : .max }

    /// Whether a voice started at `sample` (the last one started).
    func started(at sample: Int64) -> Bool { next > 0 && specs[next &- 1].start == sample }

    /// The next voice if it starts at or before `sample`, moving past it. O(1).
    mutating func pop(startingBy sample: Int64) -> VoiceSpec? {
        guard next < count, specs[next].start <= sample else { return nil }
        next &+= 1
        return specs[next &- 1]
    }

    /// The next voice becomes the first that starts at or after `sample`: as in Core Haptics,
    /// events that started before are not started mid-event. O(log voices).
    mutating func seek(to sample: Int64) {
        next = partitionPoint(in: 0..<count) { !(specs[$0].start < sample) }
    }
}
