import HapticPattern
import HapticTestSupport
import Testing

/// Every lenient acceptance: the file is accepted, the value is what it clearly meant,
/// and a diagnostic says what was accepted.
@Suite struct DecoderLenientTests {
    @Test func trailingCommaIsAWarningWithPosition() throws {
        let text = ahap(transient + "  ,")
        let result = decode(text)
        #expect(result.accepted)
        let d = try #require(result.with(.jsonTrailingComma).first)
        #expect(d.severity == .warning)
        let expected = try #require(location(of: ",\n  ]", in: text))
        #expect(d.line == expected.line && d.column == expected.column)
    }

    @Test func versionForms() throws {
        let integer = decode(ahap(transient, version: "1"))
        #expect(integer.accepted && integer.pattern?.version == 1)
        #expect(integer.with(.versionInteger).first?.severity == .note)

        let missing = decode("{\"Pattern\": [\(transient)]}")
        #expect(missing.accepted && missing.pattern?.version == 1)
        #expect(missing.with(.versionMissing).first?.severity == .note)

        let string = decode(ahap(transient, version: "\"1.1\""))
        // Core Haptics ignores a string version
        #expect(string.accepted && string.pattern?.version == 1.0)
        #expect(string.with(.versionNotNumber).first?.severity == .warning)

        let future = decode(ahap(transient, version: "2.0"))
        #expect(future.accepted)
        #expect(future.with(.versionUnsupported).first?.severity == .warning)
    }

    @Test func legacyTimeKeys() throws {
        let text = ahap(
            #"{"Event": {"EventTime": 0.25, "EventType": "HapticTransient"}}"#,
            #"{"Parameter": {"ParameterID": "HapticIntensityControl", "ParameterTime": 0.5, "ParameterValue": 0.5}}"#
        )
        for mode in AHAPDecoder.Mode.allCases {
            let result = decode(text, mode)
            #expect(result.accepted)
            #expect(result.pattern?.events.first?.time == 0.25)
            #expect(result.pattern?.parameters.first?.time == 0.5)
            #expect(result.with(.keyLegacyAlias).count == 2)
        }
    }

    @Test func numericStrings() {
        let result = decode(
            ahap(
                #"{"Event": {"Time": "0.5", "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": " 0.25"}]}}"#
            ))
        #expect(result.accepted)
        #expect(result.pattern?.events.first?.time == 0.5)
        #expect(result.pattern?.events.first?.parameters.hapticIntensity == 0.25)
        #expect(result.with(.valueNumericString).count == 2)
    }

    @Test func wrongCaseNames() throws {
        let text = ahap(
            #"{"Event": {"Time": 0, "EventType": "hapticTransient", "EventParameters": [{"ParameterID": "hapticintensity", "ParameterValue": 0.3}]}}"#,
            #"{"parameter": {"ParameterID": "hapticIntensityControl", "Time": 0, "ParameterValue": 0.5}}"#
        )
        let result = decode(text)
        #expect(result.accepted)
        let event = try #require(result.pattern?.events.first)
        #expect(event.type == .hapticTransient)
        #expect(event.parameters.hapticIntensity == 0.3)
        #expect(result.pattern?.parameters.first?.id == .hapticIntensityControl)
        #expect(result.with(.eventTypeWrongCase).first?.severity == .warning)
        #expect(result.with(.eventParameterWrongCase).first?.severity == .warning)
        #expect(result.with(.parameterWrongCase).first?.severity == .warning)
        #expect(result.with(.keyWrongCase).first?.severity == .warning)
        // Strict: Core Haptics ignores the wrong-case key and rejects the names.
        let strict = decode(text, .strict)
        #expect(!strict.accepted)
        #expect(strict.with(.keyWrongCase).first?.severity == .warning)
        #expect(strict.with(.eventTypeWrongCase).first?.severity == .error)
    }

