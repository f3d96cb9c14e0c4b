import HapticPattern

extension Timeline {
    /// Checks the layout invariants the synthesizer relies on and returns one message per
    /// violation (empty = valid). The scheduler runs it under `assert` — i.e. in debug builds
    /// only, our HAPTIC_INTERNAL_CHECKS equivalent — and tests call it directly.
    /// O(voices log voices + breakpoints).
    package func validate() -> [String] {
        var problems: [String] = []
        let ids = DynamicParameterID.allCases.count
        if parameterLanes.count != layerCount * ids {
            problems.append("lanes.count \(parameterLanes.count) != layerCount × \(ids)")
        }
        let v = voices
        let n = v.count
        let columns = [
            v.end.count, v.releaseStart.count, v.kind.count, v.layer.count, v.level.count,
            v.timbre.count, v.pan.count, v.pitch.count, v.attackSamples.count,
            v.decaySamples.count, v.releaseSamples.count, v.sustained.count,
            v.audioResource.count, v.loops.count, v.usesVolumeEnvelope.count,
        ]
        if columns.contains(where: { $0 != n }) {
            problems.append("voice columns differ in length from start (\(n)): \(columns)")
            return problems
        }
        for i in 0..<n {
            if i > 0, v.start[i] < v.start[i - 1] {
                problems.append("voice \(i) starts before voice \(i - 1)")
            }
            if v.end[i] < v.start[i] { problems.append("voice \(i) ends before it starts") }
            if v.releaseStart[i] < v.start[i] || v.releaseStart[i] > v.end[i] {
                problems.append("voice \(i) releaseStart outside [start, end]")
            }
            if Int(v.layer[i]) >= layerCount {
                problems.append("voice \(i) layer \(v.layer[i]) out of range")
            }
            if v.attackSamples[i] < 0 || v.decaySamples[i] < 0 || v.releaseSamples[i] < 0 {
                problems.append("voice \(i) has a negative envelope stage")
            }
            let r = Int(v.audioResource[i])
            if v.kind[i] == .audioCustom ? !(0..<audioResources.count).contains(r) : r != -1 {
                problems.append("voice \(i) audioResource \(r) invalid for \(v.kind[i])")
            }
        }
        if voicesEndSample != (v.end.max() ?? 0) { problems.append("voicesEndSample != max(end)") }
        if maxPolyphony != Polyphony(sweeping: v) {
            problems.append("maxPolyphony is not the sweep result")
        }
        for (l, lane) in parameterLanes.enumerated() {
            if lane.value.count != lane.count || lane.slope.count != lane.count {
                problems.append("lane \(l): arrays differ in length")
                continue
            }
            for k in 1..<max(lane.count, 1) where lane.sample[k] < lane.sample[k - 1] {
                problems.append("lane \(l): breakpoint \(k) goes back in time")
            }
            if let s = lane.slope.last, s != 0 { problems.append("lane \(l): last slope is not 0") }
            if lane.value.contains(where: { !$0.isFinite })
                || lane.slope.contains(where: { !$0.isFinite })
            {
                problems.append("lane \(l): non-finite value or slope")
            }
        }
        return problems
    }
}
