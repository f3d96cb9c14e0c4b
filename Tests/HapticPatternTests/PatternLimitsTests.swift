import Foundation
import HapticPattern
import HapticTestSupport
import Testing

/// ``PatternLimits``: each limit refuses the file (both modes) with one `limit.*` error at
/// the JSON path of the item that crossed it, and a file exactly at the limit is accepted.
@Suite struct PatternLimitsTests {
    func decode(_ text: String, _ limits: PatternLimits, _ mode: AHAPDecoder.Mode = .lenient)
        -> PatternDecodeResult
    {
        AHAPDecoder(options: .init(mode: mode, limits: limits)).decode(Array(text.utf8))
    }

    func transients(_ n: Int, step: Double = 0.01) -> String {
        (0..<n).map {
            #"{"Event": {"Time": \#(Double($0) * step), "EventType": "HapticTransient"}}"#
        }.joined(separator: ",")
    }

    /// The single limit error of a refused result.
    func limitError(_ r: PatternDecodeResult) -> Diagnostic? {
        #expect(r.pattern == nil)
        #expect(!r.accepted)
        let errors = r.errors.filter { $0.code.rawValue.hasPrefix("limit.") }
        #expect(errors.count == 1, "\(r.diagnostics)")
        return errors.first
    }

    @Test(arguments: AHAPDecoder.Mode.allCases)
    func eventsOverTheLimitAreRefusedAtTheFirstExtraEvent(mode: AHAPDecoder.Mode) throws {
        let limits = PatternLimits(maxEvents: 3)
        #expect(decode(ahap(transients(3)), limits, mode).accepted)
        let text = ahap(transients(5))
        let error = try #require(limitError(decode(text, limits, mode)))
        #expect(error.code == .limitEvents)
        #expect(error.path == "Pattern[3].Event")
        #expect(error.line == 4)  // items are one per line after "Pattern": [
    }

    @Test func theDefaultEventLimitRefusesAHugeFileUpFront() throws {
        // 100,001 minimal events (~5 MB): refused at the first one over 100,000.
        let text =
            #"{"Pattern":["#
            + String(
                repeating: #"{"Event":{"EventType":"HapticTransient","Time":0}},"#, count: 100_000)
            + #"{"Event":{"EventType":"HapticTransient","Time":0}}]}"#
        let error = try #require(limitError(AHAPDecoder().decode(Array(text.utf8))))
        #expect(error.code == .limitEvents)
        #expect(error.path == "Pattern[100000].Event")
    }

    @Test func parametersOverTheLimitAreRefused() throws {
        let parameters = (0..<3).map {
            #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": \#($0), "ParameterValue": 0.5}}"#
        }
        let error = try #require(
            limitError(
                decode(ahap(parameters.joined(separator: ",")), PatternLimits(maxParameters: 2))))
        #expect(error.code == .limitParameters)
        #expect(error.path == "Pattern[2].Parameter")
    }

    func curve(points: Int, at time: Double = 0) -> String {
        let p = (0..<points).map { #"{"Time": \#(Double($0) * 0.01), "ParameterValue": 0.5}"# }
            .joined(separator: ",")
        return
            #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": \#(time), "ParameterCurveControlPoints": [\#(p)]}}"#
    }

    @Test func curvePointsAreLimitedPerCurveAndInTotal() throws {
        let perCurve = PatternLimits(maxCurvePointsPerCurve: 4)
        #expect(decode(ahap(curve(points: 4)), perCurve).accepted)
        let one = try #require(limitError(decode(ahap(curve(points: 5)), perCurve)))
        #expect(one.code == .limitCurvePoints)
        #expect(one.path == "Pattern[0].ParameterCurve.ParameterCurveControlPoints")

        let total = PatternLimits(maxCurvePoints: 10)
        #expect(decode(ahap(curve(points: 5), curve(points: 5, at: 1)), total).accepted)
        let all = try #require(
            limitError(
                decode(
                    ahap(curve(points: 5), curve(points: 5, at: 1), curve(points: 1, at: 2)), total)
            ))
        #expect(all.code == .limitCurvePoints)
        #expect(all.path == "Pattern[2].ParameterCurve.ParameterCurveControlPoints")
    }

