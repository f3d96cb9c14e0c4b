import HapticPattern

extension LayerPlan {
    /// The layer's twelve parameter lanes (indexed by ``DynamicParameterID/index``), from its
    /// pattern's `Parameter` and `ParameterCurve` items (unrolled over loop iterations) and its
    /// runtime parameters.
    ///
    /// Choices: family is implicit (parameter lanes are per ID; the synthesizer applies `Haptic…`
    /// parameter lanes to haptic voices and `Audio…` parameter lanes to audio voices). Parameter
    /// lanes are *not* reset between loop iterations — Core Haptics simply re-issues the pattern's
    /// parameter commands, so a value persists until the next item for its ID. Curves of
    /// non-curvable IDs (envelope-time controls; Core Haptics rejects them with −4820) are applied
    /// anyway, with a note. Everything before the seek point is folded into the state at the
    /// layer's first sample.
    ///
    /// O((parameters + points) × iterations scheduled × log) time and memory.
    func buildParameterLanes(notes: inout [SchedulerNote]) -> [ParameterLane] {
        var writers = Array(
            repeating: [ParameterLaneWriter](), count: DynamicParameterID.allCases.count)
        // Class ranks for equal-sample ties; within a class, later unrolled items win.
        let parameterRank = 0
        let curveRank = 1
        let runtimeRank = 2
        var seq = 0
        func order(_ rank: Int) -> Int {
            seq += 1
            return rank << 40 | seq
        }

        // Stable sort by parsed time so input order never matters (equal times keep file order).
        let params = pattern.parameters.enumerated()
            .filter { isSchedulableTime($0.element.time) && $0.element.value.isFinite }
            .map { (time: parsedFloat32($0.element.time), p: $0.element, i: $0.offset) }
            .sorted { ($0.time, $0.i) < ($1.time, $1.i) }
        if params.count != pattern.parameters.count {
            notes.append(
                .init(
                    layer: index, eventIndex: nil,
                    message:
                        "\(pattern.parameters.count - params.count) parameter(s) with a negative or non-finite time/value skipped"
                ))
        }
        let curves = pattern.curves.enumerated()
            .filter { isSchedulableTime($0.element.time) }
            .map { (time: parsedFloat32($0.element.time), c: $0.element, i: $0.offset) }
            .sorted { ($0.time, $0.i) < ($1.time, $1.i) }
        if curves.count != pattern.curves.count {
            notes.append(
                .init(
                    layer: index, eventIndex: nil,
                    message:
                        "\(pattern.curves.count - curves.count) curve(s) with a negative or non-finite time skipped"
                ))
        }
        for c in curves where !c.c.id.isCurvable {
            notes.append(
                .init(
                    layer: index, eventIndex: nil,
                    message:
                        "curve of \(c.c.id.rawValue) at \(c.time) s applied, but Core Haptics rejects curves of this ID (−4820)"
                ))
        }

        var lanesFrom = 0
        if firstIteration > 1 {
            let loopedParameters = params.filter { isInLoop($0.time) }.map { ($0.p.id, $0.time) }
            let loopedCurves = curves.filter { isInLoop($0.time) }.map { ($0.c, $0.time) }
            lanesFrom = firstLaneIteration(parameters: loopedParameters, curves: loopedCurves)
        }
        for k in lanesFrom..<iterations {
            for p in params where isInLoop(p.time) {
                let s = clock.sample(patternTime: unrolled(p.time, iteration: k))
                writers[p.p.id.index].append(
                    ParameterLaneWriter(
                        start: s, order: order(parameterRank),
                        points: [(s, clampControl(p.p.id, p.p.value))]))
            }
            for c in curves where isInLoop(c.time) {
                let u = unrolled(c.time, iteration: k)
                let s = clock.sample(patternTime: u)
                // Points sorted by relative time (stable: duplicates stay in file order and act
                // as a step); a point before the curve's start is pulled to its start.
                let pts = c.c.points.enumerated()
                    .filter { $0.element.time.isFinite && $0.element.value.isFinite }
                    .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                    .map {
                        (
                            sample: max(s, clock.sample(patternTime: u + $0.element.time)),
                            value: clampControl(c.c.id, $0.element.value)
                        )
                    }
                writers[c.c.id.index].append(
                    ParameterLaneWriter(start: s, order: order(curveRank), points: pts))
            }
        }
        for r in options.runtimeParameters where r.value.isFinite && r.time.isFinite {
            let s = clock.sample(playerTime: max(r.time, 0))
            writers[r.id.index].append(
                ParameterLaneWriter(
                    start: s, order: order(runtimeRank), points: [(s, clampControl(r.id, r.value))])
            )
        }

        return DynamicParameterID.allCases.map { id in
            var lane = ParameterLaneBuilder.build(id, writers: writers[id.index])
            ParameterLaneBuilder.trim(&lane, before: clock.baseSample)
            return lane
        }
    }

    /// The iteration whose items the lanes are built from: the one before ``firstIteration`` —
    /// every lane the pattern writes is then set afresh before the first scheduled iteration
    /// starts, by a parameter or a curve that starts with a point (the last started wins, and
    /// such an item owes nothing to the value before it) — or the first when a curve of the loop
    /// starts by holding the value it found and no item of its ID sets one afresh at another
    /// time: that value can come from any earlier iteration. O(items). Times are parsed.
    private func firstLaneIteration(
        parameters: [(DynamicParameterID, Double)], curves: [(ParameterCurve, Double)]
    ) -> Int {
        var resets: [DynamicParameterID: Set<Double>] = [:]
        var holds: [DynamicParameterID: Set<Double>] = [:]
        for (id, time) in parameters { resets[id, default: []].insert(time) }
        for (c, time) in curves {
            let points = c.points.lazy.filter { $0.time.isFinite && $0.value.isFinite }
            guard let first = points.map(\.time).min() else { continue }
            if first > 0 {
                holds[c.id, default: []].insert(time)
            } else {
                resets[c.id, default: []].insert(time)
            }
        }
        // A curve wins over a parameter starting with it: a reset counts where no hold starts.
        let safe = holds.allSatisfy { id, times in
            !(resets[id] ?? []).subtracting(times).isEmpty
        }
        return safe ? firstIteration - 1 : 0
    }

    private func clampControl(_ id: DynamicParameterID, _ v: Double) -> Double {
        min(max(v, id.range.lowerBound), id.range.upperBound)
    }
}
