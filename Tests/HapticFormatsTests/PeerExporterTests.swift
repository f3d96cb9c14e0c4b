import HapticFormats
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// The AHAP each peer's exporter writes for its own test clips (Meta's
/// `core/haptic_data/src/ahap.rs` tests, Lofelt's `core/datamodel/src/ios/v1.rs` tests), read
/// as a second opinion on ours: the same transients and the same envelope values, apart from
/// what docs/formats.md lists as their choices (ducking under emphasis, absolute times in
/// curves), and how each renders against the clip's two players.
@Suite(needsCorpus) struct PeerExporterTests {
    static let meta = "facebook__meta-haptics-sdk/core/haptic_data/test_files/"
    static let lofelt = "Lofelt__NiceVibrations/core/datamodel/src/test_data/"

    /// (clip, the peer's AHAP, whose curves hold absolute times in every chunk).
    static let pairs: [(String, String)] = [
        (meta + "valid_v1.haptic", meta + "valid_v1.ahap"),
        (meta + "multiple_emphasis.haptic", meta + "multiple_emphasis.ahap"),
        (meta + "2_points.haptic", meta + "2_points.ahap"),
        (meta + "3_points.haptic", meta + "3_points.ahap"),
        (meta + "16_points.haptic", meta + "16_points.ahap"),
        (meta + "17_points.haptic", meta + "17_points.ahap"),
        (meta + "long_clip.haptic", meta + "long_clip.ahap"),
        (lofelt + "valid_v1.haptic", lofelt + "ios/ahap_from_valid_v1.ahap"),
        (lofelt + "valid_required_v1.haptic", lofelt + "ios/ahap_from_valid_v1_required.ahap"),
        (
            lofelt + "ios/valid_v1_multiple_emphasis.haptic",
            lofelt + "ios/valid_v1_multiple_transients.ahap"
        ),
        (lofelt + "ios/2_points.haptic", lofelt + "ios/2_points.ahap"),
        (lofelt + "ios/3_points.haptic", lofelt + "ios/3_points.ahap"),
        (lofelt + "ios/16_points.haptic", lofelt + "ios/16_points.ahap"),
        (lofelt + "ios/17_points.haptic", lofelt + "ios/17_points.ahap"),
        (lofelt + "ios/long_clip.haptic", lofelt + "ios/long_clip.ahap"),
    ]

    static func ours(_ clip: String) throws -> (source: ConversionSource, ahap: HapticPattern) {
        let source = ConversionSource(bytes: try TestClips.corpus(clip))
        let bytes = FormatConverter().convert(source, to: .ahap, name: clip).bytes
        return (source, try HapticPattern(ahap: bytes, mode: .strict))
    }

    static func theirs(_ file: String) throws -> HapticPattern {
        try HapticPattern(ahap: try TestClips.corpus(file), mode: .lenient)
    }

    /// Transients: the same times, intensity √(emphasis amplitude) and sharpness (the
    /// emphasis frequency) — ours as played, after the intensity curve scales them.
    @Test(arguments: pairs)
    func sameTransients(clip: String, peer: String) throws {
        let (_, ahap) = try Self.ours(clip)
        var played = PatternOutline(pattern: ahap).transients
        let expected = try Self.theirs(peer).events.filter { $0.type == .hapticTransient }
        // Lofelt's exporter looks for emphasis from the second breakpoint on (its chunks skip
        // the first): an emphasis on the first breakpoint is lost there, kept here.
        let start = try HapticClip(bytes: try TestClips.corpus(clip)).amplitude[0].time
        if peer.hasPrefix(Self.lofelt), let first = played.first, first.time == start,
            !expected.contains(where: { abs($0.time - start) < 1e-6 })
        {
            #expect(clip.hasSuffix("valid_v1_multiple_emphasis.haptic"))
            played.removeFirst()
        }
        #expect(played.count == expected.count)
        for (ours, theirs) in zip(played, expected) {
            #expect(abs(ours.time - theirs.time) < 1e-6)
            #expect(abs(ours.intensity - theirs.parameters.value(.hapticIntensity)) < 1e-6)
            #expect(abs(ours.sharpness - theirs.parameters.value(.hapticSharpness)) < 1e-6)
        }
    }

