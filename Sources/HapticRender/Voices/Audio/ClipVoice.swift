/// An `AudioCustom` voice: a clip player and its control cache.
struct ClipVoice {
    var spec: VoiceSpec
    var player: ClipPlayer
    var controls: AudioControlCache
    init(spec: VoiceSpec, player: ClipPlayer) {
        self.spec = spec
        self.player = player
        controls = AudioControlCache()
    }
}
