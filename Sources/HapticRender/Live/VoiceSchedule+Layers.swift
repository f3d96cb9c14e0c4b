extension VoiceSchedule {
    /// Drops the waiting voices of `layer` and merges in those of `voices` (sorted by start)
    /// that start at or after `position`: after the others at the same sample, in their own
    /// order. Between render calls, every waiting voice starts at or after `position`. The
    /// started voices are forgotten (they are in the voice pools). No allocation:
    /// O(waiting + `voices`). Returns how many did not fit in ``capacity`` (the latest ones).
    mutating func replaceWaiting(
        ofLayer layer: Int, with voices: UnsafeBufferPointer<VoiceSpec>,
        from position: Int64
    ) -> Int {
        // The other layers' waiting voices, moved to the front in order.
        var kept = 0
        for i in next..<count where specs[i].layer != layer {
            specs[kept] = specs[i]
            kept &+= 1
        }
        var arriving = 0
        for v in voices where v.start >= position { arriving &+= 1 }
        let taken = min(arriving, capacity &- kept)
        // Merge from the back: the arriving voices (the first `taken` that start in time)
        // after the kept ones at equal starts.
        var skip = arriving &- taken
        var i = kept &- 1
        var k = kept &+ taken &- 1
        var j = voices.count &- 1
        while k > i {
            let v = voices[j]
            j &-= 1
            guard v.start >= position else { continue }
            if skip > 0 {
                skip &-= 1
                continue
            }
            while i >= 0 && specs[i].start > v.start {
                specs[k] = specs[i]
                i &-= 1
                k &-= 1
            }
            specs[k] = v
            k &-= 1
        }
        count = kept &+ taken
        next = 0
        return arriving &- taken
    }
}
