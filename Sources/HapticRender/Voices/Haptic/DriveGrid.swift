/// What continuous haptic voices read at their grid points: the layers' intensity and
/// sharpness parameter lanes and the drive tables: a small view the haptic voices keep.
struct DriveGrid {
    let parameterLanes: ParameterLaneBank
    let lookup: DriveLookup
    /// Drive period in samples (see ``DriveRamp``), a power of two.
    let period: Int64
    /// Largest error of a period's straight line at its midpoint, V: a period that bends more
    /// (a mapping's cap, a steep curve) is halved until it does not, down to one sample.
    let toleranceVolts: Double

    /// Whether sample `n` is on the drive grid (`period` is a power of two). O(1).
    @inline(__always)
    func isGridPoint(_ n: Int64) -> Bool { n & (period &- 1) == 0 }

    /// The first grid point after `n`. O(1).
    @inline(__always)
    func nextGridPoint(after n: Int64) -> Int64 { (n | (period &- 1)) &+ 1 }

    /// Both parameter lanes' lines at the start `n` of a drive period: a period ends at or before
    /// either parameter lane's next change (``periodEnd(_:from:bend:_:)``), so every sample in it
    /// reads them. O(1) amortized (two breakpoint searches).
    @inline(__always)
    func lines(_ spec: VoiceSpec, at n: Int64) -> PeriodLines {
        PeriodLines(
            intensity: parameterLanes.reader(spec.layer, .hapticIntensity).pointee.line(at: n),
            sharpness: parameterLanes.reader(spec.layer, .hapticSharpness).pointee.line(at: n))
    }

    /// The voice's lines at `n` (a period's start, after the one they were read at): a line holds
    /// until its ``ParameterLaneLine/change`` (``ParameterLaneReader/line(at:)``), so the voice
    /// keeps both and searches a parameter lane again only once past it. A runtime value forgets
    /// them (``cut(_:at:)``). O(1).
    @inline(__always)
    func lines(of voice: inout ContinuousHapticVoice, at n: Int64) -> PeriodLines {
        if n >= voice.lines.intensity.change {
            voice.lines.intensity = parameterLanes.reader(voice.spec.layer, .hapticIntensity)
                .pointee.line(
                    at: n)
        }
        if n >= voice.lines.sharpness.change {
            voice.lines.sharpness = parameterLanes.reader(voice.spec.layer, .hapticSharpness)
                .pointee.line(
                    at: n)
        }
        return voice.lines
    }

    /// The effective intensity (parameter lanes × envelope) and sharpness of `spec` at `n`, a
    /// sample of the period whose lines are `lines` (at its end, the lines' values there: the
    /// parameter lanes' left limits, so nothing changes before its time). O(1).
    ///
    /// The envelope is read inside the voice's sounding samples only (`start + 1 … end − 1`):
    /// the intensity law jumps from 0 V at intensity 0 to the perception threshold just above
    /// it, and a ramp towards the envelope's exact 0 at `start` or `end` would spread that
    /// jump over a whole drive period. (The first sample needs no 0: the carrier starts at
    /// sin 0.) A parameter lane that takes intensity to exactly 0 mid-voice still ramps to silence.
    @inline(__always)
    func inputs(_ spec: VoiceSpec, at n: Int64, _ lines: PeriodLines) -> PeriodInputs {
        let last = max(spec.end &- spec.start &- 1, 1)
        let offset = min(max(n &- spec.start, 1), last)
        let intensity =
            min(max(spec.level * lines.intensity.value(at: n), 0), 1)
            * spec.envelope.gain(at: Float(offset))
        let sharpness = min(max(spec.timbre + lines.sharpness.value(at: n), 0), 1)
        return PeriodInputs(intensity: intensity, sharpness: sharpness)
    }

    /// The drive point of inputs `x` through the drive tables, reusing `column` while the
    /// sharpness is the one it was looked up for. O(1).
    @inline(__always)
    func point(_ x: PeriodInputs, _ column: inout SharpnessCache) -> DrivePoint {
        if x.sharpness != column.sharpness {
            column = SharpnessCache(
                sharpness: x.sharpness, column: lookup.column(sharpness: Double(x.sharpness)))
        }
        return lookup.evaluate(column.column, intensity: Double(x.intensity))
    }

    /// The drive point of `spec` at `n` (a sample of the period whose lines are `lines`). O(1).
    @inline(__always)
    func point(
        _ spec: VoiceSpec, at n: Int64, _ lines: PeriodLines, _ column: inout SharpnessCache
    ) -> DrivePoint {
        point(inputs(spec, at: n, lines), &column)
    }

