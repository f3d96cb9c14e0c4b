import HapticPattern

/// Builds ``HapticPattern``s from a ``PatternRecipe``, deterministically, in code: benchmarks
/// never read corpus files, so they run anywhere and always measure the same input.
/// O(events + curve points).
public enum PatternGenerator {
    /// The file name custom-audio events refer to; ``SyntheticClip`` provides its samples.
    public static let clipPath = "bench-clip.wav"

    /// The pattern described by `recipe`, canonicalized (sorted, as a decoder would hand it over).
    public static func make(_ recipe: PatternRecipe) -> HapticPattern {
        var rng = SeededGenerator(seed: recipe.seed)
        var pattern = HapticPattern()
        let span = 0...recipe.seconds
        let hapticOnly = recipe.mix.allSatisfy(\.isHaptic)
        let audioOnly = recipe.mix.allSatisfy { !$0.isHaptic }
        for i in 0..<recipe.eventCount {
            let type = recipe.mix[i % recipe.mix.count]
            pattern.events.append(
                event(type, at: rng.milliseconds(span), recipe: recipe, rng: &rng))
            if recipe.parameterEvery > 0, i % recipe.parameterEvery == 0 {
                let id = controlIDs(hapticOnly: hapticOnly, audioOnly: audioOnly, rng: &rng)
                pattern.parameters.append(
                    DynamicParameter(
                        id: id, time: rng.milliseconds(span), value: rng.uniform(id.range)))
            }
            if recipe.curveEvery > 0, i % recipe.curveEvery == 0 {
                let id = controlIDs(hapticOnly: hapticOnly, audioOnly: audioOnly, rng: &rng)
                var points: [ParameterCurve.ControlPoint] = []
                var t = 0.0
                for _ in 0..<8 {
                    points.append(.init(time: t, value: rng.uniform(id.range)))
                    t += rng.milliseconds(0.05...0.5)
                }
                pattern.curves.append(
                    ParameterCurve(id: id, time: rng.milliseconds(span), points: points))
            }
        }
        pattern.canonicalize()
        return pattern
    }

    static func event(
        _ type: EventType, at time: Double, recipe: PatternRecipe,
        rng: inout SeededGenerator
    ) -> HapticEvent {
        var p = EventParameters()
        switch type {
        case .hapticTransient:
            p.hapticIntensity = rng.uniform(0.2...1)
            p.hapticSharpness = rng.unit()
            return HapticEvent(type: type, time: time, parameters: p)
        case .hapticContinuous:
            p.hapticIntensity = rng.uniform(0.2...1)
            p.hapticSharpness = rng.unit()
            envelope(&p, rng: &rng)
            return HapticEvent(
                type: type, time: time, duration: rng.uniform(recipe.continuousSeconds),
                parameters: p)
        case .audioContinuous:
            p.audioVolume = rng.uniform(0.2...1)
            p.audioPan = rng.uniform(-1...1)
            p.audioPitch = rng.uniform(-1...1)
            p.audioBrightness = rng.unit()
            envelope(&p, rng: &rng)
            return HapticEvent(
                type: type, time: time, duration: rng.uniform(recipe.continuousSeconds),
                parameters: p)
        case .audioCustom:
            p.audioVolume = rng.uniform(0.2...1)
            p.audioPan = rng.uniform(-1...1)
            p.audioPitch = rng.uniform(-0.5...0.5)
            p.audioBrightness = rng.uniform(0.5...1)
            let loops = rng.unit() < 0.25
            return HapticEvent(
                type: type, time: time, duration: loops ? rng.uniform(0.5...2) : nil, parameters: p,
                waveformPath: clipPath, waveformLoopEnabled: loops ? true : nil)
        }
    }

    /// Attack and release (sustained), or attack and decay (one event in four non-sustained).
    static func envelope(_ p: inout EventParameters, rng: inout SeededGenerator) {
        p.attackTime = rng.uniform(0...0.3)
        p.releaseTime = rng.uniform(0...0.3)
        if rng.unit() < 0.25 {
            p.sustained = 0
            p.decayTime = rng.uniform(0...0.3)
        }
    }

    /// A control the pattern's voices actually read: haptic controls for haptic-only
    /// patterns, audio controls for audio-only ones, any of them otherwise.
    static func controlIDs(hapticOnly: Bool, audioOnly: Bool, rng: inout SeededGenerator)
        -> DynamicParameterID
    {
        let haptic: [DynamicParameterID] = [.hapticIntensityControl, .hapticSharpnessControl]
        let audio: [DynamicParameterID] = [
            .audioVolumeControl, .audioPanControl, .audioPitchControl,
            .audioBrightnessControl,
        ]
        let ids = hapticOnly ? haptic : (audioOnly ? audio : haptic + audio)
        return ids[Int(rng.next() % UInt64(ids.count))]
    }
}
