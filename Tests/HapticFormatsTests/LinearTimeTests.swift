import HapticPattern
import HapticTestSupport
import Testing

@testable import HapticFormats

/// The conversions' one-pass forms against the definitions they replace, computed here the
/// plain way: the same results, bit for bit, on random inputs.
@Suite struct LinearTimeTests {
    /// Ramer–Douglas–Peucker as written in the textbook: split a span at its farthest point
    /// (the first of equals) while that point is farther than `tolerance`.
    static func rdp(_ xs: [Double], _ ys: [Double], tolerance: Double) -> [Int] {
        guard xs.count > 2 else { return Array(xs.indices) }
        var kept = [0, xs.count - 1]
        func split(_ a: Int, _ b: Int) {
            guard b - a > 1 else { return }
            var worst = a
            var worstDistance = -1.0
            for i in (a + 1)..<b {
                let line =
                    xs[b] > xs[a]
                    ? ys[a] + (ys[b] - ys[a]) * (xs[i] - xs[a]) / (xs[b] - xs[a]) : ys[a]
                if abs(ys[i] - line) > worstDistance {
                    (worst, worstDistance) = (i, abs(ys[i] - line))
                }
            }
            guard worstDistance > tolerance else { return }
            kept.append(worst)
            split(a, worst)
            split(worst, b)
        }
        split(0, xs.count - 1)
        return kept.sorted()
    }

    /// A simplifier asked for many tolerances in random order, and for a most-points
    /// simplification, keeps what a fresh textbook simplification at each tolerance keeps.
    @Test(arguments: 0..<20)
    func simplifierReusedAcrossTolerancesMatchesTheTextbook(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var x = 0.0
        let points: [(x: Double, y: Double)] = (0..<Int.random(in: 0...300, using: &random)).map {
            _ in
            x += [0, 1, 1, 2][Int.random(in: 0..<4, using: &random)]  // steps included
            return (x, Double.random(in: 0...1, using: &random).rounded(toPlaces: 2))
        }
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        var simplifier = PolylineSimplifier(points, x: { $0.x }, y: { $0.y })
        for _ in 0..<12 {
            let tolerance = [0, 0.005, 0.01, 0.1, 0.3, 0.7][Int.random(in: 0..<6, using: &random)]
            #expect(simplifier.kept(tolerance: tolerance) == Self.rdp(xs, ys, tolerance: tolerance))
        }
        let maxPoints = Int.random(in: 2...20, using: &random)
        var lo = 0.0
        var hi = 1.0
        var best = Self.rdp(xs, ys, tolerance: hi)
        if points.count > maxPoints {
            while best.count > maxPoints {
                hi *= 2
                best = Self.rdp(xs, ys, tolerance: hi)
            }
            while hi - lo > 1e-4 {
                let mid = (lo + hi) / 2
                let candidate = Self.rdp(xs, ys, tolerance: mid)
                if candidate.count <= maxPoints { (hi, best) = (mid, candidate) } else { lo = mid }
            }
        } else {
            best = Array(points.indices)
        }
        #expect(simplifier.kept(maxPoints: maxPoints) == best)
    }

    /// The clip's emphases as the definition places them: each transient in time order on
    /// the last breakpoint at its time, or on one inserted there on the envelope's line.
    static func placedOneByOne(_ envelope: [AmplitudeBreakpoint], _ transients: [OutlineTransient])
        -> [AmplitudeBreakpoint]
    {
        var points = envelope
        for t in transients {
            let lo = points.lastIndex { $0.time <= t.time }!
            var i = lo
            if points[lo].time != t.time {
                let (a, b) = (points[lo], points[lo + 1])
                let v =
                    a.amplitude.squareRoot()
                    + (b.amplitude.squareRoot() - a.amplitude.squareRoot()) * (t.time - a.time)
                    / (b.time - a.time)
                points.insert(AmplitudeBreakpoint(time: t.time, amplitude: v * v), at: lo + 1)
                i = lo + 1
            }
            var emphasis = Emphasis(
                amplitude: t.intensity * t.intensity, frequency: min(max(t.sharpness, 0), 1))
            if let existing = points[i].emphasis, existing.amplitude >= emphasis.amplitude {
                emphasis = existing
            }
            emphasis.amplitude = max(emphasis.amplitude, points[i].amplitude)
            points[i].emphasis = emphasis
        }
        return points
    }

