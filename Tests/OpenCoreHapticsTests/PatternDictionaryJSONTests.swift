import HapticPattern
import Testing

@testable import OpenCoreHapticsEssentials

/// A pattern dictionary's JSON text is written by the package's one `JSONWriter`: compact,
/// keys sorted, numbers in `JSONNumberFormatter`'s format, strings escaped as every other JSON
/// the package writes.
@Suite struct PatternDictionaryJSONTests {
    typealias Key = CHHapticPattern.Key

    private func text(_ dictionary: [Key: Any]) throws -> String {
        String(decoding: try PatternDictionary.json(dictionary), as: UTF8.self)
    }

    /// The bytes of a dictionary of every value kind an app writes: the text the hand-written
    /// serializer produced (sorted keys, whole numbers without `.0`, `Float`s as the `Double`
    /// they convert to), byte for byte.
    @Test func everyValueKindIsWrittenAsBefore() throws {
        let dictionary: [Key: Any] = [
            .version: 1,
            .pattern: [
                [
                    Key.event: [
                        Key.eventType: CHHapticEvent.EventType.audioCustom,
                        Key.time: 0.5,
                        Key.eventDuration: Float(0.1),
                        Key.eventWaveformPath: "a \"b\"\n.wav",
                        Key.eventWaveformLoopEnabled: true,
                        Key.eventParameters: [
                            [Key.parameterID: "AudioVolume", Key.parameterValue: 2.0],
                            [Key.parameterID: "AudioPitch", Key.parameterValue: UInt8(3)],
                        ],
                    ] as [Key: Any]
                ]
            ],
        ]
        let expected =
            #"{"Pattern":[{"Event":{"EventDuration":0.10000000149011612,"#
            + #""EventParameters":[{"ParameterID":"AudioVolume","ParameterValue":2},"#
            + #"{"ParameterID":"AudioPitch","ParameterValue":3}],"EventType":"AudioCustom","#
            + #""EventWaveformLoopEnabled":true,"EventWaveformPath":"a \"b\"\n.wav","#
            + #""Time":0.5}}],"Version":1}"#
        #expect(try text(dictionary) == expected)
    }

    /// Numbers spell as the AHAP encoder spells them (`1e-05`, the shortest round-trip digits),
    /// and `-0` keeps its sign now (the hand-written serializer wrote `0`).
    @Test func numbersUseTheOneNumberFormat() throws {
        for value in [1e-5, 0.30000000000000004, 123_456.75, 1e15, -0.0, -3.0] {
            let json = try text([.time: value])
            #expect(json == #"{"Time":"# + JSONNumberFormatter.string(value) + "}")
        }
        #expect(try text([.time: -0.0]) == #"{"Time":-0}"#)
    }

    /// A number JSON cannot hold is refused with Core Haptics' error, not written as 0.
    @Test func nonFiniteNumbersAreRefused() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: CHHapticError.self) { try PatternDictionary.json([.time: value]) }
        }
    }

    /// A model's dictionary written as JSON decodes back to the same model.
    @Test func aModelsDictionaryRoundTrips() throws {
        let pattern = try CHHapticPattern(
            events: [
                CHHapticEvent(
                    eventType: .hapticContinuous,
                    parameters: [CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.3)],
                    relativeTime: 0.125, duration: 0.75)
            ],
            parameterCurves: [
                CHHapticParameterCurve(
                    parameterID: .hapticIntensityControl,
                    controlPoints: [
                        CHHapticParameterCurve.ControlPoint(relativeTime: 0, value: 0.2),
                        CHHapticParameterCurve.ControlPoint(relativeTime: 0.5, value: 0.9),
                    ], relativeTime: 0.1)
            ])
        let json = try PatternDictionary.json(PatternDictionary.dictionary(pattern.model))
        let again = try CHHapticPattern(ahap: json)
        #expect(again.model == pattern.model)
    }
}
