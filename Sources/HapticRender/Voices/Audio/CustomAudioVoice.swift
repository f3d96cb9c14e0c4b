/// An `AudioCustom` voice: a custom-audio player and its control cache.
struct CustomAudioVoice {
    var spec: VoiceSpec
    var player: CustomAudioPlayer
    var controls: AudioControlCache
    init(spec: VoiceSpec, player: CustomAudioPlayer) {
        self.spec = spec
        self.player = player
        controls = AudioControlCache()
    }
}
