import HapticFormats
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// AHAP → .haptic → AHAP and .haptic → AHAP → .haptic keep the rendered envelope
/// (docs/formats.md, "Round trips", gives the corpus figures).
@Suite(needsCorpus) struct RoundTripTests {
    /// Correlation of the original's render with the render after going there and back.
    /// Through `via` (by default the other of AHAP and `.haptic`) and back to the input's
    /// format.
    static func roundTrip(_ file: String, via: PatternFormat? = nil) throws -> Double {
        let converter = FormatConverter()
        let source = ConversionSource(bytes: try TestClips.corpus(file))
        let there: PatternFormat = via ?? (source.format == .ahap ? .haptic : .ahap)
        let back: PatternFormat = via == nil ? (there == .haptic ? .ahap : .haptic) : source.format
        let middle = ConversionSource(bytes: converter.convert(source, to: there, name: file).bytes)
        #expect(middle.accepted)
        let final = ConversionSource(bytes: converter.convert(middle, to: back, name: file).bytes)
        #expect(final.accepted && final.format == source.format)
        let render = PlaybackRender()
        return EnvelopeComparison(
            original: try render.acceleration(source.playback),
            target: try render.acceleration(final.playback), sampleRate: 48_000
        ).correlation
    }

    @Test(arguments: [
        "designer/NVCarillon.haptic", "designer/NVDice.haptic", "designer/NVDrumsLoop.haptic",
        "designer/NVGameOver.haptic",
        "designer/NVHeartbeats.haptic", "designer/NVLaser.haptic", "designer/NVPowerOff.haptic",
        "designer/NVReload.haptic",
        "designer/NVTeleport.haptic",
        "facebook__meta-haptics-sdk/core/haptic_data/test_files/valid_v1.haptic",
        "facebook__meta-haptics-sdk/core/haptic_data/test_files/multiple_emphasis.haptic",
    ])
    func clipThroughAHAP(file: String) throws {
        #expect(try Self.roundTrip(file) >= 0.999)
    }

    @Test(arguments: [
        "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Heartbeats.ahap",
        "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Inflate.ahap",
        "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Close.ahap",
        "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Jump.ahap",
        "apple__unityplugins/plug-ins/Apple.CoreHaptics/Apple.CoreHaptics_Unity/Assets/Apple.CoreHaptics/Demos/SampleAHAPs/Effects/Recharge.ahap",
        "HapticlabsIO__react-native-hapticlabs/example/ios/AHAP/Spring.ahap",
    ])
    func ahapThroughClip(file: String) throws {
        #expect(try Self.roundTrip(file) >= 0.999)
    }

    /// AHAP → `.hjif` → AHAP and `.haptic` → `.hjif` → `.haptic` on a spread of the corpus
    /// (every tenth accepted AHAP file and every eighth clip of at most 3 s, in name order,
    /// so that the sweep stays short): the median correlation ≥ 0.95 each way
    /// (docs/formats.md, "Round trips", has the whole corpus).
    @Test func throughHJIF() throws {
        for (files, step) in [(Corpus.patternFiles(), 10), (Corpus.clipFiles(), 8)] {
            let short = try files.filter {
                let source = ConversionSource(bytes: try TestClips.corpus($0))
                return source.accepted && (source.outline?.duration ?? .infinity) <= 3
            }
            let spread = stride(from: 0, to: short.count, by: step).map { short[$0] }
            #expect(spread.count >= 5)
            let r = try spread.map { try Self.roundTrip($0, via: .hjif) }
            #expect(r.sorted()[r.count / 2] >= 0.95, "\(zip(spread, r).map { "\($0): \($1)" })")
        }
    }

    /// Every accepted corpus input converts to every target, each readable by its reader.
    @Test func everyInputToEveryTarget() throws {
        let converter = FormatConverter()
        var converted = 0
        for file in Corpus.patternFiles() + Corpus.clipFiles() {
            let source = ConversionSource(bytes: try TestClips.corpus(file))
            guard source.accepted else { continue }
            for target in PatternFormats.writable {
                let bytes = converter.convert(source, to: target, name: file).bytes
                if target.reader != nil {
                    // Read back by its own reader, strictly (Core Haptics, the SDK's validator).
                    #expect(
                        target.decode(bytes, options: .init(mode: .strict)).accepted,
                        "\(file) → \(target)")
                } else if target == .android {
                    #expect(AndroidEffect(json: bytes) != nil, "\(file)")
                } else if target == .kotlin {
                    #expect(String(decoding: bytes, as: UTF8.self).contains("fun play("), "\(file)")
                } else {
                    Issue.record("\(target) is written but this test does not check it")
                }
            }
            converted += 1
        }
        #expect(converted >= 200)
    }
}