    /// The continuous intensity at each of their intensity curve's points (read as absolute
    /// times, as both exporters mean them): √amplitude, which they lower by 20 % where a
    /// breakpoint has an emphasis (Meta: against phase cancellation on devices); ours plays
    /// the envelope as written. Points inside the first 20 ms (AHAP's shortest attack) and
    /// at an emphasis (where our curve is raised for an instant) are read just before.
    @Test(arguments: pairs)
    func sameEnvelopeValues(clip: String, peer: String) throws {
        let (source, ahap) = try Self.ours(clip)
        let played = PatternOutline(pattern: ahap)
        let clipData = try HapticClip(bytes: try TestClips.corpus(clip))
        let emphasized = Set(clipData.amplitude.filter { $0.emphasis != nil }.map(\.time))
        let start = try #require(clipData.amplitude.first?.time)
        var compared = 0
        for curve in try Self.theirs(peer).curves where curve.id == .hapticIntensityControl {
            for point in curve.points
            where point.time >= start + 0.021 && point.time < clipData.duration {
                let expected = emphasized.contains(point.time) ? point.value / 0.8 : point.value
                let t =
                    emphasized.contains(point.time)
                    ? point.time - 1 / PatternOutline.analysisRate : point.time
                #expect(abs(played.intensity(at: t) - expected) < 0.003, "\(clip) at \(point.time)")
                compared += 1
            }
        }
        #expect(compared > 0 || source.outline!.intensity.count <= 2)
    }

    /// Lofelt's chunking (16 points per curve) gives every chunk its first point's time and
    /// keeps absolute point times, so by AHAP's rule (point times relative to the curve) a
    /// later chunk plays late by its own start: its 17-point clip's last ramp lands at 30 s
    /// instead of 15 s. Ours starts each chunk where the one before ends, points relative.
    @Test func lofeltChunksPlayLate() throws {
        let theirs = try Self.theirs(Self.lofelt + "ios/17_points.ahap").curves.filter {
            $0.id == .hapticIntensityControl
        }
        #expect(theirs.count == 2 && theirs[1].time == 15 && theirs[1].points[0].time == 15)
        let (_, ours) = try Self.ours(Self.lofelt + "ios/17_points.haptic")
        let chunks = ours.curves.filter { $0.id == .hapticIntensityControl }
        #expect(
            chunks.count >= 2
                && chunks.allSatisfy { $0.points.count <= 16 && $0.points[0].time == 0 })
        for (a, b) in zip(chunks, chunks.dropFirst()) {
            // Each starts where the last ends.
            #expect(abs(a.time + a.points.last!.time - b.time) < 1e-9)
        }
        #expect(abs(chunks.last!.time + chunks.last!.points.last!.time - 16) < 0.03)
    }

    /// How each renders against the clip as its two players play it: ours matches; the
    /// peers' single AHAP, played by one player, lets the intensity curve scale the
    /// transients (their exporters split it into two AHAPs for that reason) and loses them.
    @Test(arguments: [
        (meta + "valid_v1.haptic", meta + "valid_v1.ahap"),
        (meta + "multiple_emphasis.haptic", meta + "multiple_emphasis.ahap"),
        (
            lofelt + "ios/valid_v1_multiple_emphasis.haptic",
            lofelt + "ios/valid_v1_multiple_transients.ahap"
        ),
    ])
    func rendersAgainstTheClip(clip: String, peer: String) throws {
        let (source, ahap) = try Self.ours(clip)
        let render = PlaybackRender()
        let reference = try render.acceleration(source.playback)
        let ours = EnvelopeComparison(
            original: reference, target: try render.acceleration([ahap]), sampleRate: 48_000)
        let theirs = EnvelopeComparison(
            original: reference, target: try render.acceleration([try Self.theirs(peer)]),
            sampleRate: 48_000)
        #expect(ours.correlation > 0.999)
        #expect(abs(ours.peakLevelErrorDB) < 1)
        #expect(theirs.correlation < ours.correlation - 0.01, "\(theirs.correlation)")
        #expect(
            theirs.peakLevelErrorDB < ours.peakLevelErrorDB - 0.5,
            "the crushed transients: \(theirs.peakLevelErrorDB) dB")
    }
}
