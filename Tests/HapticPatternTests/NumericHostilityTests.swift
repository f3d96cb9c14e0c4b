import HapticPattern
import HapticTestSupport
import Testing

/// Hostile numbers and encodings not covered by the parser's own tests: each gives a clear
/// diagnostic (code, position) and never a crash, a hang or a non-finite value in the model.
@Suite struct NumericHostilityTests {
    @Test(arguments: [
        "1e999999999999999999999", "-1e400", "123456789e400",
        "1" + String(repeating: "0", count: 400),
    ])
    func hugeExponentsAndLongNumbersOverflowWithAPosition(literal: String) throws {
        let text = ahap(#"{"Event": {"Time": \#(literal), "EventType": "HapticTransient"}}"#)
        let r = decode(text)
        #expect(r.pattern == nil)
        let error = try #require(r.errors.first)
        #expect(error.code == .jsonNumberOverflow)
        let at = try #require(location(of: literal, in: text))
        #expect(error.line == at.line && error.column == at.column)
    }

    @Test func tinyNumbersUnderflowToZero() throws {
        let r = decode(ahap(#"{"Event": {"Time": 1e-999999999, "EventType": "HapticTransient"}}"#))
        #expect(r.accepted)
        #expect(try #require(r.pattern).events.first?.time == 0)
    }

    @Test(arguments: ["NaN", "nan", "inf", "-inf", "Infinity", "1e309", "-1e309", "0x10", "1,5"])
    func nonFiniteOrForeignNumericStringsAreReadAsZeroWithAWarning(text value: String) throws {
        let text = ahap(#"{"Event": {"Time": "\#(value)", "EventType": "HapticTransient"}}"#)
        let r = decode(text)
        #expect(r.accepted)
        let event = try #require(r.pattern?.events.first)
        #expect(event.time == 0)
        let warning = try #require(r.with(.valueNonNumericString).first)
        #expect(warning.severity == .warning)
        #expect(warning.path == "Pattern[0].Event.Time")
        #expect(warning.message.contains("reads it as 0"))
        // Strict mode: Core Haptics accepts the string too, so it stays a warning.
        #expect(decode(text, .strict).accepted)
    }

    @Test func numericStringsOutOfDoubleRangeSayWhy() throws {
        let r = decode(ahap(#"{"Event": {"Time": "1e309", "EventType": "HapticTransient"}}"#))
        let warning = try #require(r.with(.valueNonNumericString).first)
        #expect(warning.message.contains("too large"))
    }

    @Test func negativeZeroTimeIsAccepted() throws {
        let r = decode(ahap(#"{"Event": {"Time": -0.0, "EventType": "HapticTransient"}}"#), .strict)
        #expect(r.accepted)
    }

    @Test(arguments: AHAPDecoder.Mode.allCases)
    func negativeTimesOfEveryItemKindAreReported(mode: AHAPDecoder.Mode) {
        let r = decode(
            ahap(
                transient,
                #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": -1, "ParameterValue": 0.5}}"#,
                #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": -2, "ParameterCurveControlPoints": [{"Time": -0.5, "ParameterValue": 0.5}]}}"#,
                #"{"Event": {"Time": -1e300, "EventType": "HapticTransient"}}"#,
                #"{"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": -1e300}}"#),
            mode)
        #expect(
            r.with(.parameterNegativeTime).map(\.path)
                == [
                    "Pattern[1].Parameter.Time", "Pattern[2].ParameterCurve.Time",
                    "Pattern[2].ParameterCurve.ParameterCurveControlPoints[0].Time",
                ])
        #expect(r.with(.eventNegativeTime).map(\.path) == ["Pattern[3].Event.Time"])
        #expect(r.with(.eventNegativeDuration).map(\.path) == ["Pattern[4].Event.EventDuration"])
        #expect(r.pattern?.events.count == 1)
        #expect(r.accepted == (mode == .lenient))
    }

    @Test func hundredThousandLevelsInsideTheFileAreAnErrorNotAStackOverflow() throws {
        let text =
            #"{"Pattern": [{"Event": {"Metadata": "# + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}}]}"
        let r = decode(text)
        #expect(r.pattern == nil)
        let error = try #require(r.errors.first)
        #expect(error.code == .jsonTooDeep)
        #expect(error.line == 1)
        // The error points at the first bracket past the limit.
        #expect(error.column == 37 + JSONParser.maximumDepth - 4)
    }

    @Test func deepButLegalMetadataRoundTrips() throws {
        let depth = JSONParser.maximumDepth - 2
        let text =
            #"{"Metadata": {"x": "# + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth)
            + "}, " + #""Pattern": [\#(transient)]}"#
        let r = decode(text)
        #expect(r.accepted)
        let encoded = AHAPEncoder().encode(try #require(r.pattern))
        #expect(AHAPDecoder().decode(encoded).pattern == r.pattern)
    }

    @Test func invalidUTF8InAKeyOrValueIsAnErrorWithAPosition() throws {
        for bad: [UInt8] in [
            [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF],
        ] {
            let bytes =
                Array(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", ""#.utf8)
                + bad + Array(#"": 1}}]}"#.utf8)
            let r = AHAPDecoder().decode(bytes)
            #expect(r.pattern == nil)
            let error = try #require(r.errors.first)
            #expect(error.code == .jsonInvalidUTF8)
            #expect(error.line == 1 && error.column != nil)
        }
    }

    @Test func aByteOrderMarkIsANoteAndPositionsIgnoreIt() throws {
        let text =
            "\u{FEFF}"
            + ahap(#"{"Event": {"Time": -1, "EventType": "HapticTransient"}}"#, transient)
        let r = decode(text)
        #expect(r.accepted)
        #expect(r.with(.jsonByteOrderMark).first?.severity == .note)
        let negative = try #require(r.with(.eventNegativeTime).first)
        let at = try #require(location(of: "-1", in: String(text.dropFirst())))
        #expect(negative.line == at.line && negative.column == at.column)
        // A BOM in the middle is not skipped: it is an unexpected byte.
        let middle = decode("{\"Pattern\": \u{FEFF}[]}")
        #expect(middle.errors.first?.code == .jsonInvalidUTF8)
    }

    @Test(arguments: AHAPDecoder.Mode.allCases)
    func duplicateKeysEverywhereLastWins(mode: AHAPDecoder.Mode) throws {
        let text =
            #"{"Pattern": [], "Pattern": [{"Event": {"Time": 5, "Time": 1, "EventType": "HapticContinuous", "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.1, "ParameterValue": 0.9}]}}]}"#
        let r = decode(text, mode)
        let event = try #require(r.pattern?.events.first)
        #expect(event.time == 1 && event.type == .hapticTransient)
        #expect(event.parameters[.hapticIntensity] == 0.9)
        #expect(
            r.with(.jsonDuplicateKey).map(\.path)
                == [
                    "Pattern", "Pattern[0].Event.Time", "Pattern[0].Event.EventType",
                    "Pattern[0].Event.EventParameters[0].ParameterValue",
                ])
    }
}
