import FoundationEssentials
import HapticPattern

/// What the audition page redraws its panels from when the user zooms in: the events, the
/// parameter curves and every signal as a multi-resolution min/max pyramid, as one compact
/// JSON document embedded in the page.
///
/// The static SVG shows one min/max pair per pixel column of the whole pattern; zoomed to a
/// second of a 12-minute film that would be a few columns. The pyramid keeps the signal at
/// a finer grain — level 0 is the `PlotData` signal itself (at most the level-0 budget of
/// values, else min/max pairs of groups), each further level merges 4 entries of the one
/// below into a min/max pair, down to about a screen's width. The page draws from the
/// coarsest level that still has ≥ 1 entry per pixel, so a redraw costs O(pixels), never
/// O(samples). Values are quantized to 8 bits on a square-root scale (min rounded down, max
/// up: no extreme is lost) and base64-encoded: steps of 1/64 of full scale near full scale
/// (below a panel's pixel height) and of 1/16,000 near zero, so a quiet stretch the page
/// scales up when zoomed keeps its shape.
///
/// Size: ≈ 2.2 bytes per level-0 value per signal (the coarser levels add two thirds, base64
/// a third), so 4 signals at the default budget of 2^20 values stay under 9.5 MB whatever the
/// pattern's length; events add ≈ 20 bytes each. Deterministic: same `PlotData` and width →
/// same bytes.
public struct TimelineDetail: Sendable {
    /// The JSON document (UTF-8, no whitespace), safe to embed in a `<script>` element.
    public let json: String

    /// The most level-0 values per signal: 2^20 ≈ 0.7 ms per value over 12 minutes.
    package static let defaultMaxLevelZeroValues = 1 << 20

