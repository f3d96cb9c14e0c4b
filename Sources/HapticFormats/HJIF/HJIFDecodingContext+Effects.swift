import HapticPattern

extension HJIFDecodingContext {
    /// One band; nil when it is unusable (reported). A wavelet band is an error in both modes:
    /// its coding is not read, and playing the file without it would play a different file.
    mutating func decodeBand(_ value: JSONValue, path: String) -> HJIFBand? {
        guard
            let members = object(
                value, path: path,
                known: [
                    "band_type", "curve_type", "block_length", "priority", "lower_frequency_limit",
                    "upper_frequency_limit", "effects",
                ])
        else { return nil }
        guard let typeMember = member(members, "band_type") else {
            add(
                .error, .hjifMissingKey, path, value.position,
                "The required key `band_type` is missing from `\(path)` (Transient, Curve, VectorialWave or WaveletWave)."
            )
            return nil
        }
        let typePath = join(path, "band_type")
        guard let name = typeMember.value.stringValue, let kind = HJIFBand.Kind(rawValue: name)
        else {
            add(
                .error, .hjifUnknownName, typePath, typeMember.value.position,
                "`\(typePath)` must be Transient, Curve, VectorialWave or WaveletWave, not \(typeMember.value.stringValue.map { "\"\($0)\"" } ?? typeMember.value.typeDescription)."
            )
            return nil
        }
        if kind == .waveletWave {
            add(
                .error, .hjifWaveletBand, typePath, typeMember.value.position,
                "Wavelet bands are not read (their coding is not implemented here); the file is refused rather than played without the band. Parametric bands (Transient, Curve, VectorialWave) are read."
            )
            return nil
        }
        var band = HJIFBand(
            kind: kind,
            lowerFrequencyLimit: integer(
                members, "lower_frequency_limit", in: path, at: value.position, fallback: 0) ?? 0,
            upperFrequencyLimit: integer(
                members, "upper_frequency_limit", in: path, at: value.position, fallback: 1000)
                ?? 1000)
        if kind == .curve {
            band.curveType =
                member(members, "curve_type") == nil
                ? nil
                : string(members, "curve_type", in: path, at: value.position, fallback: "Linear")
        }
        guard let effects = array(members, "effects", in: path, at: value.position) else {
            return nil
        }
        for (i, e) in effects.elements.enumerated() {
            if let effect = decodeEffect(e, path: "\(effects.path)[\(i)]", band: kind, depth: 0) {
                band.effects.append(effect)
            }
            if overLimit { return nil }
        }
        return band
    }

    /// One effect (of a band of kind `band`, nil in the library), its composite timeline
    /// `depth` levels down; nil when it is unusable (reported).
    mutating func decodeEffect(_ value: JSONValue, path: String, band: HJIFBand.Kind?, depth: Int)
        -> HJIFEffect?
    {
        guard
            let members = object(
                value, path: path,
                known: [
                    "effect_type", "id", "position", "phase", "base_signal", "semantic_keywords",
                    "wavelet_stream", "keyframes", "timeline",
                ])
        else { return nil }
        if member(members, "wavelet_stream") != nil {
            add(
                .error, .hjifWaveletBand, join(path, "wavelet_stream"),
                member(members, "wavelet_stream")?.keyPosition,
                "Wavelet streams are not read (their coding is not implemented here); the file is refused rather than played without them."
            )
            return nil
        }
        var kind = HJIFEffect.Kind.basis
        if let m = member(members, "effect_type") {
            let here = join(path, "effect_type")
            if let name = m.value.stringValue, let k = HJIFEffect.Kind(rawValue: name) {
                kind = k
            } else {
                add(
                    .error, .hjifUnknownName, here, m.value.position,
                    "`\(here)` must be Basis, Reference or Composite, not \(m.value.stringValue.map { "\"\($0)\"" } ?? m.value.typeDescription)."
                )
                return nil
            }
        } else {
            violation(
                .hjifMissingKey, path, value.position,
                "The key `effect_type` is missing from `\(path)`.", repair: "It is read as Basis.")
        }
        let id = integer(
            members, "id", in: path, at: value.position, fallback: nil,
            optional: kind != .reference)
        if kind == .reference, id == nil { return nil }
        if kind == .reference, band != nil, let id, !libraryIDs.contains(id) {
            violation(
                .hjifUnknownReference, join(path, "id"), member(members, "id")?.value.position,
                "`\(join(path, "id"))` refers to effect \(id), which is not in its perception's `effect_library`.",
                repair: "It is skipped.")
            return nil
        }
        guard
            let position = integer(
                members, "position", in: path, at: value.position, fallback: nil)
        else { return nil }
        guard position >= 0 else {
            violation(
                .hjifNegativeTime, join(path, "position"),
                member(members, "position")?.value.position,
                "`\(join(path, "position"))` is \(position) ticks; positions start at 0.",
                repair: "The effect is skipped.")
            return nil
        }
        var effect = HJIFEffect(kind: kind, id: id, position: position)
        if member(members, "base_signal") != nil {
            let name = string(
                members, "base_signal", in: path, at: value.position, fallback: "Sine")
            if Self.baseSignals.contains(name) {
                effect.baseSignal = name
            } else {
                violation(
                    .hjifUnknownName, join(path, "base_signal"),
                    member(members, "base_signal")?.value.position,
                    "`\(name)` is not a base signal (Sine, Square, Triangle, SawToothUp, SawToothDown).",
                    repair: "It is read as Sine.")
            }
        }
        var keyframeCount = 0
        if let keyframes = array(
            members, "keyframes", in: path, at: value.position, required: false)
        {
            keyframeCount = keyframes.elements.count
            guard
                count(
                    effects: 1, keyframes: keyframeCount, path: keyframes.path, at: value.position)
            else { return nil }
            effect.keyframes = decodeKeyframes(
                keyframes.elements, path: keyframes.path,
                signed: band != .transient && band != .vectorialWave)
        } else if !count(effects: 1, keyframes: 0, path: path, at: value.position) {
            return nil
        }
        if kind == .composite {
            guard depth < Self.maxEffectDepth else {
                add(
                    .error, .limitEvents, path, value.position,
                    "Composite effects nest more than \(Self.maxEffectDepth) deep. The file is not decoded."
                )
                overLimit = true
                return nil
            }
            if let timeline = array(
                members, "timeline", in: path, at: value.position, required: false)
            {
                for (i, child) in timeline.elements.enumerated() {
                    if let e = decodeEffect(
                        child, path: "\(timeline.path)[\(i)]", band: band, depth: depth + 1)
                    {
                        effect.timeline.append(e)
                    }
                    if overLimit { return nil }
                }
            }
        }
        return effect
    }

    static let baseSignals: Set<String> = [
        "Sine", "Square", "Triangle", "SawToothUp", "SawToothDown",
    ]

    /// An effect's keyframes, in time order (sorted, a violation, where they are not). A
    /// keyframe without `relative_position` is at the previous one's (the first: at 0).
    /// Amplitudes are 0…1, or -1…1 where `signed` (a Curve band's signal, a library effect).
    private mutating func decodeKeyframes(_ values: [JSONValue], path: String, signed: Bool)
        -> [HJIFKeyframe]
    {
        let lowest = signed ? -1.0 : 0
        var result: [HJIFKeyframe] = []
        result.reserveCapacity(values.count)
        var previous = 0
        var unsorted: (String, JSONPosition)?
        for (i, value) in values.enumerated() {
            let here = "\(path)[\(i)]"
            guard let members = value.objectMembers else {
                violation(
                    .valueWrongType, here, value.position,
                    "`\(here)` must be an object but is \(value.typeDescription).",
                    repair: "It is skipped.")
                continue
            }
            checkKeys(
                members,
                known: ["relative_position", "amplitude_modulation", "frequency_modulation"],
                path: here)
            var k = HJIFKeyframe(relativePosition: nil)
            if let m = member(members, "relative_position") {
                let at = join(here, "relative_position")
                guard let t = wholeNumber(m.value, at, fallback: nil) else { continue }
                guard t >= 0 else {
                    violation(
                        .hjifNegativeTime, at, m.value.position,
                        "`\(at)` is \(t) ticks; keyframes are at or after their effect's position.",
                        repair: "The keyframe is skipped.")
                    continue
                }
                if t < previous, unsorted == nil { unsorted = (at, m.value.position) }
                k.relativePosition = t
                previous = max(previous, t)
            }
            if let (a, at) = number(members, "amplitude_modulation", in: here) {
                if a < lowest || a > 1 {
                    violation(
                        .hjifValueOutOfRange, join(here, "amplitude_modulation"), at,
                        "`\(join(here, "amplitude_modulation"))` is \(a); amplitudes are from \(signed ? "-1" : "0") to 1.",
                        repair: "It is clamped.")
                }
                k.amplitude = min(max(a, lowest), 1)
            }
            if let (f, at) = number(members, "frequency_modulation", in: here) {
                if f < 0 || f > 100_000 {
                    violation(
                        .hjifValueOutOfRange, join(here, "frequency_modulation"), at,
                        "`\(join(here, "frequency_modulation"))` is \(f) Hz; frequencies are from 0 to 100000 Hz.",
                        repair: "It is clamped.")
                }
                k.frequency = min(max(f, 0), 100_000)
            }
            result.append(k)
        }
        if let (at, position) = unsorted {
            violation(
                .hjifUnsortedKeyframes, at, position,
                "The keyframes of `\(path)` are not in time order.",
                repair: "They are sorted (equal times keep their order).")
            // Keyframes without a time follow the one before them.
            var t = 0
            let timed = result.map { k -> (Int, HJIFKeyframe) in
                t = k.relativePosition ?? t
                return (t, k)
            }
            result = timed.enumerated().sorted {
                ($0.element.0, $0.offset) < ($1.element.0, $1.offset)
            }
            .map {
                HJIFKeyframe(
                    relativePosition: $0.element.0, amplitude: $0.element.1.amplitude,
                    frequency: $0.element.1.frequency)
            }
        }
        return result
    }
}
