import HapticFormats
import HapticPattern
import HapticTestSupport
import Testing

/// The registry of pattern formats (`PatternFormats`): detection by content then extension,
/// decoding, the names and extensions every command reads from it, and the one refusal text.
@Suite struct PatternFormatRegistryTests {
    /// Told apart by the top level's keys, whatever the values hold; bytes no format claims
    /// go by the file's extension, else to AHAP (whose decoder reports the problem).
    @Test(
        arguments: [
            (TestClips.valid, nil, PatternFormat.haptic),
            ("\u{FEFF}" + TestClips.valid, nil, .haptic),
            (#"{"version": {"major": 1}, "metadata": {}}"#, nil, .haptic),
            (
                #"{"Version": 1, "Pattern": [{"Event": {"EventType": "HapticTransient", "Time": 0}}]}"#,
                nil, .ahap
            ),
            (#"{"Metadata": {"signals": "x", "s": "a\"b}"}, "Pattern": []}"#, nil, .ahap),
            (#"{"version": 1, "pattern": [], "signals": {}}"#, nil, .ahap),
            (#"{"version": 1.0}"#, nil, .ahap),
            ("[1, 2]", nil, .ahap),
            (#"{"signals": "#, nil, .ahap),
            ("", nil, .ahap),
            // The content wins over the name…
            (TestClips.valid, "clip.ahap", .haptic),
            (#"{"Pattern": []}"#, "pattern.haptic", .ahap),
            // …and the name decides what the content does not.
            ("", "clip.haptic", .haptic),
            (#"{"signals": "#, "dir/clip.HAPTIC", .haptic),
            (#"{"version": 1.0}"#, "clip.haptic", .haptic),
            ("[1, 2]", "x.json", .ahap),
            ("[1, 2]", "x.haptic/inner", .ahap),
            // An .hjif file: a `perceptions` array at the top level, or its extension.
            (#"{"version": "2023", "perceptions": []}"#, nil, .hjif),
            (#"{"perceptions": [], "timescale": 1000}"#, "x.ahap", .hjif),
            (#"{"perceptions": {}}"#, nil, .ahap),
            (#"{"Pattern": [], "perceptions": []}"#, nil, .ahap),
            ("[1, 2]", "Tap.HJIF", .hjif),
        ] as [(String, String?, PatternFormat)])
    func detect(text: String, fileName: String?, format: PatternFormat) {
        #expect(PatternFormats.detect(Array(text.utf8), fileName: fileName) == format)
    }

    /// Every corpus file is read as the format its name says: `.ahap` and `.json` as AHAP,
    /// `.haptic` (valid or not) as a clip, whose findings are the clip decoder's.
    @Test(needsCorpus) func everyCorpusFileKind() throws {
        let files = Corpus.patternFiles() + Corpus.clipFiles()
        #expect(files.count > 200)
        for file in files {
            let expected: PatternFormat = file.hasSuffix(".haptic") ? .haptic : .ahap
            let bytes = try TestClips.corpus(file)
            let decoded = PatternFormats.decode(bytes, fileName: file)
            #expect(decoded.format == expected, "\(file)")
            #expect(
                PatternFormats.format(forFileName: file)
                    == (file.hasSuffix(".json") ? nil : expected))
            // The findings are the format's own decoder's.
            let own =
                expected == .haptic
                ? HapticClipDecoder().decode(bytes).diagnostics
                : AHAPDecoder().decode(bytes).diagnostics
            #expect(decoded.result.diagnostics.map(\.code) == own.map(\.code), "\(file)")
        }
    }

    @Test func theTable() {
        let names = PatternFormats.all.map(\.name)
        #expect(names == ["ahap", "haptic", "hjif", "android", "kotlin"])
        #expect(Set(names).count == names.count)
        #expect(PatternFormats.readable.map(\.name) == ["ahap", "haptic", "hjif"])
        #expect(PatternFormats.writable.map(\.name) == names)
        let extensions = PatternFormats.readable.flatMap(\.extensions)
        #expect(Set(extensions).count == extensions.count, "an extension names one format")
        #expect(extensions.allSatisfy { $0 == $0.lowercased() && !$0.hasPrefix(".") })
        #expect(
            PatternFormats.writable.map { $0.writer!.fileExtension } == [
                "ahap", "haptic", "hjif", "json", "kt",
            ])
        // A written pattern format is read back by its own extension.
        for format in PatternFormats.writable where format.reader != nil {
            #expect(format.extensions.first == format.writer?.fileExtension)
        }
        #expect(PatternFormats.readable.filter(\.keepsExtensionInOutputNames) == [.haptic, .hjif])
        for format in PatternFormats.all { #expect(PatternFormats.named(format.name) == format) }
        #expect(PatternFormats.named("AHAP") == nil && PatternFormats.named("mp3") == nil)
    }

    @Test(arguments: [
        ("Tap.ahap", PatternFormat.ahap), ("a/b/Tap.HAPTIC", .haptic), ("x.haptic", .haptic),
        ("a/Tap.hjif", .hjif),
    ])
    func formatsByFileName(name: String, format: PatternFormat) {
        #expect(PatternFormats.format(forFileName: name) == format)
    }

    @Test func namesWithoutAPatternExtension() {
        for name in ["Tap.json", "Tap", ".haptic", "dir.haptic/x", "Tap.kt", "Tap.wav", ""] {
            #expect(PatternFormats.format(forFileName: name) == nil, "\(name)")
        }
    }

    /// What every command, the C API and Python say, in one place.
    @Test func theTextsComeFromTheTable() {
        #expect(PatternFormats.readableNames == "AHAP, .haptic or .hjif")
        #expect(
            PatternFormats.searchedFiles
                == #".ahap, .haptic and .hjif files and .json files with a "Pattern" key"#)
        #expect(PatternFormats.targetNames == "ahap, haptic, hjif, android or kotlin")
        #expect(
            PatternFormats.targetSummaries
                == "ahap, haptic, hjif (MPEG-I haptics, ISO/IEC 23090-31), android (JSON with the three API tiers) or kotlin"
        )
        #expect(
            PatternFormats.unknownTarget("mp3")
                == #"unknown target "mp3"; use ahap, haptic, hjif, android or kotlin"#)
        #expect(
            PatternFormat.ahap.rejection(strict: true, errors: 2)
                == "the AHAP file was rejected (strict mode, 2 errors)")
        #expect(
            PatternFormat.haptic.rejection(strict: false, errors: 1)
                == "the .haptic clip was rejected (lenient mode, 1 error)")
    }

    /// Core Haptics' rule on AHAP file names (-4809) is the AHAP reader's; a clip has none.
    @Test func fileNameRules() throws {
        let check = try #require(PatternFormat.ahap.reader?.checkExtension)
        #expect(check("ahap", .init()) == nil && check("json", .init()) == nil)
        let strict = try #require(check("txt", .init(mode: .strict)))
        #expect(strict.severity == .error && strict.coreHapticsCode == -4809)
        #expect(check("txt", .init())?.severity == .note)
        #expect(PatternFormat.haptic.reader?.checkExtension == nil)
    }

    /// The decode every loader and conversion shares: the pattern model, the format's own
    /// outline, and how the original plays.
    @Test func decodes() throws {
        let clip = PatternFormats.decode(Array(TestClips.valid.utf8))
        #expect(clip.format == .haptic && clip.accepted && clip.outline != nil)
        #expect(clip.playback.count == 2, "a clip plays on its two players")
        let ahap = PatternFormats.decode(
            Array(#"{"Pattern": [{"Event": {"EventType": "HapticTransient", "Time": 0}}]}"#.utf8))
        #expect(ahap.format == .ahap && ahap.accepted && ahap.outline == nil)
        #expect(ahap.playback == [try #require(ahap.result.pattern)])
        let hjif = PatternFormats.decode(Array(HJIFDecoderTests.valid.utf8))
        #expect(hjif.format == .hjif && hjif.accepted && hjif.outline?.transients.count == 2)
        #expect(hjif.playback == [try #require(hjif.result.pattern)], "it plays as its AHAP form")
        let rejected = PatternFormats.decode(Array("{}".utf8), fileName: "x.haptic")
        #expect(rejected.format == .haptic && !rejected.accepted && rejected.playback.isEmpty)
        #expect(rejected.result.errors.contains { $0.code == .hapticMissingKey })
    }
}