    /// The level-0 budget per signal for a pattern of `seconds`: 8,000 values (4,000 min/max
    /// pairs, ~27 per cycle at 150 Hz) per second, at least 2^17 (every sample of a 2.7 s
    /// pattern at 48 kHz), at most `defaultMaxLevelZeroValues` — so a one-minute page carries
    /// ≈ 4 MB of zoom data and no page more than 9.5 MB.
    package static func levelZeroBudget(seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 1 << 17 }
        return min(defaultMaxLevelZeroValues, max(1 << 17, Int(min(seconds, 1e6) * 8_000)))
    }

    /// Coarser levels stop once they are this short (a wide screen's pixel count).
    static let coarsestLevelEntries = 2_048

    /// Builds the document for `data` plotted `width` pixels wide (the SVG's geometry).
    /// O(signal values + events + curve points).
    /// `maxLevelZeroValues` defaults to `levelZeroBudget(seconds: data.duration)`.
    public init(
        data: PlotData, width: Int = TimelinePlot.defaultWidth, maxLevelZeroValues: Int? = nil
    ) {
        let budget = maxLevelZeroValues ?? Self.levelZeroBudget(seconds: data.duration)
        let layout = TimelinePlot.Layout(width: max(TimelinePlot.minimumWidth, width), data: data)
        var out = JSONWriter(layout: .compact, reservingCapacity: 1 << 16)
        out.escapesForScript = true
        out.beginObject()
        out.key("duration")
        out.number(Self.rounded(layout.duration, 6))
        out.key("fullScaleG")
        out.number(Self.rounded(data.accelerationFullScaleG, 3))
        out.key("plotLeft")
        out.number(Self.rounded(layout.plotLeft, 1))
        out.key("plotWidth")
        out.number(Self.rounded(layout.plotWidth, 1))
        out.key("lanes")
        out.beginObject()
        for panel in layout.panels {
            out.key(panel.id)
            out.numbers([Self.rounded(panel.top, 1), Self.rounded(panel.height, 1)])
        }
        out.endObject()
        out.key("denseEvents")
        out.integer(layout.dense ? 1 : 0)
        out.key("colors")
        out.beginArray()
        for level in 0..<SharpnessColorScale.steps {
            out.element()
            out.string(SharpnessColorScale.color(level: level))
        }
        out.endArray()
        Self.appendEvents(&out, data: data, duration: layout.duration)
        out.key("intensity")
        Self.appendCurve(&out, data.effectiveIntensity)
        out.key("sharpness")
        Self.appendCurve(&out, data.effectiveSharpness)
        out.key("signals")
        out.beginObject()
        let signals: [(String, [Float])] = [
            ("drive", data.drive), ("acceleration", data.acceleration),
            ("audioL", data.audioLeft), ("audioR", data.audioRight),
        ]
        for (name, signal) in signals {
            out.key(name)
            Self.appendPyramid(&out, signal, rate: data.sampleRate, maxLevelZero: max(64, budget))
        }
        out.endObject()
        out.endObject()
        json = String(decoding: out.bytes, as: UTF8.self)
    }

    /// `x` to `decimals` places (halves away from zero, −0 as 0): the precision the page needs,
    /// which keeps the document small; written in the JSON writer's one number format.
    static func rounded(_ x: Double, _ decimals: Int) -> Double {
        guard x.isFinite else { return 0 }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let r = (x * scale).rounded() / scale
        return r == 0 ? 0 : r
    }

    // MARK: - Events and curves

    /// Transients as a flat `[time, intensity, colourLevel, …]`; continuous events as
    /// `[time, duration, colourLevel, [t, v, …]]`; audio events as
    /// `[time, duration, row, isClip, volume, label]` with their row count.
    private static func appendEvents(_ out: inout JSONWriter, data: PlotData, duration: Double) {
        var transients: [Double] = []
        var continuous: [(time: Double, length: Double, level: Int, points: [Double])] = []
        var envelopePoints = 0
        for e in data.hapticEvents where e.time.isFinite && e.time <= duration {
            switch e.kind {
            case .hapticTransient(let intensity, let sharpness):
                transients += [
                    rounded(e.time, 5), rounded(TimelinePlot.clamp01(intensity), 3),
                    Double(SharpnessColorScale.level(sharpness)),
                ]
            case .hapticContinuous(let intensity, let sharpness, let envelope):
                let length = e.duration.isFinite ? max(0, e.duration) : 0
                var points =
                    envelope.isEmpty
                    ? [
                        PlotPoint(time: 0, value: intensity),
                        PlotPoint(time: length, value: intensity),
                    ]
                    : envelope
                // Same bound as the SVG: past the budget an event keeps only its peak.
                if envelopePoints + points.count > TimelinePlot.continuousPointBudget {
                    let peak = points.reduce(0) { max($0, TimelinePlot.clamp01($1.value)) }
                    points = [
                        PlotPoint(time: 0, value: peak), PlotPoint(time: length, value: peak),
                    ]
                }
                envelopePoints += points.count
                continuous.append(
                    (
                        rounded(e.time, 5), rounded(length, 5),
                        SharpnessColorScale.level(sharpness),
                        points.flatMap {
                            [rounded($0.time, 5), rounded(TimelinePlot.clamp01($0.value), 3)]
                        }
                    ))
            default:
                continue
            }
        }
        out.key("transients")
        out.numbers(transients)
        out.key("continuous")
        out.beginArray()
        for c in continuous {
            out.element()
            out.beginArray()
            out.element()
            out.number(c.time)
            out.element()
            out.number(c.length)
            out.element()
            out.integer(c.level)
            out.element()
            out.numbers(c.points)
            out.endArray()
        }
        out.endArray()
        let (order, rowOf, rows) = TimelinePlot.audioEventRows(data.audioEvents, duration: duration)
        out.key("audio")
        out.beginArray()
        for i in order {
            let e = data.audioEvents[i]
            let length = e.duration.isFinite ? max(0, e.duration) : 0
            let (custom, volume, label): (Int, Double, String)
            switch e.kind {
            case .audioContinuous(let v): (custom, volume, label) = (0, v, "tone")
            case .audioCustom(let file, let v): (custom, volume, label) = (1, v, file)
            default: continue
            }
            out.element()
            out.beginArray()
            out.element()
            out.number(rounded(e.time, 5))
            out.element()
            out.number(rounded(length, 5))
            out.element()
            out.integer(rowOf[i])
            out.element()
            out.integer(custom)
            out.element()
            out.number(rounded(TimelinePlot.clamp01(volume), 3))
            out.element()
            out.string(label)
            out.endArray()
        }
        out.endArray()
        out.key("audioRows")
        out.integer(rows)
    }

    /// A 0…1 curve as a flat `[t, v, …]`, non-finite points dropped.
    private static func appendCurve(_ out: inout JSONWriter, _ points: [PlotPoint]) {
        out.numbers(
            points.filter { $0.time.isFinite && $0.value.isFinite }.flatMap {
                [rounded($0.time, 5), rounded($0.value, 3)]
            })
    }

    // MARK: - Signal pyramid

    /// `[{"rate": entries per second, "pairs": 0|1, "data": base64}, …]`, finest first.
    /// Level 0 holds single values when the signal fits `maxLevelZero`, else min/max pairs.
    private static func appendPyramid(
        _ out: inout JSONWriter, _ signal: [Float], rate: Double, maxLevelZero: Int
    ) {
        out.beginArray()
        defer { out.endArray() }
        guard !signal.isEmpty, rate > 0 else { return }
        var levels: [(rate: Double, pairs: Bool, bytes: [UInt8])] = []
        if signal.count <= maxLevelZero {
            levels.append((rate, false, signal.map { quantize($0, .toNearestOrAwayFromZero) }))
        } else {
            let group = (signal.count + maxLevelZero - 1) / maxLevelZero
            levels.append((rate / Double(group), true, pairs(signal, group: group)))
        }
        while true {
            let last = levels[levels.count - 1]
            let entries = last.pairs ? last.bytes.count / 2 : last.bytes.count
            guard entries > coarsestLevelEntries else { break }
            levels.append((last.rate / 4, true, merge(last.bytes, pairs: last.pairs, by: 4)))
        }
        for level in levels {
            out.element()
            out.beginObject()
            out.key("rate")
            out.number(rounded(level.rate, 6))
            out.key("pairs")
            out.integer(level.pairs ? 1 : 0)
            out.key("data")
            out.string(Data(level.bytes).base64EncodedString())
            out.endObject()
        }
    }

    /// −1…1 → 0…254 (0 ↦ 127) on a square-root scale, `127 ± 127·√|v|`, NaN ↦ 0; monotonic,
    /// so min/max pairs merge on the bytes. The page decodes `b` as `±((b − 127)/127)²`.
    static func quantize(_ v: Float, _ rule: FloatingPointRoundingRule) -> UInt8 {
        let c = Double(v.isNaN ? 0 : Swift.max(-1, Swift.min(1, v)))
        let companded = (c < 0 ? -1 : 1) * abs(c).squareRoot()
        return UInt8(127 + Int((companded * 127).rounded(rule)))
    }

    /// What the page reads back from a byte of ``quantize(_:_:)``.
    static func dequantize(_ b: UInt8) -> Double {
        let x = (Double(b) - 127) / 127
        return x < 0 ? -x * x : x * x
    }

    /// Min/max pairs of consecutive groups of `group` values.
    private static func pairs(_ signal: [Float], group: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(2 * (signal.count / group + 1))
        var i = 0
        while i < signal.count {
            let end = Swift.min(signal.count, i + group)
            var lo = signal[i]
            var hi = signal[i]
            for v in signal[i..<end] {
                lo = Swift.min(lo, v)
                hi = Swift.max(hi, v)
            }
            out.append(quantize(lo, .down))
            out.append(quantize(hi, .up))
            i = end
        }
        return out
    }

    /// Merges `by` consecutive entries (values or pairs) into one min/max pair.
    private static func merge(_ bytes: [UInt8], pairs: Bool, by: Int) -> [UInt8] {
        let stride = pairs ? 2 : 1
        let entries = bytes.count / stride
        var out: [UInt8] = []
        out.reserveCapacity(2 * (entries / by + 1))
        var e = 0
        while e < entries {
            let end = Swift.min(entries, e + by)
            var lo = UInt8.max
            var hi = UInt8.min
            for k in e..<end {
                lo = Swift.min(lo, bytes[k * stride])
                hi = Swift.max(hi, bytes[k * stride + stride - 1])
            }
            out.append(lo)
            out.append(hi)
            e = end
        }
        return out
    }
}
