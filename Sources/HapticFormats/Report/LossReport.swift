import HapticPattern
import HapticRender

/// What each target of a conversion loses, measured: every target's rendered acceleration
/// against the original's on the same simulated actuator (docs/formats.md, "Measuring the
/// loss").
public struct LossReport: Sendable {
    /// The input's name.
    public var source: String
    public var format: PatternFormat
    /// The actuator every render ran on.
    public var actuator: String
    public var sampleRate: Double
    public var targets: [Target]

    /// One target: its figures and what it dropped or approximated.
    public struct Target: Sendable {
        /// A pattern format's name (`haptic`, `ahap`), or `android.waveform`,
        /// `android.composition`, `android.envelope`.
        public var name: String
        public var comparison: EnvelopeComparison
        public var notes: [ConversionNote]
        /// The Android API level the tier needs (nil for the other targets).
        public var minimumAPILevel: Int?
    }
}

extension FormatConverter {
    /// Renders the original and every target (the converted bytes decoded again, as a player
    /// reads them) and compares them: every other pattern format that is written and read back
    /// (for an AHAP the `.haptic`, for a `.haptic` the AHAP), then the three Android tiers.
    /// O(renders).
    public func report(_ source: ConversionSource, name: String) throws(RenderError) -> LossReport {
        let render = PlaybackRender(configuration: reportConfiguration)
        let original = try render.measure(source.playback)
        let rate = render.configuration.sampleRate
        var targets: [LossReport.Target] = []
        func add(
            _ name: String, _ layers: [HapticPattern], _ notes: [ConversionNote], api: Int? = nil
        ) throws(RenderError) {
            let comparison = EnvelopeComparison(
                original: original, target: try render.measure(layers),
                feltFloor: device.feltFloor)
            targets.append(
                LossReport.Target(
                    name: name, comparison: comparison, notes: notes, minimumAPILevel: api))
        }
        for target in PatternFormats.writable where target.reader != nil && target != source.format
        {
            let converted = convert(source, to: target, name: name)
            try add(target.name, target.decode(converted.bytes).playback, converted.notes)
        }
        let outline = source.outline ?? PatternOutline()
        let (effect, tierNotes) = AndroidExport(device: device).effect(outline)
        let written = AndroidEffect(json: effect.json(source: name).utf8()) ?? effect
        for tier in AndroidTier.allCases {
            let api =
                tier == .waveform
                ? tier.baseAPILevel
                : (tier == .composition ? written.composition : written.envelope).minimumAPILevel(
                    tier: tier)
            try add(
                "android." + tier.rawValue, device.playback(written, tier: tier),
                outline.notes + (tierNotes[tier] ?? []), api: api)
        }
        return LossReport(
            source: name, format: source.format, actuator: device.profile.name, sampleRate: rate,
            targets: targets)
    }

    /// The report's render configuration: ``PlaybackRender/reportConfiguration`` on the device.
    public var reportConfiguration: RenderConfiguration {
        var c = PlaybackRender.reportConfiguration
        c.actuator = device.profile
        return c
    }
}
