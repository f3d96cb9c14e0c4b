import HapticPattern

extension HJIFDecodingContext {
    /// What `experience` plays on one vibrotactile actuator (``HJIFPlayback``): the
    /// perceptions of a vibrotactile modality, every channel, every band; what is not played
    /// or is approximated reported once each (a file that plays nothing is valid: a warning).
    /// Nil (with an error) when a limit is crossed.
    ///
    /// - Complexity: O(keyframes as played), bounded by the limits: references and composites
    ///   are counted as they expand, so a small file cannot play an exponential number.
    mutating func playback(_ experience: HJIFExperience) -> HJIFPlayback? {
        var state = PlaybackState(timescale: Double(experience.timescale))
        // The limits count again what plays, each reference and composite as it expands.
        effects = 0
        keyframes = 0
        for (p, perception) in experience.perceptions.enumerated() {
            let path = "perceptions[\(p)]"
            guard HJIFPerception.vibrotactileModalities.contains(perception.modality) else {
                add(
                    .warning, .hjifNotPlayed, join(path, "perception_modality"), nil,
                    "A \(perception.modality) perception is not played: an actuator plays vibrotactile perceptions only."
                )
                continue
            }
            var library: [Int: HJIFEffect] = [:]
            for e in perception.effectLibrary { if let id = e.id { library[id] = e } }
            for (c, channel) in perception.channels.enumerated() {
                let scale = channel.gain * channel.mixingCoefficient
                for (b, band) in channel.bands.enumerated() {
                    let bandPath = "\(path).channels[\(c)].bands[\(b)]"
                    if band.kind == .curve {
                        state.note(.curve) {
                            add(
                                .note, .hjifNotPlayed, join(bandPath, "band_type"), nil,
                                "A Curve band is read as the envelope of a vibration (its amplitude's magnitude, at the middle of its frequency limits): an actuator plays vibrations, not the signal itself."
                            )
                        }
                    }
                    for (e, effect) in band.effects.enumerated() {
                        play(
                            effect, at: 0, band: band, scale: scale, library: library, depth: 0,
                            path: "\(bandPath).effects[\(e)]", state: &state)
                        if overLimit { return nil }
                    }
                }
            }
        }
        if state.clamped {
            add(
                .note, .valueClamped, "", nil,
                "Some amplitudes × gains exceed the scale of intensity 1 (0.6138 continuous, 0.792 transient, the reference software's AHAP scale); they play at intensity 1."
            )
        }
        // Effects that sound together are merged point by point against each other: bound
        // that work as the keyframes are bounded.
        let work = PatternOutline.mergeWork(state.result.pieces)
        if work > 4 * limits.maxCurvePoints {
            add(
                .error, .limitCurvePoints, "perceptions", nil,
                "Vectorial effects overlap so much that merging them means \(work) evaluations, more than 4 × maxCurvePoints (\(4 * limits.maxCurvePoints)). The file is not decoded."
            )
            return nil
        }
        if state.result.transients.isEmpty, state.result.pieces.isEmpty,
            !findings.diagnostics.contains(where: { $0.severity == .error })
        {
            add(
                .warning, .hjifNothingToPlay, "perceptions", nil,
                "Nothing plays: no vibrotactile perception has a transient or a vectorial effect that lasts."
            )
        }
        return state.result
    }

    /// `effect` played `offset` ticks after the start, in `band`.
    private mutating func play(
        _ effect: HJIFEffect, at offset: Int, band: HJIFBand, scale: Double,
        library: [Int: HJIFEffect], depth: Int, path: String, state: inout PlaybackState
    ) {
        guard !overLimit else { return }
        let start = offset + effect.position
        switch effect.kind {
        case .reference:
            guard let id = effect.id, let target = library[id] else {
                violation(
                    .hjifUnknownReference, join(path, "id"), nil,
                    "`\(path)` refers to effect \(effect.id ?? -1), which is not in its perception's `effect_library`.",
                    repair: "It is skipped.")
                return
            }
            guard depth < Self.maxEffectDepth else {
                add(
                    .error, .hjifUnknownReference, path, nil,
                    "Library effects refer to each other more than \(Self.maxEffectDepth) deep (a library that refers to itself never ends). The file is not decoded."
                )
                overLimit = true
                return
            }
            // The library effect plays at the reference's position (its own is ignored).
            var placed = target
            placed.position = 0
            guard count(effects: 1, keyframes: 0, path: path, at: nil) else { return }
            play(
                placed, at: start, band: band, scale: scale, library: library, depth: depth + 1,
                path: path, state: &state)
        case .composite:
            guard count(effects: 1, keyframes: 0, path: path, at: nil) else { return }
            for (i, child) in effect.timeline.enumerated() {
                play(
                    child, at: start, band: band, scale: scale, library: library,
                    depth: depth + 1, path: "\(path).timeline[\(i)]", state: &state)
            }
            if !effect.keyframes.isEmpty {
                var own = effect
                own.kind = .basis
                own.position = 0
                play(
                    own, at: start, band: band, scale: scale, library: library, depth: depth,
                    path: path, state: &state)
            }
        case .basis:
            playBasis(effect, start: start, band: band, scale: scale, path: path, state: &state)
        }
    }

