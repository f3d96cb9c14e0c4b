import HapticPattern
import HapticTestSupport
import Testing

/// The ~2 MB, 5,000-event shape used for the release timing (Scripts/bench-decode.sh),
/// checked here for correctness; debug builds only get a generous time bound.
@Suite struct LargePatternTests {
    static func make(events: Int) -> String {
        var items: [String] = []
        items.reserveCapacity(events)
        for i in 0..<events {
            let transient = i % 3 == 0
            let envelope =
                transient
                ? ""
                : #", {"ParameterID": "AttackTime", "ParameterValue": 0.1}, {"ParameterID": "ReleaseTime", "ParameterValue": 0.3}"#
            items.append(
                """
                    {
                      "Event": {
                        "Time": \(Double(i) * 0.0123456),
                        "EventType": "\(transient ? "HapticTransient" : "HapticContinuous")",
                        "EventDuration": 0.25,
                        "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": \(Double(i % 97 + 1) / 97)}, {"ParameterID": "HapticSharpness", "ParameterValue": \(Double(i % 13) / 13)}\(envelope)]
                      }
                    }
                """)
        }
        return "{\n  \"Version\": 1.0,\n  \"Pattern\": [\n" + items.joined(separator: ",\n")
            + "\n  ]\n}\n"
    }

    @Test func decodesFiveThousandEvents() throws {
        let bytes = Array(Self.make(events: 5000).utf8)
        #expect(bytes.count > 1_500_000)
        let start = ContinuousClock.now
        let result = AHAPDecoder(options: .init(mode: .strict)).decode(bytes)
        let elapsed = ContinuousClock.now - start
        #expect(result.accepted)
        #expect(result.diagnostics.isEmpty)
        let pattern = try #require(result.pattern)
        #expect(pattern.events.count == 5000)
        #expect(pattern.events[3].parameters.hapticIntensity == 4.0 / 97)
        #expect(pattern.events[4].parameters.releaseTime == 0.3)
        #expect(elapsed < .seconds(3), "debug decode took \(elapsed)")
        #expect(AHAPDecoder().decode(AHAPEncoder().encode(pattern)).pattern == pattern)
    }

    @Test func hexStringsAreNotNumbers() {
        let result = decode(ahap(#"{"Event": {"Time": "0x10", "EventType": "HapticTransient"}}"#))
        #expect(result.pattern?.events.first?.time == 0)
        #expect(result.with(.valueNonNumericString).count == 1)
    }
}
