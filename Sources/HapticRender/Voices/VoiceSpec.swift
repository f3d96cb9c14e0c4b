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
