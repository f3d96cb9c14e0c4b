/// Per-voice render state, one struct per voice kind. Created when a voice starts (in
/// preallocated pools, never on the heap) and dropped when it has finished.

/// The static description of a voice, copied from the timeline at prepare time.
@usableFromInline struct VoiceSpec {
    @usableFromInline var start: Int64
    @usableFromInline var end: Int64
    @usableFromInline var kind: VoiceKind
    @usableFromInline var layer: Int
    @usableFromInline var level: Float
    @usableFromInline var timbre: Float
    @usableFromInline var pan: Float
    @usableFromInline var pitch: Float
    @usableFromInline var envelope: Envelope
    @usableFromInline var resource: Int
    @usableFromInline var loops: Bool
    @usableFromInline var usesEnvelope: Bool
}

// Explicit `@_noLocks` initializers: the render loop creates voices, and `@_noLocks` cannot
// see into implicit memberwise initializers in debug builds.

/// A `HapticContinuous` voice. It starts in the per-sample path (the driver's onset
/// overdrive reads the actuator); once steady — carrier running, overdrive over — it switches,
/// on the renderer's 256-sample grid only, to the voice-major path (``renderSteady``) until
/// its scheduled end, where the per-sample path releases and brakes it.
@usableFromInline struct ContinuousHapticVoice {
    @usableFromInline var spec: VoiceSpec
    @usableFromInline var driver: ContinuousDriver
    @usableFromInline var released = false
    /// The control-rate drive point of the current control period.
    @usableFromInline var ramp: DriveRamp
    /// Rendered by the voice-major path (see the type's comment).
    @usableFromInline var steady = false
    /// First sample of the current chunk that the voice-major path did *not* render; the
    /// per-sample loop only counts the voice as driving before it.
    @usableFromInline var steadyThrough: Int64 = .min
    /// The steady path's carrier (takes over the driver oscillator's phase on entry).
    @usableFromInline var carrier = RotatingCarrier(phase: 0)
    /// Whether `ramp` ends where a lane changes (see ``ContinuousControl/advance(_:at:)``).
    @usableFromInline var rampEndsAtChange = false
    /// The control inputs `ramp.end` was computed from (see ``ContinuousControl/advance(_:at:)``).
    @usableFromInline var endInputs = ControlInputs(intensity: .nan, sharpness: .nan)
    @_noLocks init(spec: VoiceSpec, driver: ContinuousDriver, ramp: DriveRamp) {
        self.spec = spec
        self.driver = driver
        self.ramp = ramp
    }
}

@usableFromInline struct TransientHapticVoice {
    @usableFromInline var driver: TransientDriver
    @_noLocks init(driver: TransientDriver) { self.driver = driver }
}

@usableFromInline struct ToneVoice {
    @usableFromInline var spec: VoiceSpec
    @usableFromInline var oscillator: ToneOscillator
    @usableFromInline var phasor: TonePhasor
    @usableFromInline var controls: AudioControlCache
    @_noLocks init(spec: VoiceSpec) {
        self.spec = spec
        oscillator = ToneOscillator(phase: 0)
        phasor = TonePhasor()
        controls = AudioControlCache()
    }
}

@usableFromInline struct ClipVoice {
    @usableFromInline var spec: VoiceSpec
    @usableFromInline var player: ClipPlayer
    @usableFromInline var controls: AudioControlCache
    @_noLocks init(spec: VoiceSpec, player: ClipPlayer) {
        self.spec = spec
        self.player = player
        controls = AudioControlCache()
    }
}

/// A fixed-capacity, order-preserving pool of active voices.
///
/// Order matters for determinism: voices are summed in pool order, so the pool keeps voices in
/// start order and removes with an order-preserving compaction. The pool contents at any sample
/// are therefore the same however the caller splits the render into blocks, and so are the
/// summed bits. Capacity is fixed at prepare time from the timeline's polyphony.
/// The render loop appends and compacts in place with concrete code: `@_noLocks` rejects calls
/// to generic methods in debug builds, so the pool is storage plus a count, nothing more.
@usableFromInline struct VoicePool<Voice> {
    @usableFromInline let storage: UnsafeMutablePointer<Voice>
    @usableFromInline let capacity: Int
    @usableFromInline var count = 0

    init(capacity: Int) {
        // Voices are plain values (no references), so slots can be overwritten and dropped
        // without deinitialization — which keeps the render loop free of generic calls.
        precondition(_isPOD(Voice.self), "voice state must be a trivial type")
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    func deallocate() { storage.deallocate() }

}
