/// An `AudioContinuous` voice: the tone oscillator, its phasor and its control cache.
struct ToneVoice {
    var spec: VoiceSpec
    var oscillator: ToneOscillator
    var phasor: TonePhasor
    var controls: AudioControlCache
    init(spec: VoiceSpec) {
        self.spec = spec
        oscillator = ToneOscillator(phase: 0)
        phasor = TonePhasor()
        controls = AudioControlCache()
    }
}
