import HapticTestSupport
import Testing

@testable import HapticFormats

/// The AHAP form's intensity control raised by many transients, and long traces simplified:
/// the linear-time paths give what the definitions give.
@Suite struct OutlineScalingTests {
    /// The definition of a lift: the points before `start`, a step up to `value` and back
    /// down at `end`, the points after `end`. O(n) per lift.
    static func lifted(
        _ points: [OutlinePoint], from start: Double, to end: Double, value: Double
    ) -> [OutlinePoint] {
        let before =
            points.first { $0.time == start }?.value
            ?? LiftedControl(points).value(at: start)
        let after = LiftedControl(points).value(at: end)
        return points.filter { $0.time < start }
            + [
                OutlinePoint(time: start, value: before), OutlinePoint(time: start, value: value),
                OutlinePoint(time: end, value: value), OutlinePoint(time: end, value: after),
            ]
            + points.filter { $0.time > end }
    }

    /// Random controls (steps included) raised by random transients in time order, each held
    /// for the same time (equal times, overlapping lifts and lifts on a control point
    /// included): the built polyline
    /// and every value read on the way equal the definition's, bit for bit.
    @Test(arguments: 0..<20)
    func liftsInOrderMatchTheDefinition(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var time = 0.0
        var control: [OutlinePoint] = []
        for _ in 0..<Int.random(in: 0...40, using: &random) {
            time += [0, 0.001, 0.0005, 0.01][Int.random(in: 0..<4, using: &random)]
            control.append(
                OutlinePoint(time: time, value: Double.random(in: 0...1, using: &random)))
        }
        var starts = (0..<Int.random(in: 1...30, using: &random)).map { _ in
            control.isEmpty || Bool.random(using: &random)
                ? Double.random(in: 0...(time + 0.01), using: &random)
                : control[Int.random(in: 0..<control.count, using: &random)].time
        }
        starts.sort()
        if starts.count > 2 { starts[1] = starts[0] }
        var fast = LiftedControl(control)
        var slow = control
        let length = [0.000125, 0.0001, 0.002][Int.random(in: 0..<3, using: &random)]
        for start in starts {
            let value = Double.random(in: 0...1, using: &random)
            #expect(
                fast.value(at: start).bitPattern == LiftedControl(slow).value(at: start).bitPattern)
            fast.lift(from: start, to: start + length, value: value)
            slow = Self.lifted(slow, from: start, to: start + length, value: value)
        }
        #expect(fast.points() == slow)
    }

    /// A trace longer than a run (a train of equal pulses, RDP's worst case) keeps every
    /// dropped point within the tolerance, and the same points as one whole pass where it is
    /// no longer than a run.
    @Test func longTracesStayWithinTheTolerance() {
        let pulses: [(sample: Int64, value: Double)] = (0..<10_000).flatMap { k in
            let n = Int64(k) * 100
            return [(n, 0.0), (n + 10, 0.8), (n + 40, 0.8), (n + 50, 0.0)]
        }
        let tolerance = 0.01
        let kept = PolylineSimplifier.simplify(pulses, tolerance: tolerance)
        var k = 0
        for p in pulses {
            while k + 1 < kept.count, kept[k + 1].sample < p.sample { k += 1 }
            let a = kept[k]
            let b = kept[min(k + 1, kept.count - 1)]
            let line =
                b.sample > a.sample
                ? a.value + (b.value - a.value) * Double(p.sample - a.sample)
                    / Double(b.sample - a.sample) : a.value
            #expect(abs(p.value - line) <= tolerance)
        }
        let short = Array(pulses.prefix(PolylineSimplifier.traceSpan))
        var whole = PolylineSimplifier(short, x: { Double($0.sample) }, y: { $0.value })
        #expect(
            PolylineSimplifier.simplify(short, tolerance: tolerance).map(\.sample)
                == whole.kept(tolerance: tolerance).map { short[$0].sample })
    }

    /// Transients given out of order through the public initializer are put in time order,
    /// so writing the outline as a clip finds each one's place in the envelope.
    @Test func unsortedTransientsWriteAClip() {
        let outline = PatternOutline(
            intensity: [OutlinePoint(time: 0, value: 0.5), OutlinePoint(time: 1, value: 0.5)],
            transients: [
                OutlineTransient(time: 0.9, intensity: 1, sharpness: 0.5),
                OutlineTransient(time: 0.1, intensity: 1, sharpness: 0.5),
            ], duration: 1)
        #expect(outline.transients.map(\.time) == [0.1, 0.9])
        var notes: [ConversionNote] = []
        let clip = HapticClip(outline: outline, notes: &notes)
        #expect(clip.amplitude.filter { $0.emphasis != nil }.map(\.time) == [0.1, 0.9])
    }
}
