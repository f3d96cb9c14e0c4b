import HapticFormats
import HapticPattern
import Testing

@Suite struct HapticClipDecoderTests {
    @Test func readsEveryField() throws {
        let result = TestClips.decode(TestClips.valid, strict: true)
        #expect(result.accepted)
        #expect(result.diagnostics.isEmpty)
        let clip = try #require(result.clip)
        #expect(clip.version == .current)
        #expect(
            clip.metadata.editor == "tests" && clip.metadata.tags == ["a"]
                && clip.metadata.author == nil)
        #expect(clip.amplitude.map(\.time) == [0, 0.1, 0.3])
        #expect(clip.amplitude[1].emphasis == Emphasis(amplitude: 0.9, frequency: 0.7))
        #expect(
            clip.frequency == [
                FrequencyBreakpoint(time: 0, frequency: 0.4),
                FrequencyBreakpoint(time: 0.3, frequency: 0.9),
            ])
        #expect(clip.duration == 0.3)
    }

    @Test func encoderRoundTrips() throws {
        let clip = try #require(TestClips.decode(TestClips.valid).clip)
        let again = HapticClipDecoder(options: .init(mode: .strict)).decode(
            HapticClipEncoder().encode(clip))
        #expect(again.accepted && again.diagnostics.isEmpty)
        #expect(again.clip == clip)
        // No frequency envelope is written as [] (the spec's minimal form).
        var bare = clip
        bare.frequency = []
        #expect(
            String(decoding: HapticClipEncoder().encode(bare), as: UTF8.self).contains(
                "\"frequency\": []"))
    }

    /// Each rule of the spec: an error with its line and column in strict mode; lenient mode
    /// repairs what has one meaning (a warning) and rejects what has none.
    @Test(arguments: [
        // (replace, with, code, line, column, lenient accepts)
        (
            "{\"time\": 0.1, \"amplitude\": 0.5,", "{\"time\": 0.1, \"amplitude\": 1.5,",
            DiagnosticCode.hapticValueOutOfRange, 7, 34, true
        ),
        (
            "\"amplitude\": 0.9, \"frequency\": 0.7", "\"amplitude\": 0.3, \"frequency\": 0.7",
            .hapticEmphasisBelowEnvelope, 7, 65, true
        ),
        (
            "\"amplitude\": 0.9, \"frequency\": 0.7", "\"amplitude\": 0.9, \"frequency\": 1.7",
            .hapticValueOutOfRange, 7, 83, true
        ),
        (
            "{\"time\": 0.3, \"amplitude\": 0.0}", "{\"time\": 0.05, \"amplitude\": 0.0}",
            .hapticUnsortedBreakpoints, 8, 16, true
        ),
        (
            "{\"time\": 0.3, \"frequency\": 0.9}", "{\"time\": 0.4, \"frequency\": 0.9}",
            .hapticFrequencyOutsideEnvelope, 12, 16, true
        ),
        (
            "{\"time\": 0.0, \"amplitude\": 0.2},", "{\"time\": -0.1, \"amplitude\": 0.2},",
            .hapticNegativeTime, 6, 16, true
        ),
        (
            "{\"time\": 0.0, \"amplitude\": 0.2},", "{\"amplitude\": 0.2},", .hapticMissingKey, 6,
            7, true
        ),
        (
            "{\"time\": 0.0, \"amplitude\": 0.2},", "{\"time\": \"0\", \"amplitude\": 0.2},",
            .valueWrongType, 6, 16, true
        ),
    ])
    func specRules(
        old: String, new: String, code: DiagnosticCode, line: Int, column: Int, lenientAccepts: Bool
    ) throws {
        let text = TestClips.valid(replacing: old, with: new)
        let strict = TestClips.decode(text, strict: true)
        #expect(!strict.accepted)
        let error = try #require(strict.diagnostics.first { $0.severity == .error })
        #expect(error.code == code)
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.path.hasPrefix("signals.continuous.envelopes."))
        let lenient = TestClips.decode(text)
        #expect(lenient.accepted == lenientAccepts)
        #expect(lenient.codes(.warning).contains(code))
    }

    @Test func lenientRepairs() throws {
        let clamped = try #require(
            TestClips.decode(
                TestClips.valid(replacing: "\"amplitude\": 0.5,", with: "\"amplitude\": 1.5,")
            ).clip)
        #expect(clamped.amplitude[1].amplitude == 1)
        let raised = try #require(
            TestClips.decode(
                TestClips.valid(replacing: "\"amplitude\": 0.9,", with: "\"amplitude\": 0.3,")
            ).clip)
        #expect(raised.amplitude[1].emphasis?.amplitude == 0.5)
        let sorted = try #require(
            TestClips.decode(
                TestClips.valid(
                    replacing: "{\"time\": 0.3, \"amplitude\": 0.0}",
                    with: "{\"time\": 0.05, \"amplitude\": 0.0}")
            ).clip)
        #expect(sorted.amplitude.map(\.time) == [0, 0.05, 0.1])
    }

    /// What no mode can play: one error, no clip.
    @Test(arguments: [
        (
            "\"version\": {\"major\": 1, \"minor\": 0, \"patch\": 0},",
            "\"version\": {\"major\": 2, \"minor\": 0, \"patch\": 0},",
            DiagnosticCode.versionUnsupported
        ),
        ("\"signals\": {", "\"sssignals\": {", .hapticMissingKey),
    ])
    func brokenFiles(old: String, new: String, code: DiagnosticCode) {
        for strict in [false, true] {
            let result = TestClips.decode(
                TestClips.valid(replacing: old, with: new), strict: strict)
            #expect(result.clip == nil && !result.accepted)
            #expect(result.codes(.error) == [code])
        }
    }

    @Test func tooFewBreakpointsAndJSONErrors() {
        let one = TestClips.decode(
            """
            {"version": {"major": 1, "minor": 0, "patch": 0}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0, "amplitude": 0.5}]}}}}
            """)
        #expect(one.codes(.error) == [.hapticTooFewBreakpoints] && one.clip == nil)
        let syntax = TestClips.decode("{\"version\": ")
        #expect(syntax.codes(.error) == [.jsonSyntax] && syntax.diagnostics[0].line == 1)
        let array = TestClips.decode("[1]")
        #expect(array.codes(.error) == [.fileNotObject])
        let instant = TestClips.decode(
            """
            {"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [{"time": 0.2, "amplitude": 0.5}, {"time": 0.2, "amplitude": 0}]}}}}
            """, strict: true)
        #expect(instant.codes(.error) == [.hapticZeroDuration] && instant.clip == nil)
        // Minor and patch are read as 0.
        #expect(instant.codes(.note) == [.hapticMissingKey, .hapticMissingKey])
    }

    /// Unknown keys and a newer minor version are notes: the spec asks parsers to tolerate them.
    @Test func toleratesWhatTheSpecReserves() {
        let text = TestClips.valid(replacing: "\"minor\": 0", with: "\"minor\": 3")
            .replacingOccurrences(
                of: "\"metadata\": {", with: "\"extra\": 1, \"metadata\": {\"rating\": 5, ")
        let result = TestClips.decode(text, strict: true)
        #expect(result.accepted)
        #expect(Set(result.codes(.note)) == [.versionUnsupported, .keyUnknown])
        #expect(result.clip?.version == HapticClip.Version(major: 1, minor: 3, patch: 0))
    }

    /// A key given twice is the SDKs' strict validator's error; lenient mode uses the last
    /// one, as JSON parsers do, and says so where the second one is.
    @Test func aKeyGivenTwiceIsReportedWhereItRepeats() throws {
        let text = """
            {"version": {"major": 1, "major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": [
            {"time": 0, "amplitude": 0.2, "amplitude": 0.9}, {"time": 1, "amplitude": 0.5}]}}}}
            """
        let lenient = TestClips.decode(text)
        #expect(
            lenient.accepted && lenient.codes(.warning) == [.jsonDuplicateKey, .jsonDuplicateKey])
        #expect(lenient.clip?.amplitude.first?.amplitude == 0.9)
        let repeated = try #require(lenient.diagnostics.last { $0.code == .jsonDuplicateKey })
        #expect(repeated.path == "signals.continuous.envelopes.amplitude[0].amplitude")
        #expect(repeated.line == 2 && repeated.column == 31, "\(repeated)")
        #expect(repeated.message.contains("(first at 2:13)"), "\(repeated.message)")
        let strict = TestClips.decode(text, strict: true)
        #expect(strict.codes(.error) == [.jsonDuplicateKey, .jsonDuplicateKey] && !strict.accepted)
    }

    /// A version field must be written as an integer; the message shows what was written.
    @Test(arguments: [("1.0", "not 1.0"), ("-1", "not -1"), ("\"1\"", "not a string")])
    func aVersionThatIsNoWholeNumberSaysWhatItIs(major: String, found: String) {
        let result = TestClips.decode(
            TestClips.valid(replacing: "\"major\": 1", with: "\"major\": " + major))
        let error = result.diagnostics.first { $0.code == .valueWrongType }
        #expect(result.clip == nil && error?.path == "version.major")
        #expect(error?.message.hasSuffix(found + ".") == true, "\(error?.message ?? "")")
    }
}
