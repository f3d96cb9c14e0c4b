/// An MPEG-I haptics interchange file (`.hjif`, ISO/IEC 23090-31): the parametric part of its
/// key tree, as ``HJIFDecoder`` reads it and ``HJIFEncoder`` writes it (docs/formats.md, "The
/// `.hjif` format"). Times are in ticks of ``timescale``; library references are kept as
/// written (``HJIFEffect/Kind/reference``) and resolved when the experience is played
/// (``PatternOutline/init(experience:)``).
public struct HJIFExperience: Sendable, Hashable {
    /// `version`: the year of the standard's edition (`"2023"`, optionally `"-N"`).
    public var version: String
    public var profile: String
    public var level: Int
    /// `date`, ISO 8601.
    public var date: String
    public var description: String
    /// Ticks per second of every `position` and `relative_position`.
    public var timescale: Int
    public var perceptions: [HJIFPerception]

    /// The edition this package writes.
    public static let currentVersion = "2023"
    /// The timescale read where a file gives none: milliseconds.
    public static let defaultTimescale = 1000
    /// The timescale written: the render rate, the finest the Main profile allows, so that an
    /// outline traced at 48 kHz is written without rounding a time.
    public static let writtenTimescale = 48_000

    public init(
        version: String = Self.currentVersion, profile: String = "Main", level: Int = 1,
        date: String = "", description: String = "", timescale: Int = Self.defaultTimescale,
        perceptions: [HJIFPerception] = []
    ) {
        self.version = version
        self.profile = profile
        self.level = level
        self.date = date
        self.description = description
        self.timescale = timescale
        self.perceptions = perceptions
    }
}

/// One perception: what is felt (``modality``), on which devices, in which channels.
public struct HJIFPerception: Sendable, Hashable {
    public var id: Int
    public var avatarID: Int
    public var description: String
    /// `perception_modality`: `Vibrotactile`, `Force`, `Temperature`, …
    public var modality: String
    public var referenceDevices: [HJIFReferenceDevice]
    /// `effect_library`: the effects channels refer to by `id`.
    public var effectLibrary: [HJIFEffect]
    public var channels: [HJIFChannel]

    /// The modalities a vibrotactile actuator plays; perceptions of others are skipped.
    public static let vibrotactileModalities: Set<String> = [
        "Vibrotactile", "VibrotactileTexture", "Other",
    ]

    public init(
        id: Int = 0, avatarID: Int = 0, description: String = "",
        modality: String = "Vibrotactile", referenceDevices: [HJIFReferenceDevice] = [],
        effectLibrary: [HJIFEffect] = [], channels: [HJIFChannel] = []
    ) {
        self.id = id
        self.avatarID = avatarID
        self.description = description
        self.modality = modality
        self.referenceDevices = referenceDevices
        self.effectLibrary = effectLibrary
        self.channels = channels
    }
}

/// The device a perception was designed on (`reference_devices`): the fields a vibrotactile
/// actuator has; the others are not read.
public struct HJIFReferenceDevice: Sendable, Hashable {
    public var id: Int
    public var name: String
    /// `type`: `Unknown`, `LRA`, `VCA`, `ERM` or `Piezo`.
    public var type: String?
    public var minimumFrequency: Double?
    public var maximumFrequency: Double?
    public var resonanceFrequency: Double?

    public init(
        id: Int, name: String, type: String? = nil, minimumFrequency: Double? = nil,
        maximumFrequency: Double? = nil, resonanceFrequency: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.minimumFrequency = minimumFrequency
        self.maximumFrequency = maximumFrequency
        self.resonanceFrequency = resonanceFrequency
    }
}

/// One channel: a signal for one actuator, scaled by ``gain`` and ``mixingCoefficient``.
public struct HJIFChannel: Sendable, Hashable {
    public var id: Int
    public var description: String
    public var gain: Double
    /// `mixing_coefficient`: the channel's weight when channels are mixed onto one actuator.
    public var mixingCoefficient: Double
    public var bodyPartMask: Int
    public var referenceDeviceID: Int?
    public var bands: [HJIFBand]

    public init(
        id: Int = 0, description: String = "", gain: Double = 1, mixingCoefficient: Double = 1,
        bodyPartMask: Int = 0, referenceDeviceID: Int? = nil, bands: [HJIFBand] = []
    ) {
        self.id = id
        self.description = description
        self.gain = gain
        self.mixingCoefficient = mixingCoefficient
        self.bodyPartMask = bodyPartMask
        self.referenceDeviceID = referenceDeviceID
        self.bands = bands
    }
}

/// One band of a channel: its kind of coding and its effects.
public struct HJIFBand: Sendable, Hashable {
    /// `band_type`. Wavelet bands are refused by the decoder (their coding is not read).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case transient = "Transient"
        case curve = "Curve"
        case vectorialWave = "VectorialWave"
        case waveletWave = "WaveletWave"
    }

    public var kind: Kind
    /// `curve_type` of a Curve band (`Linear`, `Cubic`, …); read as linear.
    public var curveType: String?
    public var lowerFrequencyLimit: Int
    public var upperFrequencyLimit: Int
    public var effects: [HJIFEffect]

    public init(
        kind: Kind, curveType: String? = nil, lowerFrequencyLimit: Int, upperFrequencyLimit: Int,
        effects: [HJIFEffect] = []
    ) {
        self.kind = kind
        self.curveType = curveType
        self.lowerFrequencyLimit = lowerFrequencyLimit
        self.upperFrequencyLimit = upperFrequencyLimit
        self.effects = effects
    }
}

/// One effect: keyframes from ``position`` (a basis effect), a library effect played at
/// ``position`` (a reference), or effects played together from ``position`` (a composite).
public struct HJIFEffect: Sendable, Hashable {
    /// `effect_type`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case basis = "Basis"
        case reference = "Reference"
        case composite = "Composite"
    }

    public var kind: Kind
    /// The library id (a library effect's own, or the one a reference plays).
    public var id: Int?
    /// Ticks from the start (a composite's children: from the composite's position).
    public var position: Int
    /// `base_signal` of a vectorial effect: `Sine` (default), `Square`, `Triangle`, …
    public var baseSignal: String?
    public var keyframes: [HJIFKeyframe]
    /// A composite's effects (`timeline`).
    public var timeline: [HJIFEffect]

    public init(
        kind: Kind = .basis, id: Int? = nil, position: Int, baseSignal: String? = nil,
        keyframes: [HJIFKeyframe] = [], timeline: [HJIFEffect] = []
    ) {
        self.kind = kind
        self.id = id
        self.position = position
        self.baseSignal = baseSignal
        self.keyframes = keyframes
        self.timeline = timeline
    }
}

/// One keyframe: any of a time, an amplitude and a frequency (a keyframe may change one).
public struct HJIFKeyframe: Sendable, Hashable {
    /// `relative_position`, ticks from the effect's position; nil = the previous keyframe's.
    public var relativePosition: Int?
    /// `amplitude_modulation`, 0…1.
    public var amplitude: Double?
    /// `frequency_modulation`, Hz.
    public var frequency: Double?

    public init(relativePosition: Int?, amplitude: Double? = nil, frequency: Double? = nil) {
        self.relativePosition = relativePosition
        self.amplitude = amplitude
        self.frequency = frequency
    }
}
