/// What continuous haptic voices read at their control points: the layers' intensity and
/// sharpness lanes and the drive tables. A small trivially copyable view, so the render loop
/// can compute control points without borrowing the whole renderer — calls on the renderer
/// itself made the optimizer copy its 1.2 kB struct at every control period.
@usableFromInline struct ContinuousControl {
    @usableFromInline let laneReaders: UnsafeMutablePointer<LaneReader>
    @usableFromInline let lanesPerLayer: Int
    @usableFromInline let lookup: DriveLookup
    /// Control period in samples (see ``DriveRamp``).
    @usableFromInline let period: Int64

    @usableFromInline
    init(laneReaders: UnsafeMutablePointer<LaneReader>, lanesPerLayer: Int, lookup: DriveLookup, period: Int64) {
        self.laneReaders = laneReaders
        self.lanesPerLayer = lanesPerLayer
        self.lookup = lookup
        self.period = period
    }

    /// The drive point of a continuous voice at sample `n`: event values, envelope and the
    /// layer's intensity/sharpness lanes through the drive tables. O(1) (see
    /// ``LaneReader/value(at:)``).
    ///
    /// The envelope is read inside the voice's sounding samples only (`start + 1 … end − 1`):
    /// the intensity law jumps from 0 V at intensity 0 to the perception threshold just above
    /// it, and a ramp towards the envelope's exact 0 at `start` or `end` would spread that
    /// jump over a whole control period. (The first sample needs no 0: the carrier starts at
    /// sin 0.) A lane that takes intensity to exactly 0 mid-voice still ramps to silence.
    @inlinable @_noLocks
    func point(_ spec: VoiceSpec, at n: Int64) -> DrivePoint {
        let x = inputs(spec, at: n)
        return lookup.evaluate(sharpness: Double(x.sharpness), intensity: Double(x.intensity))
    }

    /// The effective intensity (lanes × envelope) and sharpness of `spec` at `n`: what
    /// ``point(_:at:)`` maps to a drive point. O(1) amortized (two lane reads).
    @inlinable @inline(__always) @_noLocks
    func inputs(_ spec: VoiceSpec, at n: Int64) -> ControlInputs {
        let layerLanes = laneReaders + spec.layer &* lanesPerLayer
        let last = max(spec.end &- spec.start &- 1, 1)
        let offset = min(max(n &- spec.start, 1), last)
        let intensity = min(max(spec.level * layerLanes[0].value(at: n), 0), 1)
            * spec.envelope.gain(at: Float(offset))
        let sharpness = min(max(spec.timbre + layerLanes[1].value(at: n), 0), 1)
        return ControlInputs(intensity: intensity, sharpness: sharpness)
    }

    @inlinable @_noLocks
    func firstRamp(_ spec: VoiceSpec, at n: Int64) -> DriveRamp {
        let to = (n / period &+ 1) &* period
        return DriveRamp(from: n, start: point(spec, at: n), to: to, end: point(spec, at: to))
    }

    /// Starts the control period beginning at `n` (on the grid). O(1): two lane reads and one
    /// table lookup per voice per period.
    @inlinable @_noLocks
    func advance(_ voice: inout ContinuousHapticVoice, at n: Int64) {
        let to = n &+ period
        // Held lanes and a sustaining envelope give the same inputs period after period: the
        // drive point is a pure function of them, so the last one is reused (same bits, no
        // table lookup — most of this call's cost).
        let x = inputs(voice.spec, at: to)
        let last = voice.endInputs
        let end = x.intensity == last.intensity && x.sharpness == last.sharpness
            ? voice.ramp.end
            : lookup.evaluate(sharpness: Double(x.sharpness), intensity: Double(x.intensity))
        voice.endInputs = x
        voice.ramp = DriveRamp(from: n, start: voice.ramp.end, to: to, end: end)
    }
}

/// What a continuous voice's drive point depends on, for ``ContinuousControl/advance(_:at:)``'s
/// reuse test. NaN (the initial value) never compares equal, so the first period computes.
@usableFromInline struct ControlInputs {
    @usableFromInline var intensity: Float
    @usableFromInline var sharpness: Float
    @inlinable @_noLocks init(intensity: Float, sharpness: Float) {
        self.intensity = intensity
        self.sharpness = sharpness
    }
}
