import HapticPattern
import HapticTestSupport
import Testing

/// Every Core Haptics rejection in strict mode: code, Core Haptics code, JSON path and
/// line:column of the offending key or value.
@Suite struct DecoderStrictTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var code: DiagnosticCode
        var coreHaptics: Int?
        var path: String
        /// Marker whose first character is the expected position.
        var marker: String
        var occurrence = 1
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "version 2.0", text: ahap(transient, version: "2.0"), code: .versionUnsupported,
            coreHaptics: -4809,
            path: "Version", marker: "2.0"),
        Case(
            name: "version 0.9", text: ahap(transient, version: "0.9"), code: .versionUnsupported,
            coreHaptics: -4809,
            path: "Version", marker: "0.9"),
        Case(
            name: "pattern not array", text: "{\"Version\": 1.0,\n \"Pattern\": {}}",
            code: .filePatternNotArray, coreHaptics: -4814,
            path: "Pattern", marker: "{}"),
        Case(
            name: "item not object", text: ahap(transient, "[1]"), code: .itemNotObject,
            coreHaptics: -4814,
            path: "Pattern[1]", marker: "[1]"),
        Case(
            name: "EventParameters not array",
            text: ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": {"x": 1}}}"#
            ),
            code: .valueWrongType, coreHaptics: -4814, path: "Pattern[0].Event.EventParameters",
            marker: #"{"x""#),
        Case(
            name: "Time is an object",
            text: ahap(#"{"Event": {"Time": {}, "EventType": "HapticTransient"}}"#),
            code: .valueWrongType, coreHaptics: -4814, path: "Pattern[0].Event.Time", marker: "{}"),
        Case(
            name: "unknown event parameter",
            text: ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "Loudness", "ParameterValue": 1}]}}"#
            ),
            code: .eventParameterUnknownID, coreHaptics: -4820,
            path: "Pattern[0].Event.EventParameters[0].ParameterID", marker: #""Loudness""#),
        Case(
            name: "audio parameter on haptic event",
            text: ahap(
                transient,
                #"{"Event": {"Time": 1, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 1}]}}"#
            ),
            code: .eventParameterNotApplicable, coreHaptics: -4820,
            path: "Pattern[1].Event.EventParameters[0].ParameterID", marker: #""AudioVolume""#),
        Case(
            name: "haptic parameter on audio event",
            text: ahap(
                #"{"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 1, "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 1}]}}"#
            ),
            code: .eventParameterNotApplicable, coreHaptics: -4820,
            path: "Pattern[0].Event.EventParameters[0].ParameterID", marker: #""HapticSharpness""#),
        Case(
            name: "HapticReleaseTime alias",
            text: ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1, "EventParameters": [{"ParameterID": "HapticReleaseTime", "ParameterValue": 0.2}]}}"#
            ),
            code: .eventParameterAlias, coreHaptics: -4820,
            path: "Pattern[0].Event.EventParameters[0].ParameterID", marker: #""HapticReleaseTime""#
        ),
        Case(
            name: "wrong-case event parameter",
            text: ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "hapticintensity", "ParameterValue": 0.2}]}}"#
            ),
            code: .eventParameterWrongCase, coreHaptics: -4820,
            path: "Pattern[0].Event.EventParameters[0].ParameterID", marker: #""hapticintensity""#),
        Case(
            name: "unknown dynamic parameter",
            text: ahap(
                transient,
                #"{"Parameter": {"ParameterID": "HapticIntensity", "Time": 0, "ParameterValue": 1}}"#
            ),
            code: .parameterUnknownID, coreHaptics: -4820, path: "Pattern[1].Parameter.ParameterID",
            marker: #""HapticIntensity", "Time""#),
        Case(
            name: "non-curvable curve",
            text: ahap(
                transient,
                #"{"ParameterCurve": {"ParameterID": "HapticAttackTimeControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.5}]}}"#
            ),
            code: .curveNotCurvable, coreHaptics: -4820,
            path: "Pattern[1].ParameterCurve.ParameterID", marker: #""HapticAttackTimeControl""#),
        Case(
            name: "unknown event type",
            text: ahap(#"{"Event": {"Time": 0, "EventType": "HapticTap"}}"#),
            code: .eventUnknownType, coreHaptics: -4821, path: "Pattern[0].Event.EventType",
            marker: #""HapticTap""#),
        Case(
            name: "wrong-case event type",
            text: ahap(#"{"Event": {"Time": 0, "EventType": "hapticTransient"}}"#),
            code: .eventTypeWrongCase, coreHaptics: -4821, path: "Pattern[0].Event.EventType",
            marker: #""hapticTransient""#),
        Case(
            name: "missing time",
            text: ahap(transient, #"{"Event": {"EventType": "HapticTransient"}}"#),
            code: .eventMissingTime, coreHaptics: -4822, path: "Pattern[1].Event",
            marker: #"{"EventType""#),
        Case(
            name: "negative time",
            text: ahap(#"{"Event": {"Time": -0.5, "EventType": "HapticTransient"}}"#),
            code: .eventNegativeTime, coreHaptics: -4822, path: "Pattern[0].Event.Time",
            marker: "-0.5"),
        Case(
            name: "negative legacy EventTime",
            text: ahap(#"{"Event": {"EventTime": -1, "EventType": "HapticTransient"}}"#),
            code: .eventNegativeTime, coreHaptics: -4822, path: "Pattern[0].Event.EventTime",
            marker: "-1"),
        Case(
            name: "negative duration",
            text: ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventDuration": -2}}"#),
            code: .eventNegativeDuration, coreHaptics: -4823,
            path: "Pattern[0].Event.EventDuration", marker: "-2"),
        Case(
            name: "sustained continuous without duration",
            text: ahap(#"{"Event": {"Time": 0, "EventType": "HapticContinuous"}}"#),
            code: .eventMissingDuration, coreHaptics: -4823, path: "Pattern[0].Event",
            marker: #"{"Time""#),
        Case(
            name: "sustained audio continuous with zero duration",
            text: ahap(
                #"{"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 0}}"#),
            code: .eventMissingDuration, coreHaptics: -4823, path: "Pattern[0].Event.EventDuration",
            marker: "0}"),
        Case(
            name: "Duration typo leaves duration 0",
            text: ahap(#"{"Event": {"Time": 0, "EventType": "HapticContinuous", "Duration": 1}}"#),
            code: .eventMissingDuration, coreHaptics: -4823, path: "Pattern[0].Event",
            marker: #"{"Time""#),
        Case(
            name: "missing event type", text: ahap(#"{"Event": {"Time": 0}}"#),
            code: .eventMissingType, coreHaptics: -4830, path: "Pattern[0].Event",
            marker: #"{"Time""#),
        Case(
            name: "AudioCustom without path",
            text: ahap(#"{"Event": {"Time": 0, "EventType": "AudioCustom"}}"#),
            code: .eventMissingWaveformPath, coreHaptics: -4830, path: "Pattern[0].Event",
            marker: #"{"Time""#),
        Case(
            name: "event parameter without ID",
            text: ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterValue": 1}]}}"#
            ),
            code: .eventParameterMissingID, coreHaptics: -4831,
            path: "Pattern[0].Event.EventParameters[0]", marker: #"{"ParameterValue""#),
        Case(
            name: "event parameter with Value instead of ParameterValue",
            text: ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "Value": 1}]}}"#
            ),
            code: .eventParameterMissingValue, coreHaptics: -4831,
            path: "Pattern[0].Event.EventParameters[0]", marker: #"{"ParameterID""#),
        Case(
            name: "parameter without ID",
            text: ahap(transient, #"{"Parameter": {"Time": 0, "ParameterValue": 1}}"#),
            code: .parameterMissingID, coreHaptics: -4831, path: "Pattern[1].Parameter",
            marker: #"{"Time": 0, "ParameterValue""#),
        Case(
            name: "parameter without time",
            text: ahap(
                transient,
                #"{"Parameter": {"ParameterID": "HapticIntensityControl", "ParameterValue": 1}}"#),
            code: .parameterMissingTime, coreHaptics: -4831, path: "Pattern[1].Parameter",
            marker: #"{"ParameterID": "HapticIntensityControl""#),
        Case(
            name: "curve without ID",
            text: ahap(
                transient, #"{"ParameterCurve": {"Time": 0, "ParameterCurveControlPoints": []}}"#),
            code: .curveMissingID, coreHaptics: -4831, path: "Pattern[1].ParameterCurve",
            marker: #"{"Time": 0, "ParameterCurveControlPoints""#),
        Case(
            name: "curve without time",
            text: ahap(
                transient,
                #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "ParameterCurveControlPoints": []}}"#
            ),
            code: .curveMissingTime, coreHaptics: -4831, path: "Pattern[1].ParameterCurve",
            marker: #"{"ParameterID": "HapticIntensityControl""#),
        Case(
            name: "trailing comma", text: ahap(transient + "  ,"), code: .jsonTrailingComma,
            coreHaptics: nil, path: "", marker: ",\n  ]"),
    ]

    @Test(arguments: cases)
    func strictRejects(_ c: Case) throws {
        let result = decode(c.text, .strict)
        #expect(!result.accepted)
        let matching = result.errors.filter { $0.code == c.code }
        let d = try #require(matching.first, "errors: \(result.errors)")
        #expect(d.coreHapticsCode == c.coreHaptics)
        #expect(d.path == c.path)
        let expected = try #require(location(of: c.marker, in: c.text, occurrence: c.occurrence))
        #expect(d.line == expected.line && d.column == expected.column, "\(d) expected \(expected)")
        #expect(!d.message.isEmpty)
    }

    @Test(arguments: [
        ("missing Pattern", "{\"Version\": 1.0}", DiagnosticCode.fileMissingPattern, -4814),
        ("empty Pattern", "{\"Pattern\": []}", .fileEmptyPattern, -4814),
        ("top level array", "[{\"Pattern\": []}]", .fileNotObject, -4814),
        ("bare number", "1", .fileNotObject, -4814),
        ("bare string", "\"Pattern\"", .fileNotObject, -4814),
    ])
    func brokenFilesFailWithOneError(name: String, text: String, code: DiagnosticCode, ch: Int) {
        for mode in AHAPDecoder.Mode.allCases {
            let result = decode(text, mode)
            #expect(result.pattern == nil, "\(name)")
            #expect(result.errors.count == 1, "\(name) \(mode): \(result.errors)")
            #expect(result.errors.first?.code == code)
            #expect(result.errors.first?.coreHapticsCode == ch)
        }
    }

    @Test func invalidJSONFailsInBothModesWithPosition() {
        let text =
            "{\n  \"Pattern\": [\n    {\"Event\": {\"Time\": 0 \"EventType\": \"HapticTransient\"}}\n  ]\n}"
        for mode in AHAPDecoder.Mode.allCases {
            let result = decode(text, mode)
            #expect(result.pattern == nil)
            #expect(result.errors.count == 1)
            #expect(result.errors.first?.code == .jsonSyntax)
            #expect(result.errors.first?.line == 3 && result.errors.first?.column == 26)
        }
    }

    @Test func silentlyAcceptedThingsAreNotErrorsInStrict() {
        let text = ahap(
            #"{"Event": {"Time": "0.5", "EventType": "HapticContinuous", "EventDuration": 40, "Extra": 1, "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 10}]}}"#,
            version: "1")
        let result = decode(text, .strict)
        #expect(result.accepted, "\(result.errors)")
        #expect(!result.with(.valueClamped).isEmpty)
        #expect(!result.with(.eventDurationCapped).isEmpty)
        #expect(!result.with(.valueNumericString).isEmpty)
        #expect(result.with(.keyUnknown).first?.severity == .note)
        #expect(result.pattern?.events.first?.duration == 30)
        #expect(result.pattern?.events.first?.parameters.hapticSharpness == 1)
    }

    @Test func convenienceInitializerThrowsWithDiagnostics() {
        #expect(throws: AHAPDecodingError.self) { try HapticPattern(ahap: Array("{}".utf8)) }
        do {
            _ = try HapticPattern(ahap: Array(ahap(transient + ",").utf8), mode: .strict)
            Issue.record("accepted")
        } catch {
            #expect(error.diagnostics.contains { $0.code == .jsonTrailingComma })
        }
        #expect(
            (try? HapticPattern(ahap: Array(ahap(transient + ",").utf8), mode: .lenient)) != nil)
    }
}