    /// The end of the drive period that starts at `n`: the next grid point, the envelope's next
    /// corner `bend` (``nextCorner(_:after:)``), or the first change of the voice's intensity or
    /// sharpness parameter lane before it. Whether it is such a change (then the next period starts
    /// from the parameter lanes' new values, not this period's end). O(1).
    @inline(__always)
    func periodEnd(_ spec: VoiceSpec, from n: Int64, bend: Int64, _ lines: PeriodLines) -> (
        to: Int64, atChange: Bool
    ) {
        let grid = nextGridPoint(after: n)
        let change = min(lines.intensity.change, lines.sharpness.change)
        var to = grid
        var atChange = false
        if bend < change && bend < grid {
            to = bend
        } else if change <= grid {
            (to, atChange) = (change, true)
        }
        // Where a parameter lane's line crosses a clamp bound (sharpness 0 or 1, intensity ×
        // parameter lane 0 or 1), the input bends: the period ends there too. A flat line has equal
        // ends, which never cross (the test's answer without its arithmetic).
        var crossing = Int64.max
        if lines.sharpness.slope != 0 {
            crossing = Self.crossing(
                from: n, Double(spec.timbre) + Double(lines.sharpness.value(at: n)),
                to: to, Double(spec.timbre) + Double(lines.sharpness.value(at: to)))
        }
        if lines.intensity.slope != 0 {
            crossing = min(
                crossing,
                Self.crossing(
                    from: n, Double(spec.level) * Double(lines.intensity.value(at: n)),
                    to: to, Double(spec.level) * Double(lines.intensity.value(at: to))))
        }
        return crossing < to ? (crossing, false) : (to, atChange)
    }

    /// The first envelope corner after sample `n` (the end of the attack, the start of the
    /// decay or release), rounded up to a sample: a kink, not a jump, but the intensity law
    /// bends hardest there. `Int64.max` if none is left. O(1).
    ///
    /// The answer holds for every sample from `n` up to it while offsets from the voice's start
    /// are exact in Float (below 2²⁴): a voice keeps it (``ContinuousHapticVoice/corner``) and
    /// asks again only once past it.
    @inline(__always)
    static func nextCorner(_ spec: VoiceSpec, after n: Int64) -> Int64 {
        let e = spec.envelope
        let offset = Float(n &- spec.start)
        let fall = e.sustained ? e.releaseStart : e.attack + e.decay
        var corner = Float.infinity
        if e.attack > offset { corner = e.attack }
        if fall > offset && fall < corner { corner = fall }
        guard corner < 1e15 else { return .max }
        return firstSample(spec, atOrAfter: corner)
    }

    /// The first sample of `spec` at or after envelope offset `offset` (≥ 0, finite): its
    /// ceiling, by truncation. O(1).
    @inline(__always)
    static func firstSample(_ spec: VoiceSpec, atOrAfter offset: Float) -> Int64 {
        let whole = Int64(offset)
        return spec.start &+ (Float(whole) < offset ? whole &+ 1 : whole)
    }

    /// The voice's next envelope corner after `n` (``nextCorner(_:after:)``), from its memo
    /// while `n` is before it. O(1).
    @inline(__always)
    static func corner(_ voice: inout ContinuousHapticVoice, after n: Int64) -> Int64 {
        guard n &- voice.spec.start < 1 << 24 else { return nextCorner(voice.spec, after: n) }
        if n >= voice.corner { voice.corner = nextCorner(voice.spec, after: n) }
        return voice.corner
    }

    /// The first sample after `n` at which the line from `a` (at `n`) to `b` (at `to`) is past
    /// 0 or 1 when `a` is not (or back inside when `a` is past): `Int64.max` if it does not
    /// cross. O(1).
    @inline(__always)
    static func crossing(from n: Int64, _ a: Double, to: Int64, _ b: Double) -> Int64 {
        var bound = 2.0
        if (a < 0) != (b < 0) {
            bound = 0
        } else if (a > 1) != (b > 1) {
            bound = 1
        } else {
            return .max
        }
        let t = Double(to &- n) * (bound - a) / (b - a)
        let whole = Int64(t)
        let at = n &+ (Double(whole) < t ? whole &+ 1 : whole)
        return at > n ? at : .max
    }

    /// The first drive period of a voice starting at `n`, and the sharpness column it looked
    /// up. O(1).
    func firstRamp(_ spec: VoiceSpec, at n: Int64) -> (
        ramp: DriveRamp, atChange: Bool, column: SharpnessCache
    ) {
        var column = SharpnessCache()
        let lines = lines(spec, at: n)
        let (to, atChange) = periodEnd(spec, from: n, bend: Self.nextCorner(spec, after: n), lines)
        let end = point(spec, at: to, lines, &column)
        let start = point(spec, at: n, lines, &column)
        let r = straightened(
            spec, from: n, start: start, to: to, end: end, atChange: atChange, lines, &column)
        return (DriveRamp(from: n, start: start, to: r.to, end: r.end), r.atChange, column)
    }

