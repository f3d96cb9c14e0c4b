/// The static description of a voice, copied from the timeline at prepare time.
struct VoiceSpec {
    var start: Int64
    var end: Int64
    var kind: VoiceKind
    var layer: Int
    var level: Float
    var timbre: Float
    var pan: Float
    var pitch: Float
    var envelope: Envelope
    var resource: Int
    var loops: Bool
    var usesEnvelope: Bool
}
