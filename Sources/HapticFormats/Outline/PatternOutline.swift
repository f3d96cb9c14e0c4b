import HapticPattern

/// A haptic pattern reduced to what every target format holds: one continuous signal (an
/// intensity and a sharpness envelope) and transients on top of it. Every conversion goes
/// through it: AHAP and `.haptic` are read into an outline, targets are written from one.
///
/// Intensity is the effective haptic intensity (AHAP's scale, 0…1: event intensity × control
/// × envelope), linear in intensity between points; before the first point and after the last
/// the continuous signal is silent. Sharpness is linear between points and holds its first and
/// last value outside them. Points at equal times are a step. Transients play at their own
/// intensity, whatever the continuous signal does (docs/formats.md, "The outline").
public struct PatternOutline: Sendable, Hashable {
    /// The continuous signal's intensity, in time order.
    public var intensity: [OutlinePoint]
    /// The continuous signal's sharpness, in time order; empty = ``defaultSharpness``.
    public var sharpness: [OutlinePoint]
    /// Transients, in time order.
    public var transients: [OutlineTransient]
    /// Where the pattern ends, in seconds (≥ every point and transient time).
    public var duration: Double
    /// What reading the source dropped or approximated.
    public var notes: [ConversionNote]

    public init(
        intensity: [OutlinePoint] = [], sharpness: [OutlinePoint] = [],
        transients: [OutlineTransient] = [],
        duration: Double = 0, notes: [ConversionNote] = []
    ) {
        self.intensity = intensity
        self.sharpness = sharpness
        self.transients = Self.inTimeOrder(transients)
        self.duration = duration
        self.notes = notes
    }

    /// Sharpness where the outline has no sharpness envelope: the `.haptic` spec's default
    /// frequency 0.5, as sharpness √0.5.
    public static let defaultSharpness = 0.5.squareRoot()

    /// The continuous intensity at `t` (the right-hand value at a step). O(log points).
    public func intensity(at t: Double) -> Double {
        guard let first = intensity.first, let last = intensity.last, t >= first.time,
            t <= last.time
        else { return 0 }
        return OutlinePoint.interpolate(intensity, at: t)
    }

    /// The continuous sharpness at `t` (held outside the envelope). O(log points).
    public func sharpness(at t: Double) -> Double {
        sharpness.isEmpty ? Self.defaultSharpness : OutlinePoint.interpolate(sharpness, at: t)
    }

    /// ``transients`` in time order, as every writer walks them (kept as they are when a
    /// caller has not disordered them). O(transients) when in order.
    var transientsInTimeOrder: [OutlineTransient] { Self.inTimeOrder(transients) }

    /// `transients` sorted by time, equal times keeping their order.
    private static func inTimeOrder(_ transients: [OutlineTransient]) -> [OutlineTransient] {
        if zip(transients, transients.dropFirst()).allSatisfy({ $0.time <= $1.time }) {
            return transients
        }
        return transients.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
    }

    /// Whether the continuous signal is silent throughout.
    public var isContinuousSilent: Bool { intensity.allSatisfy { $0.value <= 0 } }
}

/// One point of an outline envelope.
public struct OutlinePoint: Sendable, Hashable {
    public var time: Double
    public var value: Double

    public init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }

    /// The part of the polyline `points` within `range`, with a point interpolated at each end
    /// of it that the polyline passes (one held point when it lies wholly to one side).
    /// O(points).
    static func cut(_ points: [OutlinePoint], to range: ClosedRange<Double>) -> [OutlinePoint] {
        guard let first = points.first, let last = points.last,
            first.time < range.lowerBound || last.time > range.upperBound
        else { return points }
        var inside = points.filter { range.contains($0.time) }
        if first.time < range.lowerBound, inside.first?.time != range.lowerBound {
            inside.insert(
                OutlinePoint(
                    time: range.lowerBound, value: interpolate(points, at: range.lowerBound)),
                at: 0)
        }
        if last.time > range.upperBound, inside.last?.time != range.upperBound {
            inside.append(
                OutlinePoint(
                    time: range.upperBound, value: interpolate(points, at: range.upperBound)))
        }
        return inside
    }

    /// The polyline's value at `t`: held before the first and after the last point, the
    /// right-hand value at a step. O(log points).
    static func interpolate(_ points: [OutlinePoint], at t: Double) -> Double {
        guard let first = points.first else { return 0 }
        guard t >= first.time else { return first.value }
        // lo: the last point at or before t (after a step, its right-hand value); hi: the next.
        let hi = points.partitioningIndex { $0.time > t }
        let lo = hi - 1
        guard hi < points.count else { return points[lo].value }
        let a = points[lo]
        let b = points[hi]
        return a.value + (b.value - a.value) * (t - a.time) / (b.time - a.time)
    }
}

/// One transient of an outline.
public struct OutlineTransient: Sendable, Hashable {
    public var time: Double
    /// Effective intensity, 0…1.
    public var intensity: Double
    public var sharpness: Double

    public init(time: Double, intensity: Double, sharpness: Double) {
        self.time = time
        self.intensity = intensity
        self.sharpness = sharpness
    }
}