    /// Random outlines (steps included) with transients inside the envelope (on breakpoints,
    /// between them, several at one time): the clip's amplitude envelope is the one-by-one
    /// placement's, rounded as the clip rounds it.
    @Test(arguments: 0..<30)
    func clipEmphasesMatchOneByOnePlacement(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var time = 0.5
        var intensity = (0..<Int.random(in: 1...60, using: &random)).map { _ in
            time += [0, 0.01, 0.02][Int.random(in: 0..<3, using: &random)]
            return OutlinePoint(time: time, value: Double.random(in: 0...1, using: &random))
        }
        time += 0.05
        intensity.append(OutlinePoint(time: time, value: 0))
        let transients = (0..<Int.random(in: 0...60, using: &random)).map { _ in
            OutlineTransient(
                time: Bool.random(using: &random)
                    ? intensity[Int.random(in: 0..<intensity.count, using: &random)].time
                    : Double.random(in: intensity[0].time...time, using: &random).rounded(
                        toPlaces: 2),
                intensity: Double.random(in: 0...1, using: &random),
                sharpness: Double.random(in: 0...1, using: &random))
        }
        let outline = PatternOutline(intensity: intensity, transients: transients, duration: time)
        var notes: [ConversionNote] = []
        let clip = HapticClip(outline: outline, notes: &notes)
        let envelope = intensity.map {
            AmplitudeBreakpoint(time: $0.time, amplitude: $0.value * $0.value)
        }
        let expected = Self.placedOneByOne(envelope, outline.transients).map(Self.sixDecimals)
        #expect(clip.amplitude == expected)
    }

    static func sixDecimals(_ p: AmplitudeBreakpoint) -> AmplitudeBreakpoint {
        func r(_ x: Double) -> Double { (x * 1_000_000).rounded() / 1_000_000 }
        return AmplitudeBreakpoint(
            time: p.time, amplitude: r(p.amplitude),
            emphasis: p.emphasis.map {
                Emphasis(amplitude: r($0.amplitude), frequency: r($0.frequency))
            })
    }
}

/// JSONText's layout, written out.
@Suite struct JSONTextTests {
    static let value = JSONText.object([
        ("name", .string("a \"b\"\n")), ("empty", .array([])), ("none", .object([])),
        ("row", .array([.integer(1), .number(0.5), .number(-0.0)])),
        ("items", .array([.object([("on", .bool(true)), ("off", .null)]), .integer(2)])),
    ])

    @Test func indentedTwoSpaces() {
        #expect(
            Self.value.text() == """
                {
                  "name": "a \\"b\\"\\n",
                  "empty": [],
                  "none": {},
                  "row": [1, 0.5, -0],
                  "items": [
                    {
                      "on": true,
                      "off": null
                    },
                    2
                  ]
                }

                """)
    }

    @Test func oneLine() {
        #expect(
            Self.value.text(indent: 0)
                == #"{"name":"a \"b\"\n","empty":[],"none":{},"row":[1,0.5,-0],"items":[{"on":true,"off":null},2]}"#
        )
    }
}

/// The report's streaming measurements against the whole-signal definitions.
@Suite struct EnvelopeMeterTests {
    /// The envelope as defined: prefix sums of the squared samples over the whole signal.
    static func envelope(_ x: [Float], sampleRate: Double) -> [Double] {
        let hop = Int(sampleRate / EnvelopeComparison.frameRate)
        let half = Int(sampleRate * EnvelopeComparison.windowSeconds / 2)
        guard hop > 0, !x.isEmpty else { return [] }
        var prefix = [Double](repeating: 0, count: x.count + 1)
        for i in x.indices { prefix[i + 1] = prefix[i] + Double(x[i]) * Double(x[i]) }
        return stride(from: 0, to: x.count, by: hop).map { c in
            let lo = max(c - half, 0)
            let hi = min(c + half, x.count)
            return ((prefix[hi] - prefix[lo]) / Double(max(hi - lo, 1))).squareRoot()
        }
    }

    /// Random signals (empty, shorter than a window, long) fed in random blocks at 48 kHz and
    /// 8 kHz: the envelope and the peak are the definition's, bit for bit.
    @Test(arguments: 0..<20)
    func blockByBlockMatchesTheWholeSignal(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let rate = [48_000.0, 8_000][Int.random(in: 0..<2, using: &random)]
        let count = [0, 1, 300, 5_000, 40_000][Int.random(in: 0..<5, using: &random)]
        let signal = (0..<count).map { _ in Float.random(in: -1...1, using: &random) }
        var meter = EnvelopeMeter(count: count, sampleRate: rate)
        var start = 0
        signal.withUnsafeBufferPointer { all in
            while start < count {
                let end = min(start + Int.random(in: 1...9_000, using: &random), count)
                meter.add(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
        let expected = Self.envelope(signal, sampleRate: rate)
        #expect(meter.envelope.map(\.bitPattern) == expected.map(\.bitPattern))
        #expect(meter.peak == (signal.lazy.map { abs(Double($0)) }.max() ?? 0))
    }

    /// Onsets matched by binary search: the nearest target onset a scan finds.
    @Test(arguments: 0..<20)
    func onsetsMatchTheNearest(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func onsets() -> [Int] {
            var t = 0
            return (0..<Int.random(in: 0...50, using: &random)).map { _ in
                t += Int.random(in: 20...120, using: &random)
                return t
            }
        }
        let a = onsets()
        let b = onsets()
        let scanned = a.compactMap { t -> Double? in
            guard let nearest = b.min(by: { abs($0 - t) < abs($1 - t) }),
                abs(nearest - t) <= EnvelopeComparison.matchWindowMs
            else { return nil }
            return Double(abs(nearest - t))
        }
        #expect(EnvelopeComparison.matchErrors(a, b) == scanned)
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
