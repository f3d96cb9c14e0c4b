import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// The decoder's warning for events that can never be felt or heard (`event.silent`) and for
/// patterns that play nothing (`pattern.silent`), judged by the render: every pattern it
/// flags renders to exact silence on every channel, and each near miss it leaves alone does not.
@Suite struct SilentEventTests {
    static let continuous = #""EventType": "HapticContinuous", "EventDuration": 0.5"#

    /// Every sample of every channel (audio, drive, acceleration, excursion).
    func render(_ pattern: HapticPattern) throws -> [Float] {
        let timeline = Scheduler(sampleRate: 48_000).schedule(pattern).timeline
        var renderer = try PatternRenderer(timeline: timeline, configuration: RenderConfiguration())
        var result: [Float] = []
        var block = [Float](repeating: 0, count: 4_096 * RenderSignal.allCases.count)
        while !renderer.isFinished {
            let n = block.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
            result.append(contentsOf: block[0..<(n * RenderSignal.allCases.count)])
        }
        return result
    }

    /// Decodes `items` in both modes; returns the lenient result (the one the renderer plays).
    func decoded(_ items: [String]) throws -> PatternDecodeResult {
        let text = ahap(items.joined(separator: ",\n"))
        func decode(_ mode: AHAPDecoder.Mode) -> PatternDecodeResult {
            AHAPDecoder(options: .init(mode: mode)).decode(Array(text.utf8))
        }
        let strict = decode(.strict)
        let lenient = decode(.lenient)
        #expect(strict.accepted && lenient.accepted, "\(strict.diagnostics)")
        #expect(strict.with(.eventSilent).count == lenient.with(.eventSilent).count)
        return lenient
    }

    static let silentPatterns: [(String, [String], String)] = [
        (
            "intensity 0 shaped only by an intensity curve (an authoring tool's export)",
            [
                #"{"Event": {"Time": 0, \#(continuous), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0}]}}"#,
                #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.2}, {"Time": 0.25, "ParameterValue": 1}, {"Time": 0.5, "ParameterValue": 0.4}]}}"#,
            ], "its HapticIntensity is 0"
        ),
        (
            "a transient under an intensity control of 0",
            [
                #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 0}}"#,
                #"{"Event": {"Time": 0.3, "EventType": "HapticTransient"}}"#,
            ], "the HapticIntensityControl is 0 at its time (0.3 s; it is 0 from 0 s on)"
        ),
        (
            "a curve pinned to 0 over a continuous event's whole life, release included",
            [
                #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0}, {"Time": 2, "ParameterValue": 0}, {"Time": 2.5, "ParameterValue": 1}]}}"#,
                #"{"Event": {"Time": 0.5, \#(continuous), "EventParameters": [{"ParameterID": "ReleaseTime", "ParameterValue": 0.5}]}}"#,
            ], "from 0 s to 2 s, all of the event's life"
        ),
        (
            "a control below 0 (clamped to 0) over a continuous event",
            [
                #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": -0.5}, {"Time": 3, "ParameterValue": 0}]}}"#,
                #"{"Event": {"Time": 1, \#(continuous)}}"#,
            ], "HapticIntensityControl is 0"
        ),
        (
            "a sound with volume 0",
            [
                #"{"Event": {"Time": 0, "EventType": "AudioContinuous", "EventDuration": 0.4, "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0}]}}"#
            ], "its AudioVolume is 0"
        ),
        (
            "a sound under a volume control of 0",
            [
                #"{"Parameter": {"ParameterID": "AudioVolumeControl", "Time": 0, "ParameterValue": 0}}"#,
                #"{"Event": {"Time": 0.1, "EventType": "AudioContinuous", "EventDuration": 0.4}}"#,
            ], "the AudioVolumeControl is 0 from 0 s on"
        ),
    ]

    @Test(arguments: silentPatterns.indices)
    func aPatternThatPlaysNothingIsWarnedAndRendersSilence(_ i: Int) throws {
        let (what, items, reason) = Self.silentPatterns[i]
        let result = try decoded(items)
        let events = result.with(.eventSilent)
        #expect(
            events.count == 1 && events[0].severity == .warning, "\(what): \(result.diagnostics)")
        #expect(events.first?.message.contains(reason) == true, "\(what): \(events)")
        #expect(events.first?.line != nil, "at the event's line")
        #expect(result.with(.patternSilent).count == 1, "\(what)")
        #expect(result.with(.patternTransientScaled).isEmpty, "the warning, not also the note")
        let samples = try render(try #require(result.pattern))
        #expect(!samples.isEmpty && samples.allSatisfy { $0 == 0 }, "\(what) renders silence")
    }

    static let audiblePatterns: [(String, [String])] = [
        (
            "a faint event (intensity and control just above 0)",
            [
                #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 0.01}}"#,
                #"{"Event": {"Time": 0, \#(continuous), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.01}]}}"#,
            ]
        ),
        (
            "a control that rises during the event's release",
            [
                #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0}, {"Time": 1.1, "ParameterValue": 0}, {"Time": 1.2, "ParameterValue": 1}]}}"#,
                #"{"Event": {"Time": 0.5, \#(continuous), "EventParameters": [{"ParameterID": "ReleaseTime", "ParameterValue": 0.5}]}}"#,
            ]
        ),
        (
            "a release the pattern's release-time control can lengthen into the rise",
            [
                #"{"Parameter": {"ParameterID": "HapticReleaseTimeControl", "Time": 0, "ParameterValue": 0.6}}"#,
                #"{"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0}, {"Time": 1.2, "ParameterValue": 0}, {"Time": 1.3, "ParameterValue": 1}]}}"#,
                #"{"Event": {"Time": 0.5, \#(continuous)}}"#,
            ]
        ),
        (
            "a transient just after the control comes back",
            [
                #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterValue": 0}}"#,
                #"{"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.2, "ParameterValue": 0.5}}"#,
                #"{"Event": {"Time": 0.2, "EventType": "HapticTransient"}}"#,
            ]
        ),
        (
            "a haptic event under a volume control of 0 (it controls audio only)",
            [
                #"{"Parameter": {"ParameterID": "AudioVolumeControl", "Time": 0, "ParameterValue": 0}}"#,
                #"{"Event": {"Time": 0, "EventType": "HapticTransient"}}"#,
            ]
        ),
    ]

    @Test(arguments: audiblePatterns.indices)
    func anEventThatPlaysIsNotWarned(_ i: Int) throws {
        let (what, items) = Self.audiblePatterns[i]
        let result = try decoded(items)
        #expect(result.with(.eventSilent).isEmpty, "\(what): \(result.with(.eventSilent))")
        #expect(result.with(.patternSilent).isEmpty, "\(what)")
        let samples = try render(try #require(result.pattern))
        #expect(samples.contains { $0 != 0 }, "\(what) renders something")
    }

    /// Only the silent event is named; the pattern plays, so it gets no pattern warning.
    @Test func oneSilentEventAmongAudibleOnesIsWarnedAlone() throws {
        let result = try decoded([
            #"{"Event": {"Time": 0, "EventType": "HapticTransient"}}"#,
            #"{"Event": {"Time": 0.2, \#(Self.continuous), "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0}]}}"#,
            #"{"Event": {"Time": 0.4, "EventType": "AudioContinuous", "EventDuration": 0.2}}"#,
        ])
        #expect(result.with(.eventSilent).map(\.path) == ["Pattern[1].Event"])
        #expect(result.with(.patternSilent).isEmpty)
    }
}
