import HapticFormats
import HapticPattern
import HapticRender
import Testing

@Suite struct OutlineTests {
    /// A clip is read at Lofelt's and Meta's laws: intensity √amplitude, sharpness
    /// √frequency, each emphasis a transient at √amplitude with its frequency as sharpness;
    /// and written back unchanged.
    @Test func clipOutlineClip() throws {
        let clip = try #require(TestClips.decode(TestClips.valid).clip)
        let outline = PatternOutline(clip: clip)
        #expect(outline.intensity.map(\.value) == [(0.2).squareRoot(), (0.5).squareRoot(), 0])
        #expect(outline.sharpness.map(\.value) == [(0.4).squareRoot(), (0.9).squareRoot()])
        #expect(
            outline.transients == [
                OutlineTransient(time: 0.1, intensity: (0.9).squareRoot(), sharpness: 0.7)
            ])
        #expect(outline.duration == 0.3)
        var notes: [ConversionNote] = []
        let again = HapticClip(outline: outline, metadata: clip.metadata, notes: &notes)
        #expect(notes.isEmpty)
        #expect(again == clip)
    }

    /// An AHAP is read as it plays: the intensity curve scales a transient (its effective
    /// intensity is what the outline keeps), continuous events that overlap are merged
    /// (noted), audio events are dropped (noted), envelopes become ramps.
    @Test func patternOutline() throws {
        var continuous = EventParameters()
        continuous.hapticIntensity = 0.8
        continuous.hapticSharpness = 0.4
        continuous.releaseTime = 0.5  // 320 ms
        var transient = EventParameters()
        transient.hapticIntensity = 1
        transient.hapticSharpness = 0.9
        let pattern = HapticPattern(
            events: [
                HapticEvent(type: .hapticContinuous, time: 0, duration: 1, parameters: continuous),
                HapticEvent(
                    type: .hapticContinuous, time: 0.5, duration: 0.2, parameters: continuous),
                HapticEvent(type: .hapticTransient, time: 0.25, parameters: transient),
                HapticEvent(type: .audioContinuous, time: 0, duration: 1),
            ],
            curves: [
                ParameterCurve(
                    id: .hapticIntensityControl, time: 0,
                    points: [.init(time: 0, value: 1), .init(time: 0.5, value: 0.5)])
            ])
        let outline = PatternOutline(pattern: pattern)
        let t = try #require(outline.transients.first)
        #expect(
            abs(t.intensity - 0.75) < 1e-6 && abs(t.time - 0.25) < 1e-9
                && abs(t.sharpness - 0.9) < 1e-6)
        #expect(Set(outline.notes.map(\.kind)) == [.continuousMerged, .audioDropped])
        // Before the second event: 0.8 × the curve; the release ends 320 ms after 1 s.
        #expect(abs(outline.intensity(at: 0.1) - 0.8 * 0.9) < 0.003)
        #expect(abs(outline.intensity(at: 1.16) - 0.4 * 0.5) < 0.003)
        #expect(outline.intensity(at: 1.33) == 0)
        #expect(abs(outline.sharpness(at: 0.1) - 0.4) < 1e-6)
    }

    /// A transient weaker than the envelope under it cannot be a `.haptic` emphasis: it is
    /// raised, and noted.
    @Test func emphasisRaisedToTheEnvelope() {
        let outline = PatternOutline(
            intensity: [OutlinePoint(time: 0, value: 0.8), OutlinePoint(time: 1, value: 0.8)],
            transients: [OutlineTransient(time: 0.5, intensity: 0.5, sharpness: 0.5)], duration: 1)
        var notes: [ConversionNote] = []
        let clip = HapticClip(outline: outline, notes: &notes)
        #expect(notes.map(\.kind) == [.emphasisRaised])
        #expect(clip.amplitude.first { $0.time == 0.5 }?.emphasis?.amplitude == 0.64)
    }
}