    @Test(arguments: [
        (#"{"Event": {"Time": 1e9, "EventType": "HapticTransient"}}"#, "Pattern[0].Event"),
        (#"{"Event": {"Time": 1e300, "EventType": "HapticTransient"}}"#, "Pattern[0].Event"),
        (
            #"{"Event": {"Time": 1, "EventType": "AudioContinuous", "EventDuration": 1e9}}"#,
            "Pattern[0].Event"
        ),
        (
            #"{"Event": {"Time": 3599.5, "EventType": "HapticTransient", "EventDuration": 1}}"#,
            "Pattern[0].Event"
        ),
        (
            #"{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "a.wav", "EventWaveformLoopEnabled": true, "EventDuration": 1e9}}"#,
            "Pattern[0].Event"
        ),
        (
            #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 1e9, "ParameterValue": 1}}"#,
            "Pattern[0].Parameter.Time"
        ),
        (
            #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0}, {"Time": 1e9, "ParameterValue": 1}]}}"#,
            "Pattern[0].ParameterCurve"
        ),
        (
            #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 4000, "ParameterCurveControlPoints": []}}"#,
            "Pattern[0].ParameterCurve"
        ),
    ])
    func itemsReachingPastTheDurationLimitAreRefused(item: String, path: String) throws {
        for mode in AHAPDecoder.Mode.allCases {
            let error = try #require(limitError(decode(ahap(transients(1), item), .default, mode)))
            #expect(error.code == .limitDuration)
            #expect(error.path == path.replacingOccurrences(of: "[0]", with: "[1]"))
            #expect(error.message.contains("3600"))
        }
    }

    @Test func anHourIsAccepted() {
        let text = ahap(
            #"{"Event": {"Time": 3590, "EventType": "AudioContinuous", "EventDuration": 10}}"#)
        #expect(decode(text, .default).accepted)
        #expect(decode(text, PatternLimits(maxDurationSeconds: 3599)).pattern == nil)
        #expect(decode(text, .unlimited).accepted)
    }

    @Test func inputOverTheSizeLimitIsRefusedBeforeParsing() throws {
        // 100 MB of spaces: refused from its length alone, in far less time than a parse.
        let bytes = [UInt8](repeating: 0x20, count: 100 << 20)
        let start = ContinuousClock.now
        let result = AHAPDecoder().decode(bytes)
        #expect(ContinuousClock.now - start < .milliseconds(500))
        let error = try #require(limitError(result))
        #expect(error.code == .limitInputSize)
        #expect(error.message.contains("\(100 << 20) bytes"))
        // Exactly at the limit: parsed (and here rejected only for being empty).
        let small = PatternLimits(maxInputBytes: 10)
        #expect(decode("  {}       ", small).with(.limitInputSize).count == 1)
        #expect(decode(" {}       ", small).with(.limitInputSize).isEmpty)
    }

    @Test func jsonValuesAreCountedSoA64MBArrayOfZerosStopsEarly() throws {
        // 32 million values in 64 MB: the parser stops at value 4,000,001 (byte 8 MB).
        let text = #"{"Pattern": ["# + String(repeating: "0,", count: 32 << 20 - 10) + "0]}"
        let bytes = Array(text.utf8)
        let error = try #require(limitError(AHAPDecoder().decode(bytes)))
        #expect(error.code == .limitJSONValues)
        #expect(error.column == 14 + 2 * (4_000_000 - 2))  // the value after the 3,999,998 zeros
        // A small limit on a normal file.
        // Root, Version, Pattern, then 4 per transient (item, Event, EventType, Time).
        #expect(decode(ahap(transients(2)), PatternLimits(maxJSONValues: 11)).accepted)
        #expect(
            decode(ahap(transients(3)), PatternLimits(maxJSONValues: 11)).with(.limitJSONValues)
                .count == 1)
        #expect(
            JSONParser(maximumValues: 3).parse(Array("[1,2]".utf8)).map(\.trailingCommas.count)
                == .success(0))
        guard case .failure(let e) = JSONParser(maximumValues: 3).parse(Array("[1,2,3]".utf8))
        else {
            Issue.record("accepted")
            return
        }
        #expect(e.kind == .tooManyValues && e.position.column == 6)
    }

    @Test func diagnosticsBeyondTheLimitAreSummarized() throws {
        // 3,000 unknown keys: 1,000 notes listed, one summary for the 2,000 others.
        let keys = (0..<3_000).map { #""k\#($0)": 0"# }.joined(separator: ",")
        let text = #"{"Version": 1.0, \#(keys), "Pattern": [\#(transient)]}"#
        let lenient = AHAPDecoder().decode(Array(text.utf8))
        #expect(lenient.accepted)
        #expect(lenient.diagnostics.count == 1_001)
        let summary = try #require(lenient.diagnostics.last)
        #expect(summary.code == .diagnosticsTruncated && summary.severity == .note)
        #expect(summary.message.hasPrefix("2000 more findings"))

        // An error among the left-out findings keeps the file rejected.
        let errors = ahap(
            (0..<20).map { _ in #"{"Event": {"EventType": "HapticTransient"}}"# }.joined(
                separator: ",") + "," + transient)
        let strict = decode(errors, PatternLimits(maxDiagnostics: 5), .strict)
        #expect(!strict.accepted)
        #expect(strict.diagnostics.count == 6)
        #expect(strict.diagnostics.last?.severity == .error)
        #expect(strict.diagnostics.last?.message.contains("of them errors") == true)
    }
}
