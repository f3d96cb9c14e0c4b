import Foundation
import HapticFormats
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// Android's envelope rule (AOSP `BasicToPwleSegmentAdapter`) inverted on the Pixel-class
/// profile, and the three tiers following the AHAP's rendered envelope (docs/formats.md,
/// "Android's envelope rule and its inverse").
@Suite struct AndroidEnvelopeRuleTests {
    /// Forward of inverse: the envelope intensity the export writes, played by Android's rule,
    /// drives as the square law asked wherever that drive is felt; and it is the rule's closed
    /// form, computed here from the actuator's physics and the threshold table: the drive's
    /// sensation level over the band's largest (1 at the actuator's limit). Below the
    /// threshold it is 0 (off).
    @Test func inverseOfAndroidsRule() throws {
        let device = AndroidDevice.pixel
        let lra = try #require(device.profile.lra)
        let android = DriveMapping(profile: device.profile, sharpness: .android)
        let (lo, hi) = (android.bandLowHz, android.bandHighHz)
        var felt = 0
        var off = 0
        for sharpness in stride(from: 0.0, through: 1.0, by: 0.05) {
            for intensity in stride(from: 0.05, through: 1.0, by: 0.05) {
                let x = device.envelopeIntensity(intensity: intensity, sharpness: sharpness)
                let hz = lo + sharpness * sharpness * (hi - lo)
                let drive =
                    intensity * intensity * lra.maxDriveVolts(atHz: hz, excursionMargin: 0.8)
                let level =
                    20 * log10(drive * lra.accelerationPerVolt(atHz: hz))
                    - PerceptualThreshold.thresholdDB(atHz: hz)
                guard level >= 0.01 else {
                    if level < -0.01 {
                        #expect(x == 0, "\(sharpness) \(intensity)")
                        off += 1
                    }
                    continue
                }
                felt += 1
                guard intensity < 0.999 else {
                    // The actuator's limit: 1, which Android plays at the limit too.
                    #expect(x == 1)
                    continue
                }
                #expect(
                    abs(x - level / android.maxSensationLevel) < 2e-3,
                    "\(sharpness) \(intensity): \(x) against \(level / android.maxSensationLevel)")
                let back = device.squareLawPoint(
                    envelopeIntensity: x, envelopeSharpness: sharpness * sharpness)
                #expect(
                    abs(back.intensity - intensity) < 1e-3 * max(1, intensity),
                    "\(sharpness) \(intensity): plays \(back.intensity)")
                #expect(abs(back.sharpness - sharpness) < 1e-9)
            }
        }
        #expect(felt > 200 && off > 20)
    }

    /// The tiers of `Examples/Patterns/Heartbeat.ahap` follow its rendered envelope and agree:
    /// its beds (intensity 0.4 at sharpness 0.1, below the threshold at 53 Hz) no longer
    /// vanish from the envelope tier (r 0.52 before) nor play 20 dB louder in the waveform
    /// tier (r 0.61 before).
    @Test func heartbeatTiersAgree() throws {
        let url = LossReportTests.examples.appendingPathComponent("Heartbeat.ahap")
        let source = ConversionSource(bytes: [UInt8](try Data(contentsOf: url)))
        let report = try FormatConverter().report(source, name: "Heartbeat.ahap")
        let tiers = report.targets.filter { $0.name.hasPrefix("android.") }
        #expect(tiers.count == 3)
        for t in tiers {
            #expect(t.comparison.correlation >= 0.85, "\(t.name): r \(t.comparison.correlation)")
            #expect(
                t.comparison.feltLevelErrorDB <= 4, "\(t.name): \(t.comparison.feltLevelErrorDB) dB"
            )
        }
        let r = tiers.map(\.comparison.correlation)
        #expect(r.max()! - r.min()! <= 0.05)
        // No continuous part of the envelope tier is an envelope left at 0.
        let (effect, _) = AndroidExport().effect(source.outline ?? PatternOutline())
        for case .envelope(let e) in effect.envelope.segments.map(\.content) {
            #expect(e.controlPoints.contains { $0.intensity > 0 })
        }
        // Its beds are waveforms of the envelope tier, which its JSON keeps.
        #expect(
            effect.envelope.segments.contains {
                if case .waveform = $0.content { true } else { false }
            })
        #expect(AndroidEffect(json: effect.json(source: "Heartbeat.ahap").utf8()) == effect)
        #expect(
            report.text.contains("felt level error dB")
                && tiers[2].notes.contains { $0.kind == .belowPerceptionThreshold })
    }

    /// Seven corpus AHAP files (every 20th, so the sweep stays a few seconds in a debug
    /// build): each tier's rendered envelope against the AHAP's, through the report. Before
    /// the inverse, the mean correlations over these were 0.575 (waveform), 0.854
    /// (composition) and 0.785 (envelope); now 0.642, 0.920 and 0.837.
    @Test(needsCorpus) func corpusTiersFollowTheAHAP() throws {
        let files = Corpus.patternFiles().filter { $0.hasSuffix(".ahap") }
        let sample = stride(from: 0, to: files.count, by: 20).map { files[$0] }
        var r: [String: [Double]] = [:]
        for file in sample {
            let source = ConversionSource(
                bytes: [UInt8](try Data(contentsOf: Corpus.url(file))), fileName: file)
            guard source.accepted else { continue }
            for t in try FormatConverter().report(source, name: file).targets
            where t.name.hasPrefix("android.") {
                r[t.name, default: []].append(t.comparison.correlation)
            }
        }
        let least = [
            "android.waveform": 0.62, "android.composition": 0.89, "android.envelope": 0.82,
        ]
        #expect(r.count == 3 && r.values.allSatisfy { $0.count == sample.count })
        for (tier, values) in r {
            let mean = values.reduce(0, +) / Double(values.count)
            #expect(mean >= least[tier] ?? 1, "\(tier): mean r \(mean) of \(values)")
        }
    }
}
