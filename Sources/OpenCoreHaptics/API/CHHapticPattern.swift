import FoundationEssentials
import HapticPattern
import HapticRenderKit

/// A haptic and audio pattern: events, dynamic parameters and parameter curves, as an AHAP
/// file holds them. Made from objects, from a dictionary of AHAP keys, or from a file.
///
/// Every form is checked as Core Haptics checks a file (the strict AHAP decoder): what it
/// rejects throws a ``CHHapticError`` with its code (−4814 for a malformed dictionary, −4822
/// for a negative time, …). Times become float32 values, as Core Haptics reads them.
open class CHHapticPattern {
    /// The pattern, decoded.
    let model: HapticPattern
    /// Where each AudioCustom `EventWaveformPath` (as written) resolved; resources registered
    /// with an engine are named by ``resourcePath(_:)`` and are not in it.
    let resources: [String: ResourceResolution]
    /// The length of each resolved audio file, seconds.
    let audioLengths: [String: Double]

    /// Seconds from the pattern's start to the end of its last event, parameter or curve point
    /// (custom audio counts its file's length).
    public var duration: TimeInterval { model.duration(customAudioDurations: audioLengths) }

    /// A pattern of `events` and dynamic `parameters` (either may be empty).
    public convenience init(events: [CHHapticEvent], parameters: [CHHapticDynamicParameter]) throws
    {
        try Self.check(events, ids: parameters.map(\.parameterID))
        for p in parameters {
            try Self.check(time: p.relativeTime, value: p.value, of: "dynamic parameter")
        }
        try self.init(
            model: HapticPattern(
                events: events.map(\.model),
                parameters: parameters.map {
                    DynamicParameter(
                        id: $0.parameterID.model, time: $0.relativeTime, value: Double($0.value))
                }))
    }

    /// A pattern of `events` whose parameters follow `parameterCurves`.
    public convenience init(events: [CHHapticEvent], parameterCurves: [CHHapticParameterCurve])
        throws
    {
        try Self.check(events, ids: parameterCurves.map(\.parameterID))
        for curve in parameterCurves {
            try Self.check(time: curve.relativeTime, value: 0, of: "parameter curve")
            for point in curve.controlPoints {
                try Self.check(time: point.relativeTime, value: point.value, of: "control point")
            }
        }
        try self.init(
            model: HapticPattern(events: events.map(\.model), curves: parameterCurves.map(\.model)))
    }

    /// A pattern from a dictionary of AHAP keys, as `JSONSerialization` makes from an AHAP
    /// file (values may be strings, numbers, the ID types, arrays and nested dictionaries keyed
    /// by ``Key`` or `String`). Custom audio paths are looked up in the current folder.
    public init(dictionary patternDict: [CHHapticPattern.Key: Any]) throws {
        let bytes = try PatternDictionary.json(patternDict)
        (model, resources, audioLengths) = try Self.decode(
            bytes, baseDirectory: FileManager.default.currentDirectoryPath)
    }

    /// A pattern from an AHAP file (extension `.ahap` or `.json`); custom audio paths are
    /// looked up beside it.
    public init(contentsOf ahapURL: URL) throws {
        guard ahapURL.isFileURL else {
            throw CHHapticError(.fileNotFound, message: "\(ahapURL) is not a file URL")
        }
        let document = AHAPDocument.load(
            contentsOf: ahapURL, options: AHAPDecoder.Options(mode: .strict))
        if document.result.diagnostics.contains(where: { $0.code == .fileUnreadable }) {
            throw CHHapticError(.fileNotFound, message: "\(ahapURL.path) cannot be read")
        }
        (model, resources, audioLengths) = try Self.accept(
            document.result, resources: document.resources, file: ahapURL.path)
    }

    /// A pattern from AHAP text; custom audio paths are looked up in the current folder.
    init(ahap bytes: [UInt8]) throws {
        (model, resources, audioLengths) = try Self.decode(
            bytes, baseDirectory: FileManager.default.currentDirectoryPath)
    }

    /// A pattern from a decoded model (the object initializers), checked through its AHAP text.
    init(model pattern: HapticPattern) throws {
        let bytes = AHAPEncoder().encode(pattern)
        (model, resources, audioLengths) = try Self.decode(
            bytes, baseDirectory: FileManager.default.currentDirectoryPath)
    }

    /// The pattern as a dictionary of AHAP keys (``init(dictionary:)`` reads it back).
    /// - Throws: ``CHHapticError/Code/operationNotPermitted`` when an event plays a registered
    ///   resource, as Core Haptics does.
    public func exportDictionary() throws -> [CHHapticPattern.Key: Any] {
        if model.events.contains(where: { $0.waveformPath.map(Self.isResourcePath) ?? false }) {
            throw CHHapticError(
                .operationNotPermitted,
                message: "a pattern that plays a registered audio resource cannot be exported")
        }
        return PatternDictionary.dictionary(model)
    }

