/// An `AudioCustom` voice: a clip player and its control cache.
@usableFromInline struct ClipVoice {
    @usableFromInline var spec: VoiceSpec
    @usableFromInline var player: ClipPlayer
    @usableFromInline var controls: AudioControlCache
    init(spec: VoiceSpec, player: ClipPlayer) {
        self.spec = spec
        self.player = player
        controls = AudioControlCache()
    }
}