    /// A basis effect's keyframes from `start` ticks: transients, or one continuous piece.
    private mutating func playBasis(
        _ effect: HJIFEffect, start: Int, band: HJIFBand, scale: Double, path: String,
        state: inout PlaybackState
    ) {
        guard count(effects: 1, keyframes: effect.keyframes.count, path: path, at: nil) else {
            return
        }
        var ticks = start
        let times = effect.keyframes.map { k -> Double in
            ticks = k.relativePosition.map { start + $0 } ?? ticks
            return Double(ticks) / state.timescale
        }
        if let last = times.last, last > limits.maxDurationSeconds {
            add(
                .error, .limitDuration, path, nil,
                "`\(path)` plays until \(last) s, more than the limit of \(limits.maxDurationSeconds) s (maxDurationSeconds). The file is not decoded."
            )
            overLimit = true
            return
        }
        if band.kind == .transient {
            for (i, k) in effect.keyframes.enumerated() {
                guard let a = k.amplitude else { continue }
                state.result.transients.append(
                    OutlineTransient(
                        time: times[i],
                        intensity: state.intensity(
                            abs(a) * scale, full: HJIFMapping.transientFullScale),
                        sharpness: HJIFMapping.sharpness(
                            hertz: k.frequency ?? HJIFMapping.defaultFrequency)))
            }
            return
        }
        if let signal = effect.baseSignal, signal != "Sine" {
            state.note(.baseSignal) {
                add(
                    .note, .hjifNotPlayed, join(path, "base_signal"), nil,
                    "A \(signal) base signal plays as a sine at its frequency (the actuator's drive is a sine)."
                )
            }
        }
        let middle = Double(band.lowerFrequencyLimit + band.upperFrequencyLimit) / 2
        let fallback = band.kind == .curve ? middle : HJIFMapping.defaultFrequency
        guard
            let amplitudes = Self.filled(effect.keyframes.map(\.amplitude), times: times),
            let first = times.first, let last = times.last, last > first
        else {
            state.note(.tooShort) {
                add(
                    .note, .hjifNotPlayed, path, nil,
                    "A vectorial effect with no amplitude or no length (its keyframes at one time) plays nothing."
                )
            }
            return
        }
        let frequencies =
            Self.filled(effect.keyframes.map(\.frequency), times: times)
            ?? Array(repeating: fallback, count: times.count)
        let ends = [0, times.count - 1]
        state.result.pieces.append(
            times.indices.map {
                HJIFPlayback.Point(
                    time: times[$0],
                    intensity: state.intensity(
                        abs(amplitudes[$0]) * scale, full: HJIFMapping.continuousFullScale),
                    sharpness: HJIFMapping.sharpness(hertz: frequencies[$0]),
                    givesIntensity: effect.keyframes[$0].amplitude != nil || ends.contains($0),
                    givesSharpness: effect.keyframes[$0].frequency != nil || ends.contains($0))
            })
    }

    /// `values` with each missing one interpolated in time between the given ones around it
    /// (held before the first and after the last); nil when none is given. O(values).
    static func filled(_ values: [Double?], times: [Double]) -> [Double]? {
        guard let firstGiven = values.firstIndex(where: { $0 != nil }) else { return nil }
        var result = [Double](repeating: values[firstGiven]!, count: values.count)
        var previous = firstGiven
        for i in (firstGiven + 1)..<max(values.count, firstGiven + 1) {
            guard let v = values[i] else { continue }
            result[i] = v
            let a = result[previous]
            for j in (previous + 1)..<i {
                let span = times[i] - times[previous]
                result[j] = span > 0 ? a + (v - a) * (times[j] - times[previous]) / span : a
            }
            previous = i
        }
        for j in (previous + 1)..<max(values.count, previous + 1) { result[j] = result[previous] }
        return result
    }
}

/// The flattening's running state.
private struct PlaybackState {
    let timescale: Double
    var result = HJIFPlayback()
    var clamped = false
    /// The approximations already reported (each once per file).
    var noted: Set<Approximation> = []

    enum Approximation { case curve, baseSignal, tooShort }

    init(timescale: Double) { self.timescale = timescale }

    /// Runs `report` the first time `kind` happens.
    mutating func note(_ kind: Approximation, _ report: () -> Void) {
        if noted.insert(kind).inserted { report() }
    }

    /// The intensity of `amplitude` on a scale whose intensity 1 is `full`, clamped to 1.
    mutating func intensity(_ amplitude: Double, full: Double) -> Double {
        let i = amplitude / full
        if i > 1 + 1e-9 { clamped = true }
        return min(i, 1)
    }
}
