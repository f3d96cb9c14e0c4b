import HapticFormats
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// The AHAP form of a clip: what Core Haptics accepts, and no transient crushed.
@Suite(needsCorpus) struct AHAPFormTests {
    static func clips() throws -> [(String, PatternOutline)] {
        try Corpus.clipFiles().compactMap { file in
            let source = ConversionSource(bytes: try TestClips.corpus(file))
            return source.outline.map { (file, $0) }
        }
    }

    /// Strict-valid (curves ≤ 16 points, continuous events ≤ 30 s), and every transient plays
    /// at its clip intensity after the curves scale it (read back from the AHAP as scheduled).
    @Test func strictValidAndTransientsKeepTheirLevel() throws {
        for (file, outline) in try Self.clips() {
            var notes: [ConversionNote] = []
            let bytes = AHAPEncoder().encode(outline.ahapPattern(notes: &notes))
            let decoded = AHAPDecoder(options: .init(mode: .strict)).decode(bytes)
            #expect(decoded.accepted, "\(file): \(decoded.errors)")
            let pattern = try #require(decoded.pattern)
            #expect(pattern.curves.allSatisfy { $0.points.count <= 16 })
            #expect(
                pattern.events.allSatisfy {
                    $0.type != .hapticContinuous || ($0.duration ?? 0) <= 30
                })
            let played = PatternOutline(pattern: pattern).transients
            #expect(played.count == outline.transients.count, "\(file)")
            for (p, t) in zip(played, outline.transients) {
                #expect(
                    abs(p.intensity - t.intensity) < 1e-6,
                    "\(file) at \(t.time): \(p.intensity) ≠ \(t.intensity)")
            }
        }
    }

    /// The one-player form renders like the clip's two players (the curve raised for an
    /// instant under transients it would crush costs almost nothing).
    @Test func rendersLikeTheTwoPlayers() throws {
        let render = PlaybackRender()
        for (file, outline) in try Self.clips()
        where file.hasPrefix("designer/") || file.contains("emphasis") {
            let layers = outline.playerLayers()
            var notes: [ConversionNote] = []
            let reference = try render.acceleration([layers.continuous, layers.transients])
            let single = try render.acceleration([outline.ahapPattern(notes: &notes)])
            let c = EnvelopeComparison(original: reference, target: single, sampleRate: 48_000)
            #expect(c.correlation > 0.999, "\(file): \(c.correlation)")
            #expect(abs(c.peakLevelErrorDB) < 1, "\(file): \(c.peakLevelErrorDB) dB")
        }
    }

    /// A clip longer than 30 s becomes several continuous events, each within the limit.
    @Test func longClipSplitsEvery30Seconds() throws {
        let outline = PatternOutline(
            intensity: [OutlinePoint(time: 0, value: 0.5), OutlinePoint(time: 70, value: 0.5)],
            duration: 70)
        var notes: [ConversionNote] = []
        let events = outline.ahapPattern(notes: &notes).events
        #expect(events.map(\.time) == [0, 30, 60])
        #expect(events.map { $0.duration ?? 0 } == [30, 30, 10])
    }
}