    /// Starts the drive period beginning at `n` (the previous period's end). O(1): two
    /// parameter-lane searches and one intensity lookup per voice per period (one more after a
    /// parameter-lane change or a sharpness move, one more where the drive bends).
    func advance(_ voice: inout ContinuousHapticVoice, at n: Int64) {
        let spec = voice.spec
        let lines = lines(of: &voice, at: n)
        let (to, atChange) = periodEnd(spec, from: n, bend: Self.corner(&voice, after: n), lines)
        // After a parameter-lane change the period starts from the parameter lanes' new values;
        // otherwise from the previous period's end, where the lines meet.
        let start =
            voice.rampEndsAtChange ? point(spec, at: n, lines, &voice.column) : voice.ramp.end
        // Held parameter lanes and a sustaining envelope give the same inputs period after period:
        // the drive point is a pure function of them, so the last one is reused (same bits, no
        // table lookup).
        let x = inputs(spec, at: to, lines)
        let last = voice.endInputs
        let end =
            !voice.rampEndsAtChange && x.intensity == last.intensity
                && x.sharpness == last.sharpness
            ? voice.ramp.end
            : point(x, &voice.column)
        var r = straightened(
            spec, from: n, start: start, to: to, end: end, atChange: atChange, lines, &voice.column)
        // A held ramp's slopes are 0 whatever its length: it may run on.
        if r.to == to && start == end { r.to = heldThrough(spec, from: n, to: to, lines) }
        voice.endInputs = r.to >= to ? x : PeriodInputs(intensity: .nan, sharpness: .nan)
        voice.rampEndsAtChange = r.atChange
        voice.ramp = DriveRamp(from: n, start: start, to: r.to, end: r.end)
    }

    /// Where a held period — equal drive points at its ends `n` and `to` — can run on: the last
    /// grid point before the inputs can next move (a parameter-lane change, or the release's
    /// corner), if both parameter lanes hold and the envelope sustains at 1 from `n` on; `to`
    /// otherwise. Every grid period up to there would start and end on the same inputs, so it would
    /// be the same flat ramp: one period instead of many, with the same drive at every sample (the
    /// steady path still renormalizes its carrier on every grid point). O(1).
    @inline(__always)
    func heldThrough(_ spec: VoiceSpec, from n: Int64, to: Int64, _ lines: PeriodLines) -> Int64 {
        let e = spec.envelope
        let offset = Float(n &- spec.start)
        guard to & (period &- 1) == 0, lines.intensity.slope == 0, lines.sharpness.slope == 0,
            e.sustained,
            offset >= e.attack, e.releaseStart > offset
        else { return to }
        let release = Self.firstSample(spec, atOrAfter: e.releaseStart)  // the release's corner
        let moves = min(release, min(lines.intensity.change, lines.sharpness.change))
        let last = (moves &- 1) & ~(period &- 1)
        return max(last, to)
    }

    /// The end of the ramp from `start` at `n` to `end` at `to`, halved while the drive at its
    /// midpoint or either quarter is off the straight line (``isOnLine(_:at:from:_:to:_:)``),
    /// so the line follows the mapping wherever it bends.
    /// Equal ends are tested too: they do not make a period flat. The envelope of an event shorter
    /// than its attack peaks where its rise meets its release, between two corners, and a
    /// parameter lane's line times the envelope's is a parabola; a period whose ends fall on
    /// either side of such a peak at the same height would otherwise hold the ends' drive over
    /// it. O(1) in the common case (a straight enough period: three lookups), O(log period)
    /// otherwise.
    func straightened(
        _ spec: VoiceSpec, from n: Int64, start: DrivePoint, to: Int64, end: DrivePoint,
        atChange: Bool, _ lines: PeriodLines, _ column: inout SharpnessCache
    )
        -> (to: Int64, end: DrivePoint, atChange: Bool)
    {
        if start == end && isHeld(spec, from: n, to: to, lines) { return (to, end, atChange) }
        var to = to
        var end = end
        var atChange = atChange
        // The intensity law jumps between 0 V (intensity exactly 0) and the perception threshold:
        // a period that starts or ends at 0 V next to a driven sample is cut to that one sample.
        if to &- n > 1 && start.volts == 0 {
            let next = point(spec, at: n &+ 1, lines, &column)
            if next.volts != 0 { return (n &+ 1, next, false) }
        }
        if to &- n > 1 && end.volts == 0 {
            let last = point(spec, at: to &- 1, lines, &column)
            if last.volts != 0 { (to, end, atChange) = (to &- 1, last, false) }
        }
        while to &- n >= 2 {
            let mid = n &+ (to &- n) / 2
            let exact = point(spec, at: mid, lines, &column)
            var straight = isOnLine(exact, at: mid, from: n, start, to: to, end)
            // A line can cross a bending mapping at its midpoint: a convex stretch, then a
            // kink (the ERM's sensation-level law bends at each corner of the threshold curve,
            // its frequency moving with its volts), so the quarters are tested too.
            if straight && to &- n >= 4 {
                let first = n &+ (to &- n) / 4
                let third = to &- (to &- n) / 4
                straight =
                    isOnLine(
                        point(spec, at: first, lines, &column), at: first, from: n, start, to: to,
                        end)
                    && isOnLine(
                        point(spec, at: third, lines, &column), at: third, from: n, start, to: to,
                        end)
            }
            if straight { break }
            (to, end, atChange) = (mid, exact, false)
        }
        return (to, end, atChange)
    }

