/// One row of a resolved timeline: what plays, when, and for how long.
///
/// ```swift
/// let rows = Pattern(gap: 0.1) { Transient(); Continuous(duration: 1) }.resolvedTimeline
/// // [TimelineRow(start: 0, duration: 0, kind: .event(.hapticTransient)),
/// //  TimelineRow(start: 0.1, duration: 1, kind: .event(.hapticContinuous))]
/// ```
public struct TimelineRow: Hashable, Sendable, CustomStringConvertible {
    /// What a row describes.
    public enum Kind: Hashable, Sendable {
        /// An `Event` of this type.
        case event(EventType)
        /// A `Parameter` item (a dynamic parameter step).
        case parameter(DynamicParameterID)
        /// A `ParameterCurve` item.
        case curve(DynamicParameterID)

        /// The AHAP name: the event type or the parameter ID.
        public var name: String {
            switch self {
            case .event(let type): return type.rawValue
            case .parameter(let id): return "Parameter " + id.rawValue
            case .curve(let id): return "Curve " + id.rawValue
            }
        }
    }

    /// Start time in seconds from the pattern start.
    public var start: Double
    /// How long the row lasts: the event duration (0 for transients and for events
    /// without one), 0 for a parameter, the last control point's time for a curve.
    public var duration: Double
    /// What plays.
    public var kind: Kind

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - start: Start time in seconds.
    ///   - duration: Length in seconds.
    ///   - kind: What plays.
    public init(start: Double, duration: Double, kind: Kind) {
        self.start = start
        self.duration = duration
        self.kind = kind
    }

    /// `start + duration`.
    public var end: Double { start + duration }

    /// The row as one line of ``HapticPattern/timelineListing()``.
    public var description: String {
        "\(Self.seconds(start))  \(Self.seconds(duration))  \(kind.name)"
    }

    /// `value` as a right-aligned, 3-decimal seconds column.
    static func seconds(_ value: Double) -> String {
        let text = decimal(value, places: 3)
        return String(repeating: " ", count: max(0, 8 - text.count)) + text
    }

    /// `value` with `places` decimals.
    static func decimal(_ value: Double, places: Int) -> String {
        fixedText(value, decimals: places)
    }
}
