import Foundation
import HapticRenderKit
import Testing

@testable import HapticPlot

/// The zoom data the audition page redraws from.
@Suite("Timeline detail (zoom data)")
struct PlotTimelineDetailTests {
    static func parse(_ detail: TimelineDetail) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(detail.json.utf8))
        return try #require(object as? [String: Any])
    }

    static func levels(_ json: [String: Any], _ name: String) throws -> [(
        rate: Double, pairs: Bool, bytes: [UInt8]
    )] {
        let signals = try #require(json["signals"] as? [String: Any])
        let list = try #require(signals[name] as? [[String: Any]])
        return try list.map { level in
            let text = try #require(level["data"] as? String)
            let data = try #require(Data(base64Encoded: text))
            let rate = try #require(level["rate"] as? Double)
            let pairs = try #require(level["pairs"] as? Int)
            return (rate, pairs == 1, Array(data))
        }
    }

    @Test("is valid JSON with the events, curves, panels and colours of the plot")
    func content() throws {
        let data = PlotFixtures.demo()
        let json = try Self.parse(TimelineDetail(data: data))
        #expect(json["duration"] as? Double == 4)
        #expect((json["transients"] as? [Double])?.count == 3 * 8)
        #expect((json["continuous"] as? [Any])?.count == 2)
        let audio = try #require(json["audio"] as? [[Any]])
        #expect(audio.count == 3 && audio.contains { $0.last as? String == "knock.wav" })
        #expect((json["intensity"] as? [Double])?.count == 2 * data.effectiveIntensity.count)
        #expect(
            (json["lanes"] as? [String: [Double]])?.keys.sorted()
                == [
                    "acceleration", "audio", "audio-events", "drive", "haptic-events", "intensity",
                    "sharpness",
                ])
        #expect((json["colors"] as? [String])?.count == SharpnessColorScale.steps)
    }

    @Test("keeps a one-sample spike at every level of a signal longer than the budget")
    func spikeSurvives() throws {
        var data = PlotFixtures.demo()
        let rate = 48_000.0
        data.sampleRate = rate
        data.drive = [Float](repeating: 0.1, count: Int(rate * data.duration))
        data.drive[123_457] = -0.9
        data.drive[150_001] = 0.75
        data.acceleration = []
        data.audioLeft = []
        data.audioRight = []
        let levels = try Self.levels(
            try Self.parse(TimelineDetail(data: data, maxLevelZeroValues: 10_000)), "drive")
        #expect(levels.count >= 3)
        #expect(levels[0].pairs && levels[0].bytes.count / 2 <= 10_000)
        for level in levels {
            // min rounds down, max up on the √ scale: −0.9 ↦ 127 − 121, 0.75 ↦ 127 + 110.
            #expect(level.bytes.min()! <= 6 && level.bytes.max()! >= 237, "rate \(level.rate)")
            let entries = level.pairs ? level.bytes.count / 2 : level.bytes.count
            #expect(
                abs(Double(entries) - level.rate * data.duration) <= 1 + level.rate * data.duration
                    / 1000,
                "entries \(entries) at \(level.rate)/s")
        }
        #expect(
            try Self.levels(
                try Self.parse(TimelineDetail(data: data, maxLevelZeroValues: 1 << 20)), "drive")[0]
                .pairs == false,
            "within the budget level 0 keeps every value")
        // The default budget: 8,000 values a second, between 2^17 and 2^20.
        let defaultLevels = try Self.levels(try Self.parse(TimelineDetail(data: data)), "drive")
        #expect(defaultLevels[0].pairs && defaultLevels[0].bytes.count / 2 <= 1 << 17)
        #expect(TimelineDetail.levelZeroBudget(seconds: 60) == 480_000)
        #expect(TimelineDetail.levelZeroBudget(seconds: 720) == 1 << 20)
        #expect(try Self.levels(try Self.parse(TimelineDetail(data: data)), "audioR").isEmpty)
    }

    /// The square-root scale keeps quiet signals apart (the page scales them up when zoomed)
    /// and extremes outside: min rounds down, max up.
    @Test("quantizes quiet values finely, without losing an extreme")
    func quantization() {
        #expect(TimelineDetail.quantize(0, .toNearestOrAwayFromZero) == 127)
        #expect(TimelineDetail.quantize(1, .up) == 254 && TimelineDetail.quantize(-1, .down) == 0)
        #expect(TimelineDetail.quantize(.nan, .up) == 127)
        for v: Float in [0.002, 0.01, 0.05, 0.3, -0.02, -0.6] {
            let down = TimelineDetail.dequantize(TimelineDetail.quantize(v, .down))
            let up = TimelineDetail.dequantize(TimelineDetail.quantize(v, .up))
            #expect(down <= Double(v) && Double(v) <= up, "\(v)")
            #expect(
                up - down <= max(0.02 * abs(Double(v)).squareRoot(), 1e-4), "\(v): \(down)…\(up)")
        }
        #expect(
            TimelineDetail.quantize(0.01, .toNearestOrAwayFromZero)
                != TimelineDetail.quantize(0.012, .toNearestOrAwayFromZero))
    }

    @Test("is deterministic and bounded by the budget, not the length")
    func bounded() throws {
        var data = PlotFixtures.demo()
        data.sampleRate = 48_000
        let long = [Float]((0..<2_000_000).map { Float(sin(Double($0) * 0.05)) })
        data.drive = long
        data.acceleration = long
        data.audioLeft = long
        data.audioRight = long
        let a = TimelineDetail(data: data, maxLevelZeroValues: 100_000)
        let b = TimelineDetail(data: data, maxLevelZeroValues: 100_000)
        #expect(a.json == b.json)
        // 4 signals × 100k pairs × 2 bytes × 4/3 (levels) × 4/3 (base64) ≈ 1.4 MB.
        #expect(a.json.utf8.count < 1_600_000, "\(a.json.utf8.count) bytes")
    }

    @Test("escapes labels so they cannot end the script element")
    func escaping() throws {
        var data = PlotFixtures.demo()
        data.audioEvents = [
            PlotEvent(
                time: 0, duration: 1, kind: .audioCustom(fileName: "</script>\"\\\n.wav", volume: 1)
            )
        ]
        let detail = TimelineDetail(data: data)
        #expect(!detail.json.contains("</"))
        let audio = try #require(try Self.parse(detail)["audio"] as? [[Any]])
        #expect(audio.first?.last as? String == "</script>\"\\\n.wav")
    }
}
