/// A `.haptic` clip (Meta Haptics SDK / Lofelt Studio format, version 1): one continuous
/// signal described by an amplitude envelope, an optional frequency envelope and emphasis
/// points on amplitude breakpoints.
///
/// Values are normalized 0…1; times are seconds from the clip start. The clip lasts until its
/// last amplitude breakpoint (docs/formats.md, "The .haptic format").
public struct HapticClip: Hashable, Sendable {
    /// `version` (`major`.`minor`.`patch`); the decoder reads major version 1 only.
    public var version: Version
    /// `metadata`: free-form descriptive fields, never played.
    public var metadata: Metadata
    /// `signals.continuous.envelopes.amplitude`, in file order (non-decreasing times).
    public var amplitude: [AmplitudeBreakpoint]
    /// `signals.continuous.envelopes.frequency`, in file order; empty when absent or `[]`.
    public var frequency: [FrequencyBreakpoint]

    public init(
        version: Version = .current, metadata: Metadata = Metadata(),
        amplitude: [AmplitudeBreakpoint],
        frequency: [FrequencyBreakpoint] = []
    ) {
        self.version = version
        self.metadata = metadata
        self.amplitude = amplitude
        self.frequency = frequency
    }

    /// The clip's length: the time of the last amplitude breakpoint (0 without breakpoints).
    public var duration: Double { amplitude.last?.time ?? 0 }

    /// The frequency a player uses where the clip has no frequency envelope (the spec's
    /// "typically 0.5").
    public static let defaultFrequency = 0.5

    /// A `major.minor.patch` schema version.
    public struct Version: Hashable, Sendable, CustomStringConvertible {
        public var major: Int
        public var minor: Int
        public var patch: Int

        public init(major: Int, minor: Int, patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        /// 1.0.0, the version this module reads and writes.
        public static let current = Version(major: 1, minor: 0, patch: 0)

        public var description: String { "\(major).\(minor).\(patch)" }
    }

    /// The spec's metadata fields; every one is optional and free text.
    public struct Metadata: Hashable, Sendable {
        public var editor: String?
        public var author: String?
        public var source: String?
        public var project: String?
        public var tags: [String]
        public var description: String?

        public init(
            editor: String? = nil, author: String? = nil, source: String? = nil,
            project: String? = nil,
            tags: [String] = [], description: String? = nil
        ) {
            self.editor = editor
            self.author = author
            self.source = source
            self.project = project
            self.tags = tags
            self.description = description
        }
    }
}

/// One point of the amplitude envelope; the envelope is linear between points.
public struct AmplitudeBreakpoint: Hashable, Sendable {
    public var time: Double
    /// 0 = no vibration, 1 = the hardware's maximum.
    public var amplitude: Double
    /// A transient played at this point, on top of the envelope.
    public var emphasis: Emphasis?

    public init(time: Double, amplitude: Double, emphasis: Emphasis? = nil) {
        self.time = time
        self.amplitude = amplitude
        self.emphasis = emphasis
    }
}

/// A transient ("haptic highlight") attached to an amplitude breakpoint.
public struct Emphasis: Hashable, Sendable {
    /// The transient's strength, at least the envelope's amplitude at its breakpoint.
    public var amplitude: Double
    /// The transient's sharpness (the spec calls it a normalized sharpness, 0…1).
    public var frequency: Double

    public init(amplitude: Double, frequency: Double) {
        self.amplitude = amplitude
        self.frequency = frequency
    }
}

/// One point of the frequency envelope; the envelope is linear between points, holds its
/// first value before the first point and its last value after the last one.
public struct FrequencyBreakpoint: Hashable, Sendable {
    public var time: Double
    /// Normalized frequency: 0 = the lowest the hardware plays, 1 = the highest.
    public var frequency: Double

    public init(time: Double, frequency: Double) {
        self.time = time
        self.frequency = frequency
    }
}
