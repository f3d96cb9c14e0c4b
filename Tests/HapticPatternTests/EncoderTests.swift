import HapticPattern
import HapticTestSupport
import Testing

@Suite struct EncoderTests {
    @Test(arguments: [
        (1.0, "1"), (0.5, "0.5"), (0.1, "0.1"), (-0.25, "-0.25"), (30, "30"),
        (0.30000001192092896, "0.30000001192092896"), (1e-5, "1e-05"), (123456.75, "123456.75"),
    ])
    func numbersUseShortestRoundTripForm(value: Double, text: String) {
        #expect(JSONNumberFormatter.string(value) == text)
        #expect(Double(text) == value)
    }

    /// Whole numbers (printed without `description`'s digit search) read as `description`
    /// minus its `.0`, at the edges too: -0, the largest below 1e15, 1e15 and above.
    @Test func wholeNumbersPrintAsTheirDescription() {
        var random = SplitMix64(seed: 7)
        var values: [Double] = [0, -0.0, 1, -1, 255, 1e15 - 1, -(1e15 - 1), 1e15, 1e16, 0x1p53]
        for _ in 0..<10_000 {
            values.append(
                Double(Int64.random(in: -999_999_999_999_999...999_999_999_999_999, using: &random))
            )
            values.append(Double(Int.random(in: -100_000...100_000, using: &random)))
        }
        for value in values {
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            #expect(JSONNumberFormatter.string(value) == text)
        }
    }

    @Test func mergesItemsByTimeWithStableTies() throws {
        var p = HapticPattern(
            version: 1, metadata: [MetadataEntry(key: "Project", value: .string("A \"q\""))])
        p.curves = [
            ParameterCurve(id: .hapticIntensityControl, time: 0, points: [.init(time: 0, value: 1)])
        ]
        p.parameters = [DynamicParameter(id: .hapticSharpnessControl, time: 0, value: 0.25)]
        p.events = [
            HapticEvent(type: .hapticTransient, time: 0),
            HapticEvent(type: .hapticContinuous, time: 1, duration: 2),
        ]
        let text = AHAPEncoder().encodeString(p)
        let order = [
            "\"Version\"", "\"Metadata\"", "\"Pattern\"", "\"Event\"", "\"Parameter\"",
            "\"ParameterCurve\"", "HapticContinuous",
        ]
        let indices = order.compactMap { text.range(of: $0)?.lowerBound }
        #expect(indices.count == order.count)
        #expect(indices == indices.sorted(), "\(text)")
        #expect(text.contains(#""Project": "A \"q\"""#))
        #expect(text.contains("\n  \"Pattern\": [\n    {\n      \"Event\": {"))
        let back = AHAPDecoder(options: .init(mode: .strict)).decode(Array(text.utf8))
        #expect(back.accepted)
        #expect(back.pattern == p)
    }

    /// A hand-built pattern may hold times the decoder never makes: every item is still
    /// written once (in the order events, parameters, curves where NaN compares with nothing),
    /// at time 0, as valid AHAP.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func unusableTimesAreWrittenNotTrapped(time: Double) {
        var p = HapticPattern()
        p.events = [HapticEvent(type: .hapticTransient, time: time)]
        p.parameters = [DynamicParameter(id: .hapticSharpnessControl, time: time, value: 0.25)]
        p.curves = [
            ParameterCurve(
                id: .hapticIntensityControl, time: time, points: [.init(time: 0, value: 1)])
        ]
        let text = AHAPEncoder().encodeString(p)
        for key in ["\"Event\"", "\"Parameter\"", "\"ParameterCurve\""] {
            #expect(text.ranges(of: key).count == 1, "\(key) once in \(text)")
        }
        let strict = AHAPDecoder(options: .init(mode: .strict)).decode(Array(text.utf8))
        #expect(strict.errors.isEmpty)
        #expect(strict.pattern?.events.map(\.time) == [0])
    }

    @Test func fourSpaceIndent() {
        let text = AHAPEncoder(indent: 4).encodeString(
            HapticPattern(events: [HapticEvent(type: .hapticTransient, time: 0)]))
        #expect(text.contains("\n    \"Pattern\": ["))
    }
}