    @Test func outOfRangeValuesAreClamped() throws {
        let result = decode(
            ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticSharpness", "ParameterValue": 10}, {"ParameterID": "HapticIntensity", "ParameterValue": -1}]}}"#,
                #"{"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": -3}]}}"#
            ))
        #expect(result.accepted)
        #expect(result.pattern?.events.first?.parameters.hapticSharpness == 1)
        #expect(result.pattern?.events.first?.parameters.hapticIntensity == 0)
        #expect(result.pattern?.curves.first?.points.first?.value == -1)
        #expect(result.with(.valueClamped).count == 3)
        #expect(result.with(.valueClamped).allSatisfy { $0.severity == .warning })
    }

    @Test func moreThanSixteenCurvePointsWarn() {
        let points = (0..<17).map { #"{"Time": \#(Double($0) / 10), "ParameterValue": 0.5}"# }
            .joined(separator: ", ")
        let result = decode(
            ahap(
                transient,
                #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [\#(points)]}}"#
            ))
        #expect(result.accepted)
        #expect(result.pattern?.curves.first?.points.count == 17)
        #expect(
            result.with(.curveTooManyPoints).first?.path
                == "Pattern[1].ParameterCurve.ParameterCurveControlPoints")
    }

    @Test func unsortedItemsAreSortedWithANote() throws {
        let result = decode(
            ahap(
                #"{"Event": {"Time": 2, "EventType": "HapticTransient"}}"#,
                #"{"Event": {"Time": 1, "EventType": "HapticTransient"}}"#,
                #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0.5, "ParameterValue": 1}, {"Time": 0.1, "ParameterValue": 0}]}}"#
            ))
        #expect(result.accepted)
        #expect(result.pattern?.events.map(\.time) == [1, 2])
        #expect(result.pattern?.curves.first?.points.map(\.time) == [0.1, 0.5])
        #expect(result.with(.patternUnsorted).first?.severity == .note)
        #expect(result.with(.curveUnsortedPoints).first?.severity == .note)
    }

    @Test func longContinuousEventsAreCappedAt30Seconds() {
        let result = decode(
            ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 45}}"#,
                #"{"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 45}}"#))
        #expect(result.accepted)
        #expect(result.pattern?.events.map(\.duration) == [30, 45])  // no cap on audio
        #expect(result.with(.eventDurationCapped).count == 1)
    }

    @Test func typoKeysNameTheRightKey() throws {
        let text = ahap(
            #"{"Event": {"Time": 0, "EventType": "HapticTransient", "Duration": 0.5, "EventParameters": [{"ParameterID": "HapticIntensity", "Value": 0.5}]}}"#,
            #"{"ParameterCurves": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": []}}"#
        )
        let result = decode(text)
        #expect(result.accepted)
        let typos = result.with(.keyTypo)
        #expect(typos.count == 3)
        #expect(typos[0].message.contains("`EventDuration`"))
        #expect(typos[0].path == "Pattern[0].Event.Duration")
        let duration = try #require(location(of: "\"Duration\"", in: text))
        #expect(typos[0].line == duration.line && typos[0].column == duration.column)
        #expect(typos[1].message.contains("`ParameterValue`"))
        #expect(typos[2].message.contains("`ParameterCurve`"))
        // The typo keys are ignored, as on a device.
        #expect(result.pattern?.events.first?.duration == nil)
        #expect(result.pattern?.events.first?.parameters.hapticIntensity == nil)
        #expect(result.pattern?.curves.isEmpty == true)
    }

    @Test func envelopeAliasesMapToStandardIDs() throws {
        let result = decode(
            ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1, "EventParameters": [{"ParameterID": "HapticAttackTime", "ParameterValue": 0.1}, {"ParameterID": "HapticDecayTime", "ParameterValue": 0.2}, {"ParameterID": "HapticReleaseTime", "ParameterValue": 0.3}]}}"#
            ))
        #expect(result.accepted)
        let p = try #require(result.pattern?.events.first?.parameters)
        #expect(p.attackTime == 0.1 && p.decayTime == 0.2 && p.releaseTime == 0.3)
        #expect(result.with(.eventParameterAlias).count == 3)
    }

    @Test func parametersOfTheOtherFamilyAreIgnored() {
        let result = decode(
            ahap(
                #"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.1}, {"ParameterID": "HapticIntensity", "ParameterValue": 0.4}]}}"#
            ))
        #expect(result.accepted)
        #expect(result.pattern?.events.first?.parameters.audioVolume == nil)
        #expect(result.pattern?.events.first?.parameters.hapticIntensity == 0.4)
        #expect(result.with(.eventParameterNotApplicable).first?.severity == .warning)
    }

    @Test func brokenItemsAreSkippedSoTheRestRenders() {
        let result = decode(
            ahap(
                transient,
                #"{"Event": {"Time": 1}}"#,
                #"{"Event": {"Time": -1, "EventType": "HapticTransient"}}"#,
                #"{"Event": {"Time": 1, "EventType": "HapticContinuous"}}"#,
                #"{"Event": {"Time": 1, "EventType": "Buzz"}}"#,
                #"{"Parameter": {"ParameterID": "HapticIntensityControl", "ParameterValue": 1}}"#,
                #"{"ParameterCurve": {"Time": 0, "ParameterCurveControlPoints": []}}"#,
                "42"))
        #expect(result.accepted)
        #expect(result.pattern?.events.count == 1)
        #expect(result.pattern?.parameters.isEmpty == true)
        #expect(result.pattern?.curves.isEmpty == true)
        let skipped = result.diagnostics.filter {
            $0.severity == .warning && $0.message.contains("skipped")
        }
        #expect(skipped.count == 7)
        #expect(!result.hasErrors)
    }

    @Test func everythingBrokenIsAnEmptyPatternError() {
        let result = decode(ahap(#"{"Event": {"Time": 1}}"#))
        #expect(result.pattern == nil)
        #expect(result.errors.map(\.code) == [.fileEmptyPattern])
    }

    @Test func badControlPointLenientDropsPointStrictDropsAll() {
        let text = ahap(
            transient,
            #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": 1}]}}"#
        )
        #expect(decode(text).pattern?.curves.first?.points.count == 1)
        let strict = decode(text, .strict)
        #expect(strict.accepted)
        #expect(strict.pattern?.curves.first?.points.isEmpty == true)
        #expect(strict.with(.curveBadPoint).first?.severity == .warning)
    }

    @Test func duplicateKeysLastWins() {
        let result = decode(
            ahap(#"{"Event": {"Time": 0, "Time": 2, "EventType": "HapticTransient"}}"#))
        #expect(result.pattern?.events.first?.time == 2)
        #expect(result.with(.jsonDuplicateKey).count == 1)
    }

    /// Past 254 members the old key matcher re-pointed known keys at their last occurrence
    /// and reported a duplicate as first seen at its own position.
    @Test func duplicateKeyInALargeObjectPointsAtTheFirstOccurrence() throws {
        let filler = (0..<260).map { "\"x\($0)\": \($0)" }.joined(separator: ", ")
        let text = ahap(
            #"{"Event": {"Time": 0, "EventType": "HapticTransient", "# + filler
                + #", "EventDuration": 1, "Time": 2}}"#)
        let result = decode(text)
        #expect(result.pattern?.events.first?.time == 2)
        let duplicate = try #require(result.with(.jsonDuplicateKey).first)
        let first = try #require(location(of: #""Time": 0"#, in: text))
        #expect(duplicate.message.contains("(first at \(first.line):\(first.column))"))
    }

    @Test func metadataIsKeptInOrder() {
        let result = decode(
            #"{"Version": 1, "Metadata": {"Project": "P", "Created By": "x", "N": [1, {"a": null}]}, "Pattern": [\#(transient)]}"#
        )
        #expect(result.pattern?.metadata.map(\.key) == ["Project", "Created By", "N"])
        #expect(
            result.pattern?.metadata[2].value
                == .array([.number(1), .object([MetadataEntry(key: "a", value: .null)])]))
    }

    @Test func diagnosticRendersLikeACompiler() {
        let d = Diagnostic(
            severity: .error, code: .eventMissingTime, coreHapticsCode: -4822,
            path: "Pattern[3].Event",
            line: 12, column: 5, message: "This event has no `Time`.")
        #expect(
            d.rendered(file: "a/b.ahap")
                == "a/b.ahap:12:5: error: This event has no `Time`. (at Pattern[3].Event) [event.missing-time, Core Haptics -4822]"
        )
    }

    /// A key or value quoted in a message cannot drive the terminal it is printed on (clear
    /// the screen, retitle the window) nor split the diagnostic into lines: control
    /// characters are written as `\u{…}`.
    @Test func aRenderedDiagnosticIsOneLineOfPrintableText() {
        let json = #"{"Version": 1, "\u001b[2J\n\u009b": 1, "Pattern": []}"#
        let result = AHAPDecoder().decode(Array(json.utf8))
        let key = result.diagnostics.first { $0.code == .keyUnknown }
        let text = key?.rendered(file: "evil\u{7}.ahap") ?? ""
        #expect(text.contains(#"`\u{1B}[2J\u{A}\u{9B}`"#), "\(text)")
        #expect(text.hasPrefix(#"evil\u{7}.ahap:1:"#), "\(text)")
        #expect(
            !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect("plain `text`".escapingControlCharacters == "plain `text`")
    }
}