    /// Rejects IDs the AHAP model does not know, with Core Haptics' codes (−4821, −4820), and
    /// numbers that are not finite (−4822 for a time, −4823 for a duration, −4831 for a value),
    /// which AHAP text cannot hold. (Negative times are refused by the decoder, −4822.)
    private static func check(_ events: [CHHapticEvent], ids: [CHHapticDynamicParameter.ID]) throws
    {
        for event in events {
            guard event.duration.isFinite else {
                throw CHHapticError(
                    .invalidEventDuration, message: "an event lasts \(event.duration) s")
            }
            try check(time: event.relativeTime, value: 0, of: "event")
            for p in event.eventParameters {
                try check(time: 0, value: p.value, of: "event parameter")
            }
            guard EventType_(rawValue: event.type.rawValue) != nil else {
                throw CHHapticError(
                    .invalidEventType, message: "unknown event type `\(event.type.rawValue)`")
            }
            for p in event.eventParameters
            where EventParameterID(rawValue: p.parameterID.rawValue) == nil {
                throw CHHapticError(
                    .invalidParameterType,
                    message: "unknown event parameter `\(p.parameterID.rawValue)`")
            }
        }
        for id in ids where DynamicParameterID(rawValue: id.rawValue) == nil {
            throw CHHapticError(
                .invalidParameterType, message: "unknown dynamic parameter `\(id.rawValue)`")
        }
    }

    private static func check(time: TimeInterval, value: Float, of item: String) throws {
        guard time.isFinite else {
            throw CHHapticError(.invalidEventTime, message: "a \(item) at \(time) s")
        }
        guard value.isFinite else {
            throw CHHapticError(.badParameterEntry, message: "a \(item) with the value \(value)")
        }
    }

    /// The `EventWaveformPath` that stands for registered resource `id` inside a pattern.
    static func resourcePath(_ id: CHHapticAudioResourceID) -> String {
        "CHHapticAudioResourceID:\(id)"
    }

    /// The registered resource a waveform path stands for, if it is one.
    static func resourceID(_ path: String) -> CHHapticAudioResourceID? {
        path.hasPrefix("CHHapticAudioResourceID:")
            ? Int(path.dropFirst("CHHapticAudioResourceID:".count)) : nil
    }

    static func isResourcePath(_ path: String) -> Bool { resourceID(path) != nil }

    /// Decodes AHAP text strictly and resolves its audio files in `baseDirectory`.
    private static func decode(_ bytes: [UInt8], baseDirectory: String) throws
        -> (HapticPattern, [String: ResourceResolution], [String: Double])
    {
        let result = AHAPDecoder(options: AHAPDecoder.Options(mode: .strict)).decode(bytes)
        let resolver = AudioResourceResolver(baseDirectory: baseDirectory)
        var resources: [String: ResourceResolution] = [:]
        for event in result.pattern?.events ?? [] where event.type == .audioCustom {
            guard let path = event.waveformPath, !isResourcePath(path), resources[path] == nil
            else { continue }
            resources[path] = resolver.resolve(path)
        }
        return try accept(result, resources: resources, file: "<pattern>")
    }

    /// The decoded pattern, or the first error as a ``CHHapticError``; a custom audio file that
    /// was not found is −4830, one that cannot be read −4824 (Core Haptics' codes).
    private static func accept(
        _ result: AHAPDecodeResult, resources: [String: ResourceResolution], file: String
    ) throws
        -> (HapticPattern, [String: ResourceResolution], [String: Double])
    {
        if let error = result.errors.first {
            let code =
                error.coreHapticsCode.flatMap(CHHapticError.Code.init(rawValue:))
                ?? .invalidPatternData
            throw CHHapticError(code, message: error.rendered(file: file))
        }
        guard let pattern = result.pattern else {
            throw CHHapticError(.invalidPatternData, message: "\(file): no pattern")
        }
        for (name, resolution) in resources where resolution.path == nil {
            throw CHHapticError(
                .badEventEntry, message: "\(file): the audio file `\(name)` was not found")
        }
        let (lengths, problems) = customAudioLengths(resources)
        if let problem = problems.first {
            throw CHHapticError(
                .invalidAudioResource,
                message:
                    "\(file): the audio file `\(problem.name)` cannot be used (\(problem.reason))")
        }
        return (pattern, resources, lengths)
    }
}

extension CHHapticEvent {
    /// The event in the AHAP model (a registered resource becomes ``CHHapticPattern/resourcePath(_:)``).
    var model: HapticEvent {
        var parameters = EventParameters()
        for p in eventParameters {
            if let id = EventParameterID(rawValue: p.parameterID.rawValue) {
                parameters[id] = Double(p.value)
            }
        }
        // An unknown type was rejected by the pattern's initializer.
        let eventType = EventType_(rawValue: type.rawValue) ?? .hapticTransient
        let duration: Double? = eventType == .hapticTransient && duration == 0 ? nil : duration
        return HapticEvent(
            type: eventType, time: relativeTime,
            duration: eventType == .audioCustom ? nil : duration,
            parameters: parameters, waveformPath: audioResourceID.map(CHHapticPattern.resourcePath))
    }
}

extension CHHapticDynamicParameter.ID {
    /// The ID in the AHAP model (an unknown ID becomes the intensity control, which the
    /// decoder then names; IDs are made from the constants in practice).
    var model: DynamicParameterID {
        DynamicParameterID(rawValue: rawValue) ?? .hapticIntensityControl
    }
}

extension CHHapticParameterCurve {
    var model: ParameterCurve {
        ParameterCurve(
            id: parameterID.model, time: relativeTime,
            points: controlPoints.map { .init(time: $0.relativeTime, value: Double($0.value)) })
    }
}
