import HapticPattern

/// Evaluates one ``ParameterLane`` sample by sample for the render loop.
///
/// Holds a raw view of the parameter lane's breakpoints (owned by the renderer) and a cursor that
/// only moves forward, so filling a block costs O(block + breakpoints crossed). Each value comes
/// from the line equation `v[k] + slope[k]·(n − s[k])`, never from accumulation, so the result at a
/// sample does not depend on how the caller splits the render into blocks.
struct ParameterLaneReader {
    var samples: UnsafePointer<Int64>
    var values: UnsafePointer<Float>
    var slopes: UnsafePointer<Float>
    var count: Int
    var initial: Float
    /// Index of the next breakpoint not yet reached.
    var next = 0
    /// Runtime override (``RuntimeParameterQueue``): holds `overrideValue` from
    /// `overrideFrom` until the parameter lane's next scheduled breakpoint after it.
    var overrideValue: Float = 0
    var overrideFrom: Int64 = .max
    var overrideUntil: Int64 = .max

    init(
        samples: UnsafePointer<Int64>, values: UnsafePointer<Float>, slopes: UnsafePointer<Float>,
        count: Int, initial: Float
    ) {
        self.samples = samples
        self.values = values
        self.slopes = slopes
        self.count = count
        self.initial = initial
    }

    /// Moves the cursor so that `next` is the first breakpoint after `n`. O(log count).
    mutating func seek(to n: Int64) {
        next = partitionPoint(in: 0..<count) { !(samples[$0] <= n) }
        overrideFrom = .max
        overrideUntil = .max
    }

    /// Applies a runtime value from sample `n` on.
    mutating func override(value: Float, from n: Int64) {
        overrideValue = value
        overrideFrom = n
        // The next scheduled breakpoint strictly after n takes over again.
        var k = next
        while k < count && samples[k] <= n { k &+= 1 }
        overrideUntil = k < count ? samples[k] : .max
    }

    /// The parameter lane's value at sample `n` without moving the cursor: the renderer reads
    /// grid points up to one drive period past the chunk it has filled. Same arithmetic as
    /// ``fill(_:start:frames:)``, so both agree on every sample. O(breakpoints between the cursor
    /// and `n`), usually O(1). Inlined: out of line, each call copied the 72-byte reader to the
    /// stack first.
    @inline(__always)
    func value(at n: Int64) -> Float {
        if n >= overrideFrom && n < overrideUntil { return overrideValue }
        var k = next
        while k > 0 && samples[k &- 1] > n { k &-= 1 }
        while k < count && samples[k] <= n { k &+= 1 }
        if k == 0 { return initial }
        let v = values[k &- 1]
        let s = slopes[k &- 1]
        return s == 0 ? v : v + s * Float(n &- samples[k &- 1])
    }

    /// The line the parameter lane follows at sample `n` (a line, the held value or the runtime value) and
    /// the first sample after `n` at which it leaves it: its next breakpoint, or where a runtime
    /// value starts or ends. Every sample from `n` up to that change reads its value from the line
    /// (``ParameterLaneLine/value(at:)``, the arithmetic of ``value(at:)``), so a drive period,
    /// which never crosses a change, searches the breakpoints once. O(1) as ``value(at:)``.
    @inline(__always)
    func line(at n: Int64) -> ParameterLaneLine {
        var k = next
        while k > 0 && samples[k &- 1] > n { k &-= 1 }
        while k < count && samples[k] <= n { k &+= 1 }
        var change = k < count ? samples[k] : Int64.max
        if overrideFrom > n { change = min(change, overrideFrom) }
        if n >= overrideFrom && n < overrideUntil {
            return ParameterLaneLine(
                value: overrideValue, slope: 0, origin: n, change: min(change, overrideUntil))
        }
        if k == 0 { return ParameterLaneLine(value: initial, slope: 0, origin: n, change: change) }
        return ParameterLaneLine(
            value: values[k &- 1], slope: slopes[k &- 1], origin: samples[k &- 1], change: change)
    }

    /// Moves the cursor past every breakpoint up to sample `n`, as ``fill(_:start:frames:)``
    /// through `n` would, without writing values. O(breakpoints crossed).
    mutating func skip(through n: Int64) {
        while next < count && samples[next] <= n { next &+= 1 }
    }

    /// Writes the parameter lane's values for samples `start ..< start + frames` into `out`.
    mutating func fill(_ out: UnsafeMutablePointer<Float>, start: Int64, frames: Int) {
        var i = 0
        while i < frames {
            let n = start &+ Int64(i)
            while next < count && samples[next] <= n { next &+= 1 }
            // Samples until the line (or override) changes: fill that span in one loop.
            var spanEnd = next < count ? samples[next] : Int64.max
            let inOverride = n >= overrideFrom && n < overrideUntil
            if inOverride {
                spanEnd = min(spanEnd, overrideUntil)
            } else if n < overrideFrom {
                spanEnd = min(spanEnd, overrideFrom)
            }
            let span = Int(min(spanEnd &- n, Int64(frames &- i)))
            if inOverride {
                for j in 0..<span { out[i &+ j] = overrideValue }
            } else if next == 0 {
                for j in 0..<span { out[i &+ j] = initial }
            } else {
                let k = next &- 1
                let v = values[k]
                let s = slopes[k]
                let offset = Float(n &- samples[k])
                if s == 0 {
                    for j in 0..<span { out[i &+ j] = v }
                } else {
                    for j in 0..<span { out[i &+ j] = v + s * (offset + Float(j)) }
                }
            }
            i &+= span
        }
    }
}

/// One line of a parameter lane (``ParameterLaneReader/line(at:)``): `value + slope·(n − origin)`
/// until `change`.
struct ParameterLaneLine {
    var value: Float
    var slope: Float
    var origin: Int64
    /// The first sample at which the parameter lane leaves this line.
    var change: Int64

    /// A line read nowhere (``PeriodLines/unread``): it changes at once.
    static let unread = ParameterLaneLine(value: 0, slope: 0, origin: .min, change: .min)

    /// The parameter lane's value at sample `n` (before ``change``), as
    /// ``ParameterLaneReader/value(at:)`` computes it. O(1).
    @inline(__always)
    func value(at n: Int64) -> Float { slope == 0 ? value : value + slope * Float(n &- origin) }
}
