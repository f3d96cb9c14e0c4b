/// A decoded AHAP pattern in canonical form.
///
/// Canonical means: events, parameters and curves each sorted by time (stable, so equal
/// times keep their file order), every value clamped to its range, `version` filled in.
/// The decoder produces this form and the encoder writes it back unchanged, so
/// `decode(encode(p)) == p`. Core Haptics schedules by `Time`, never by array order, so
/// sorting loses nothing a device would play.
public struct HapticPattern: Hashable, Sendable {
    /// `Version` (1.0 when the file omits it or writes it as a string).
    public var version: Double
    /// `Metadata`: free-form, never read by Core Haptics; kept in file order.
    public var metadata: [MetadataEntry]
    /// Every `Event` item, sorted by time.
    public var events: [HapticEvent]
    /// Every `Parameter` item, sorted by time.
    public var parameters: [DynamicParameter]
    /// Every `ParameterCurve` item, sorted by time.
    public var curves: [ParameterCurve]

    public init(
        version: Double = 1.0, metadata: [MetadataEntry] = [],
        events: [HapticEvent] = [], parameters: [DynamicParameter] = [],
        curves: [ParameterCurve] = []
    ) {
        self.version = version
        self.metadata = metadata
        self.events = events
        self.parameters = parameters
        self.curves = curves
    }

    /// Whether the pattern has nothing to play (Core Haptics rejects it with −4814).
    public var isEmpty: Bool { events.isEmpty && parameters.isEmpty && curves.isEmpty }

    /// Puts the pattern in canonical order (stable sort of events, parameters, curves
    /// and curve points by time). O(n log n).
    public mutating func canonicalize() {
        events = events.stableSorted { $0.time < $1.time }
        parameters = parameters.stableSorted { $0.time < $1.time }
        curves = curves.stableSorted { $0.time < $1.time }
        for i in curves.indices {
            curves[i].points = curves[i].points.stableSorted { $0.time < $1.time }
        }
    }
}

/// One `Metadata` entry. Values are kept as JSON text-equivalent values so unknown tool
/// keys (`"Created By"`, nested objects) round-trip.
public struct MetadataEntry: Hashable, Sendable {
    public var key: String
    public var value: MetadataValue

    public init(key: String, value: MetadataValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON value inside `Metadata`.
public indirect enum MetadataValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([MetadataValue])
    case object([MetadataEntry])
}

extension Array {
    /// A stable sort (equal elements keep their relative order). O(n log n).
    @usableFromInline
    func stableSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        enumerated()
            .sorted { a, b in
                areInIncreasingOrder(a.element, b.element)
                    || (!areInIncreasingOrder(b.element, a.element) && a.offset < b.offset)
            }
            .map(\.element)
    }
}
