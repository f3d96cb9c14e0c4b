import HapticTestSupport
import Testing

@testable import HapticGenerate

/// The intensity control's gap buffer against the plain sorted list it replaces: the same
/// values read and the same points, bit for bit, however the points are set.
@Suite struct ControlPolylineTests {
    /// The definition: points kept sorted by insertion, a point at the same millisecond
    /// replaced; read as a chain of curves is (1 before the first point, linear between, the
    /// last held).
    struct Plain {
        var points: [(ms: Int, value: Double)] = []

        mutating func set(_ ms: Int, _ value: Double) {
            if let i = points.firstIndex(where: { $0.ms >= ms }) {
                if points[i].ms == ms {
                    points[i].value = value
                } else {
                    points.insert((ms, value), at: i)
                }
            } else {
                points.append((ms, value))
            }
        }

        func value(at ms: Int) -> Double {
            guard let i = points.firstIndex(where: { $0.ms >= ms }) else {
                return points.last?.value ?? 1
            }
            if points[i].ms == ms { return points[i].value }
            guard i > 0 else { return 1 }
            let (t0, v0) = points[i - 1]
            let (t1, v1) = points[i]
            return v0 + (v1 - v0) * (Double(ms) - Double(t0)) / (Double(t1) - Double(t0))
        }
    }

    /// A bed set in time order, then bumps around random times (in time order, as the hits
    /// come, or in any order), each read before it is set, as the assembler does; repeated
    /// times included.
    @Test(arguments: 0..<20)
    func matchesThePlainSortedList(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var fast = ControlPolyline()
        var plain = Plain()
        var ms = 0
        for _ in 0..<Int.random(in: 0...200, using: &random) {
            ms += Int.random(in: 0...40, using: &random)
            let value = Double(Int.random(in: 0...1_000, using: &random)) / 1_000
            fast.set(ms, value)
            plain.set(ms, value)
        }
        var times = (0..<Int.random(in: 0...60, using: &random)).map { _ in
            Int.random(in: -5...(ms + 50), using: &random)
        }
        if seed % 2 == 0 { times.sort() }
        for t in times {
            for probe in [t - 2, t, t + 2] {
                #expect(fast.value(at: probe).bitPattern == plain.value(at: probe).bitPattern)
            }
            let value = Double.random(in: 0...1, using: &random)
            for (at, v) in [
                (t - 2, fast.value(at: t - 2)), (t + 2, fast.value(at: t + 2)), (t, value),
            ] {
                fast.set(at, v)
                plain.set(at, v)
            }
        }
        #expect(fast.points.map(\.time) == plain.points.map { Double($0.ms) / 1_000 })
        #expect(fast.points.map(\.value.bitPattern) == plain.points.map(\.value.bitPattern))
    }
}
