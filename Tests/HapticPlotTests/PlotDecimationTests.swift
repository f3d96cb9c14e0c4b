import HapticRenderKit
import Testing

@testable import HapticPlot

@Suite("Plot decimation, ticks and number formatting")
struct PlotDecimationTests {
    @Test("a single-sample spike in a long flat signal survives min/max decimation")
    func spikeSurvives() {
        let n = 2_000_003  // not a multiple of the column count
        for (index, value) in [(1_234_567, Float(0.9)), (0, Float(-0.7)), (n - 1, Float(0.5))] {
            var signal = [Float](repeating: 0.01, count: n)
            signal[index] = value
            let env = MinMaxEnvelope.decimate(
                signal, sampleRate: 1_000, duration: Double(n) / 1_000, columns: 1_422)
            #expect(env.count == 1_422)
            if value > 0 {
                #expect(env.maximum.max() == value, "spike at \(index) lost")
                #expect(
                    env.maximum.count { $0 == value } == 1, "spike smeared over several columns")
            } else {
                #expect(env.minimum.min() == value, "dip at \(index) lost")
            }
            #expect(env.minimum.count { $0 == 0.01 } >= 1_420)
        }
    }

    @Test("columns beyond the signal are omitted; sparse signals hold each sample")
    func shortAndSparse() {
        let env = MinMaxEnvelope.decimate([0.5, -0.5], sampleRate: 1, duration: 4, columns: 8)
        #expect(env.maximum == [0.5, 0.5, -0.5, -0.5])
        let clamped = MinMaxEnvelope.decimate(
            [3, -3, .nan], sampleRate: 3, duration: 1, columns: 3)
        #expect(clamped.maximum == [1, -1, 0])
        #expect(MinMaxEnvelope.decimate([], sampleRate: 1, duration: 1, columns: 3).count == 0)
    }

    @Test("polyline reduction keeps each column's first, min, max and last point")
    func polyline() {
        let points = (0..<10_000).map {
            PlotPoint(time: Double($0), value: $0 == 5_003 ? 9 : Double($0 % 7))
        }
        let reduced = TimelinePlot.reducePolyline(points, columns: 100) { Int($0 / 100) }
        #expect(reduced.count <= 400)
        #expect(reduced.contains(PlotPoint(time: 5_003, value: 9)))
        #expect(reduced.first == points.first && reduced.last == points.last)
        #expect(zip(reduced, reduced.dropFirst()).allSatisfy { $0.time < $1.time })
    }

    @Test(
        "time ticks follow the 1-2-5 series, or a clock from two minutes",
        arguments: [
            (4.0, 15, 0.5, 1), (720.0, 15, 60.0, 0), (0.1, 15, 0.01, 2), (1.0, 10, 0.1, 1),
            (3.0, 2, 2.0, 0), (100.0, 10, 10.0, 0),
        ])
    func ticks(duration: Double, count: Int, step: Double, decimals: Int) {
        let ticks = TimelinePlot.timeTicks(duration: duration, maximumCount: count)
        #expect(abs(ticks.step - step) < 1e-12 * step)
        #expect(ticks.decimals == decimals)
        #expect(ticks.values.first == 0)
        #expect(ticks.values.last! <= duration + 1e-9)
        #expect(ticks.values.count - 1 <= count)
    }

    @Test("numbers format with fixed precision, no locale and no negative zero")
    func numbers() {
        #expect(SVGBuilder.format(12) == "12")
        #expect(SVGBuilder.format(12.34) == "12.3")
        #expect(SVGBuilder.format(-0.25) == "-0.3")
        #expect(SVGBuilder.format(-0.04) == "0")
        #expect(SVGBuilder.format(.nan) == "0")
        #expect(SVGBuilder.fixed(1.5, decimals: 2) == "1.50")
        #expect(SVGBuilder.fixed(-0.001, decimals: 2) == "0.00")
        #expect(SVGBuilder.fixed(720, decimals: 3) == "720.000")
        #expect(TimelinePlot.clock(720) == "12:00.000")
        #expect(TimelinePlot.clock(61.5) == "1:01.500")
        #expect(TimelinePlot.grouped(5_000) == "5,000" && TimelinePlot.grouped(123) == "123")
        #expect(TimelinePlot.trimmed(1.5) == "1.5" && TimelinePlot.trimmed(2) == "2")
    }

    @Test("the sharpness scale runs indigo to amber in quantized steps")
    func colours() {
        #expect(SharpnessColorScale.color(0) == "#0d0887")
        #expect(SharpnessColorScale.color(1) == "#fca636")
        #expect(SharpnessColorScale.color(-5) == SharpnessColorScale.color(0))
        #expect(SharpnessColorScale.level(0.5) == 12)
        #expect(
            Set((0..<SharpnessColorScale.steps).map(SharpnessColorScale.color(level:))).count
                == SharpnessColorScale.steps)
    }
}
