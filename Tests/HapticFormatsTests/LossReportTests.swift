import Foundation
import HapticFormats
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// The report's figures are those of renders of the converted files: each target written,
/// read back as its player reads it, rendered and compared here independently.
@Suite struct LossReportTests {
    static var examples: URL { Corpus.packageRoot.appendingPathComponent("Examples/Patterns") }

    static func checkFigures(_ bytes: [UInt8], name: String) throws {
        let source = ConversionSource(bytes: bytes)
        #expect(source.accepted)
        let converter = FormatConverter()
        let report = try converter.report(source, name: name)
        let render = PlaybackRender()
        let original = try render.acceleration(source.playback)
        // The other pattern formats read back, in the registry's order, then the tiers.
        let formats = PatternFormats.writable.filter { $0.reader != nil && $0 != source.format }
        #expect(
            report.targets.map(\.name)
                == formats.map(\.name) + [
                    "android.waveform", "android.composition", "android.envelope",
                ])
        let formatLayers = formats.map {
            ConversionSource(bytes: converter.convert(source, to: $0, name: name).bytes).playback
        }
        let android = try #require(
            AndroidEffect(json: converter.convert(source, to: .android, name: name).bytes))
        let layers =
            formatLayers
            + AndroidTier.allCases.map { AndroidDevice.pixel.playback(android, tier: $0) }
        for (target, layers) in zip(report.targets, layers) {
            let c = EnvelopeComparison(
                original: original, target: try render.acceleration(layers), sampleRate: 48_000,
                feltFloor: AndroidDevice.pixel.feltFloor)
            #expect(c == target.comparison, "\(name) \(target.name)")
            #expect(c.correlation > 0.3 && c.correlation <= 1)
        }
        // The JSON carries the same figures.
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json.text().utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        // (Foundation's JSON reader may round the last bit.)
        #expect(
            abs(
                (targets[0]["correlation"] as? Double ?? 0)
                    - report.targets[0].comparison.correlation) < 1e-12)
        #expect(report.text.contains("android.envelope"))
    }

    @Test func heartbeatAHAP() throws {
        try Self.checkFigures(
            [UInt8](try Data(contentsOf: Self.examples.appendingPathComponent("Heartbeat.ahap"))),
            name: "Heartbeat.ahap")
    }

    @Test func clip() throws {
        try Self.checkFigures(Array(TestClips.valid.utf8), name: "valid.haptic")
    }

    @Test(needsCorpus) func designerClip() throws {
        try Self.checkFigures(
            try TestClips.corpus("designer/NVHeartbeats.haptic"), name: "NVHeartbeats.haptic")
    }

    /// The metrics on known signals: a copy is perfect, a delayed copy is found late, a
    /// quieter copy is that many dB down.
    @Test func metrics() {
        let rate = 48_000.0
        let burst: [Float] = (0..<48_000).map { i in
            i >= 9_600 && i < 14_400 ? Float(sin(Double(i) * 0.02)) : 0
        }
        let same = EnvelopeComparison(original: burst, target: burst, sampleRate: rate)
        #expect(
            same.correlation == 1 && same.peakLevelErrorDB == 0 && same.maxOnsetErrorMs == 0
                && same.onsets == 1)
        let late = EnvelopeComparison(
            original: burst, target: [Float](repeating: 0, count: 480) + burst, sampleRate: rate)
        #expect(late.meanOnsetErrorMs == 10 && late.missedOnsets == 0)
        let quiet = EnvelopeComparison(
            original: burst, target: burst.map { $0 * 0.5 }, sampleRate: rate)
        #expect(abs(quiet.peakLevelErrorDB + 6.0206) < 1e-3 && abs(quiet.correlation - 1) < 1e-12)
    }
}
