/// The voices of the timeline an output channel can hear, in start order, and the cursor of
/// the next one to start. A view into ``RenderMemory``.
struct VoiceSchedule {
    private let specs: UnsafeMutablePointer<VoiceSpec>
    private let count: Int
    /// Index of the next voice to start.
    private var next = 0

    /// The voices of `table` whose kind `isHeard` accepts. Prepare time only: O(voices).
    init(_ table: VoiceTable, memory: RenderMemory, isHeard: (VoiceKind) -> Bool) {
        let heard = (0..<table.count).filter { isHeard(table.kind[$0]) }
        count = heard.count
        specs = memory.uninitialized(VoiceSpec.self, count: count)
        for (slot, i) in heard.enumerated() {
            let start = table.start[i]
            specs[slot] = VoiceSpec(
                start: start, end: table.end[i], kind: table.kind[i], layer: Int(table.layer[i]),
                level: table.level[i], timbre: table.timbre[i], pan: table.pan[i],
                pitch: table.pitch[i],
                envelope: Envelope(
                    attack: Float(table.attackSamples[i]), decay: Float(table.decaySamples[i]),
                    release: Float(table.releaseSamples[i]),
                    releaseStart: Float(table.releaseStart[i] - start),
                    sustained: table.sustained[i]),
                resource: Int(table.audioResource[i]), loops: table.loops[i],
                usesEnvelope: table.usesVolumeEnvelope[i])
        }
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
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if specs[mid].start < sample { lo = mid + 1 } else { hi = mid }
        }
        next = lo
    }
}
