/// Room an open-ended renderer (``PatternRenderer/init(layers:reserve:configuration:)``) keeps
/// for what arrives while it plays: voices waiting to start, voices sounding at once, and
/// custom audio resources. Allocated once, when the renderer is made.
package struct RenderReserve: Sendable, Hashable {
    /// Voices scheduled but not yet started, over every layer; a layer that brings more has its
    /// latest voices dropped (``PatternRenderer/replaceLayer(_:with:changingParameterLanesFrom:)``
    /// reports how many).
    package var voices: Int
    /// Voices sounding at once, per kind; a voice beyond it is dropped.
    package var polyphony: Polyphony
    /// Custom audio resources (``PatternRenderer/setAudioResource(_:to:)``).
    package var audioResources: Int

    package init(voices: Int = 4_096, polyphony: Polyphony? = nil, audioResources: Int = 64) {
        self.voices = voices
        self.polyphony =
            polyphony
            ?? {
                var p = Polyphony()
                p.hapticTransient = 128
                p.hapticContinuous = 64
                p.audioContinuous = 32
                p.audioCustom = 32
                return p
            }()
        self.audioResources = audioResources
    }
}
