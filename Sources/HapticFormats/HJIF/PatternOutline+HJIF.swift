extension PatternOutline {
    /// The outline an `.hjif` experience plays (docs/formats.md, "Playing an `.hjif` file"):
    /// every transient keyframe a transient, every vectorial effect a piece of the continuous
    /// signal, linear in intensity between its keyframes. Pieces that sound together are
    /// merged as the AHAP outline merges voices (intensities squared add; the loudest piece's
    /// sharpness wins), noted; apart, each starts and ends with a step from and to silence.
    ///
    /// - Complexity: O(P log P + K · S) for P pieces, K keyframes and S pieces sounding
    ///   together (1 where none overlap).
    init(playback: HJIFPlayback) {
        let pieces = playback.pieces.enumerated().sorted {
            ($0.element[0].time, $0.offset) < ($1.element[0].time, $1.offset)
        }.map(\.element)
        var intensity: [OutlinePoint] = []
        var sharpness: [OutlinePoint] = []
        var notes: [ConversionNote] = []
        var i = 0
        while i < pieces.count {
            // A cluster: the pieces from i that start before every earlier one of it ends.
            var end = pieces[i][pieces[i].count - 1].time
            var j = i + 1
            while j < pieces.count, pieces[j][0].time < end {
                end = max(end, pieces[j][pieces[j].count - 1].time)
                j += 1
            }
            if j - i == 1 {
                Self.append(pieces[i], intensity: &intensity, sharpness: &sharpness)
            } else {
                notes.record(
                    .continuousMerged, at: pieces[i + 1][0].time,
                    "Vectorial effects that sound together are merged into one signal (their amplitudes add)."
                )
                Self.append(
                    Self.merged(pieces[i..<j]), intensity: &intensity, sharpness: &sharpness)
            }
            i = j
        }
        // Silence before the first point and after the last is the outline's own: the steps
        // from and to it there are not written (between pieces they are what parts them).
        if intensity.count >= 2, intensity[0].value == 0, intensity[1].time == intensity[0].time {
            intensity.removeFirst()
        }
        if intensity.count >= 2, intensity[intensity.count - 1].value == 0,
            intensity[intensity.count - 2].time == intensity[intensity.count - 1].time
        {
            intensity.removeLast()
        }
        let end = max(intensity.last?.time ?? 0, playback.transients.map(\.time).max() ?? 0)
        self.init(
            intensity: intensity, sharpness: sharpness, transients: playback.transients,
            duration: end, notes: notes)
    }

    /// What merging `pieces` costs: for each cluster of pieces that sound together, its
    /// points × its pieces (the points of a piece alone count once). O(P log P).
    static func mergeWork(_ pieces: [[HJIFPlayback.Point]]) -> Int {
        let sorted = pieces.sorted { $0[0].time < $1[0].time }
        var work = 0
        var i = 0
        while i < sorted.count {
            var end = sorted[i][sorted[i].count - 1].time
            var points = sorted[i].count
            var j = i + 1
            while j < sorted.count, sorted[j][0].time < end {
                end = max(end, sorted[j][sorted[j].count - 1].time)
                points += sorted[j].count
                j += 1
            }
            work += j - i == 1 ? points : points.multipliedReportingOverflow(by: j - i).partialValue
            i = j
        }
        return work
    }

    /// Appends one sounding piece: from silence, its points (a repeated one once), back to
    /// silence.
    private static func append(
        _ piece: [HJIFPlayback.Point], intensity: inout [OutlinePoint],
        sharpness: inout [OutlinePoint]
    ) {
        let first = piece[0]
        let last = piece[piece.count - 1]
        if first.intensity > 0 { intensity.append(OutlinePoint(time: first.time, value: 0)) }
        for p in piece {
            // A keyframe repeating the one before (same time, same amplitude) is no step.
            let point = OutlinePoint(time: p.time, value: p.intensity)
            if p.givesIntensity, intensity.last != point { intensity.append(point) }
            if p.givesSharpness,
                sharpness.last.map({ $0.time != p.time || $0.value != p.sharpness }) ?? true
            {
                sharpness.append(OutlinePoint(time: p.time, value: p.sharpness))
            }
        }
        if last.intensity > 0 { intensity.append(OutlinePoint(time: last.time, value: 0)) }
    }

    /// Pieces that overlap as one piece: at every time of any of them, the left and right
    /// values (a step where a piece starts or ends) of √(Σ intensity²), the loudest's
    /// sharpness. O(K · S).
    private static func merged(_ pieces: ArraySlice<[HJIFPlayback.Point]>)
        -> [HJIFPlayback.Point]
    {
        var times = pieces.flatMap { $0.map(\.time) }
        times.sort()
        var result: [HJIFPlayback.Point] = []
        var previous = -Double.infinity
        for t in times where t != previous {
            previous = t
            for side in [Side.left, .right] {
                var power = 0.0
                var loudest = (intensity: -1.0, sharpness: 0.0)
                for piece in pieces {
                    guard let v = value(piece, at: t, side) else { continue }
                    power += v.intensity * v.intensity
                    if v.intensity > loudest.intensity { loudest = (v.intensity, v.sharpness) }
                }
                let p = HJIFPlayback.Point(
                    time: t, intensity: min(power.squareRoot(), 1),
                    sharpness: loudest.intensity >= 0
                        ? loudest.sharpness : result.last?.sharpness ?? 0)
                if result.last != p { result.append(p) }
            }
        }
        return result
    }

    private enum Side { case left, right }

    /// A piece's intensity and sharpness just before (`left`) or after (`right`) `t`; nil
    /// where it does not sound on that side. O(log points).
    private static func value(_ piece: [HJIFPlayback.Point], at t: Double, _ side: Side)
        -> (intensity: Double, sharpness: Double)?
    {
        let start = piece[0].time
        let end = piece[piece.count - 1].time
        switch side {
        case .left: guard t > start, t <= end else { return nil }
        case .right: guard t >= start, t < end else { return nil }
        }
        // Points at t: the left side takes the first, the right the last (a step).
        let after = piece.partitioningIndex { $0.time > t }
        let atOrBefore = piece.partitioningIndex { $0.time >= t }
        if side == .left, atOrBefore < piece.count, piece[atOrBefore].time == t {
            return (piece[atOrBefore].intensity, piece[atOrBefore].sharpness)
        }
        if side == .right, after > 0, piece[after - 1].time == t {
            return (piece[after - 1].intensity, piece[after - 1].sharpness)
        }
        let a = piece[after - 1]
        let b = piece[after]
        let u = (t - a.time) / (b.time - a.time)
        return (
            a.intensity + (b.intensity - a.intensity) * u,
            a.sharpness + (b.sharpness - a.sharpness) * u
        )
    }
}
