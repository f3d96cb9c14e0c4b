/// One pattern for Android: three renditions an app picks from by API level, each within the
/// platform's documented limits (docs/formats.md, "Android"). Times in milliseconds.
public struct AndroidEffect: Sendable, Hashable {
    /// API 26+: `VibrationEffect.createWaveform(timings, amplitudes, -1)`, the whole pattern
    /// as amplitude steps at the actuator's own frequency; transients as short bursts.
    public var waveform: AndroidWaveform
    /// API 30+ (31+ with `LOW_TICK`, `THUD` or `SPIN`): transients as Composition primitives,
    /// the continuous parts between them as waveforms.
    public var composition: AndroidSequence
    /// API 36+: the continuous parts as `BasicEnvelopeBuilder` envelopes (intensity and
    /// sharpness), transients as primitives.
    public var envelope: AndroidSequence
    /// The pattern's length.
    public var durationMs: Int

    public init(
        waveform: AndroidWaveform, composition: AndroidSequence, envelope: AndroidSequence,
        durationMs: Int
    ) {
        self.waveform = waveform
        self.composition = composition
        self.envelope = envelope
        self.durationMs = durationMs
    }
}

/// The tiers of an ``AndroidEffect``, by name.
public enum AndroidTier: String, CaseIterable, Sendable, Hashable {
    case waveform, composition, envelope

    /// The lowest API level the tier's base API exists on.
    public var baseAPILevel: Int {
        switch self {
        case .waveform: return 26
        case .composition: return 30
        case .envelope: return 36
        }
    }
}

/// `createWaveform` arguments: `timings[i]` ms at `amplitudes[i]` (0 = off, 1…255 = strength).
public struct AndroidWaveform: Sendable, Hashable {
    public var timings: [Int]
    public var amplitudes: [Int]

    public init(timings: [Int] = [], amplitudes: [Int] = []) {
        self.timings = timings
        self.amplitudes = amplitudes
    }

    /// Total length in ms.
    public var durationMs: Int { timings.reduce(0, +) }
}

/// Effects played one after another, each started at its time (a new `vibrate` call replaces
/// the effect before it, which has ended by then).
public struct AndroidSequence: Sendable, Hashable {
    public var segments: [AndroidSegment]

    public init(segments: [AndroidSegment] = []) {
        self.segments = segments
    }

    /// The API level this sequence needs: the tier's, or 31 for the primitives added then.
    public func minimumAPILevel(tier: AndroidTier) -> Int {
        max(tier.baseAPILevel, primitives.map(\.minimumAPILevel).max() ?? 0)
    }

    /// Every primitive used, in order of first use, without repeats.
    public var primitives: [AndroidPrimitive] {
        var seen: [AndroidPrimitive] = []
        for case .primitives(let steps) in segments.map(\.content) {
            for s in steps where !seen.contains(s.primitive) { seen.append(s.primitive) }
        }
        return seen
    }
}

/// One effect of a sequence and when it starts.
public struct AndroidSegment: Sendable, Hashable {
    public var startMs: Int
    public var content: Content

    public enum Content: Sendable, Hashable {
        case waveform(AndroidWaveform)
        case primitives([AndroidPrimitiveStep])
        case envelope(AndroidEnvelope)
    }

    public init(startMs: Int, _ content: Content) {
        self.startMs = startMs
        self.content = content
    }
}

/// `addPrimitive(primitive, scale, delay)` in a composition. `atMs` is when the primitive
/// should start, from the segment's start; `delayMs` is the pause after the previous
/// primitive that gives that start with the Pixel's primitive lengths (a device with other
/// lengths recomputes it from `atMs`, as the generated Kotlin does).
public struct AndroidPrimitiveStep: Sendable, Hashable {
    public var primitive: AndroidPrimitive
    /// 0…1.
    public var scale: Double
    public var atMs: Int
    public var delayMs: Int

    public init(primitive: AndroidPrimitive, scale: Double, atMs: Int, delayMs: Int) {
        self.primitive = primitive
        self.scale = scale
        self.atMs = atMs
        self.delayMs = delayMs
    }
}

/// `BasicEnvelopeBuilder`: starts at intensity 0 with `initialSharpness`, then reaches each
/// control point's intensity and sharpness over its duration (the last point's intensity is 0).
public struct AndroidEnvelope: Sendable, Hashable {
    public var initialSharpness: Double
    public var controlPoints: [AndroidControlPoint]

    public init(initialSharpness: Double, controlPoints: [AndroidControlPoint]) {
        self.initialSharpness = initialSharpness
        self.controlPoints = controlPoints
    }

    public var durationMs: Int { controlPoints.reduce(0) { $0 + $1.durationMs } }
}

/// `addControlPoint(intensity, sharpness, durationMillis)`.
public struct AndroidControlPoint: Sendable, Hashable {
    /// Perceived strength, 0 (off) … 1 (the device's strongest), linear in sensation level.
    public var intensity: Double
    /// 0…1, linear in frequency across the device's band.
    public var sharpness: Double
    public var durationMs: Int

    public init(intensity: Double, sharpness: Double, durationMs: Int) {
        self.intensity = intensity
        self.sharpness = sharpness
        self.durationMs = durationMs
    }
}