    /// Whether the inputs hold over `n … to`: both parameter lanes' lines flat and the envelope
    /// at exactly 1 (between a sustained envelope's attack and its release) at every offset
    /// ``inputs(_:at:_:)`` reads. The drive is then one point; no sample of the period can leave
    /// the line. O(1).
    @inline(__always)
    func isHeld(_ spec: VoiceSpec, from n: Int64, to: Int64, _ lines: PeriodLines) -> Bool {
        let e = spec.envelope
        guard lines.intensity.slope == 0, lines.sharpness.slope == 0, e.sustained else {
            return false
        }
        let last = max(spec.end &- spec.start &- 1, 1)
        let first = Float(min(max(n &- spec.start, 1), last))
        let final = Float(min(max(to &- spec.start, 1), last))
        return first >= e.attack && final <= e.releaseStart
    }

    /// Whether the drive point `exact` at sample `m` lies within tolerance of the line from
    /// `start` at `n` to `end` at `to`: ``toleranceVolts`` in volts, 1e-4 relative in
    /// frequency, 1e-3 relative in excursion per volt. O(1).
    @inline(__always)
    func isOnLine(
        _ exact: DrivePoint, at m: Int64, from n: Int64, _ start: DrivePoint, to: Int64,
        _ end: DrivePoint
    ) -> Bool {
        let t = Double(m &- n) / Double(to &- n)
        let voltsError = abs(start.volts + (end.volts - start.volts) * t - exact.volts)
        // At one sharpness (the common case) frequency and excursion per volt are equal at
        // all three points: their errors are exactly 0, so only the volts decide.
        if start.hz == end.hz && exact.hz == end.hz
            && start.excursionPerVolt == end.excursionPerVolt
            && exact.excursionPerVolt == end.excursionPerVolt
        {
            return voltsError <= toleranceVolts
        }
        let hzError = abs(start.hz + (end.hz - start.hz) * t - exact.hz) / max(exact.hz, 1)
        // The onset overdrive's target follows |X/V(f)|, which peaks at f0: a glide through
        // the resonance bends it far more than the frequency itself.
        let xpv = start.excursionPerVolt + (end.excursionPerVolt - start.excursionPerVolt) * t
        let xpvError =
            abs(xpv - exact.excursionPerVolt) / max(exact.excursionPerVolt, .leastNormalMagnitude)
        return voltsError <= toleranceVolts && hzError <= 1e-4 && xpvError <= 1e-3
    }

    /// Ends the voice's current drive period at `n` (> its start), where a runtime value changes
    /// its parameter lanes: samples before `n` keep their values, and the period from `n` starts
    /// from the parameter lanes' new values. O(1).
    func cut(_ voice: inout ContinuousHapticVoice, at n: Int64) {
        voice.lines = .unread  // a runtime value from `n` on ends the lines it changes there
        guard n > voice.ramp.from, n < voice.ramp.to else { return }
        voice.ramp.to = n
        voice.rampEndsAtChange = true
        voice.endInputs = PeriodInputs(intensity: .nan, sharpness: .nan)
    }
}

/// What a continuous voice's drive point depends on, for ``DriveGrid/advance(_:at:)``'s
/// reuse test. NaN (the initial value) never compares equal, so the first period computes.
struct PeriodInputs {
    var intensity: Float
    var sharpness: Float
}

/// The lines of a voice's intensity and sharpness parameter lanes over one drive period
/// (``DriveGrid/lines(_:at:)``).
struct PeriodLines {
    var intensity: ParameterLaneLine
    var sharpness: ParameterLaneLine

    /// Lines read nowhere: they change at `Int64.min`, so the first period reads both parameter
    /// lanes.
    static let unread = PeriodLines(intensity: .unread, sharpness: .unread)
}

/// A voice's last sharpness column (``DriveLookup/column(sharpness:)``) and the sharpness it
/// was looked up for; NaN at first, which never compares equal.
struct SharpnessCache {
    var sharpness: Float = .nan
    var column = SharpnessColumn(hz: 0, maxVolts: 0, thresholdVolts: 0, excursionPerVolt: 0)
}
