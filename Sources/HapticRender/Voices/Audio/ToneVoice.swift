/// An `AudioContinuous` voice: the tone oscillator, its phasor and its control cache.
@usableFromInline struct ToneVoice {
    @usableFromInline var spec: VoiceSpec
    @usableFromInline var oscillator: ToneOscillator
    @usableFromInline var phasor: TonePhasor
    @usableFromInline var controls: AudioControlCache
    init(spec: VoiceSpec) {
        self.spec = spec
        oscillator = ToneOscillator(phase: 0)
        phasor = TonePhasor()
        controls = AudioControlCache()
    }
}
