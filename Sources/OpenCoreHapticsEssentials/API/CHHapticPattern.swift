import FoundationEssentials
import HapticPattern
import HapticRenderKit

/// A haptic and audio pattern: events, dynamic parameters and parameter curves, as an AHAP
/// file holds them. Made from objects, from a dictionary of AHAP keys, or from a file.
///
/// Every form is checked as Core Haptics checks a file (the strict AHAP decoder), in two steps
/// as Core Haptics does: what makes the pattern unreadable throws here with its code (−4814 for
/// a malformed dictionary, −4822 for a negative time, −4830 for a missing audio file, …); what
/// only a player can refuse — an unknown event type (−4821), a parameter the event type does not
/// take or an unknown parameter (−4820), a sustained event without a duration (−4823) — throws
/// from ``CHHapticEngine/makePlayer(with:)``. Times become float32 values, as Core Haptics reads
/// them.
open class CHHapticPattern {
    /// The pattern, decoded.
    let model: HapticPattern
    /// Where each AudioCustom `EventWaveformPath` (as written) resolved; resources registered
    /// with an engine are named by ``resourcePath(_:)`` and are not in it.
    let resources: [String: ResourceResolution]
    /// The length of each resolved audio file, seconds.
    let audioLengths: [String: Double]
    /// What a player of this pattern refuses, if anything.
    let playerError: CHHapticError?

    /// Seconds from the pattern's start to the end of its last event, parameter or curve point
    /// (``CoreHapticsFacts/patternDuration(_:customAudioLengths:)``). A registered resource's
    /// event counts its own duration, its file being the engine's.
    public var duration: TimeInterval {
        CoreHapticsFacts.patternDuration(model) { event in
            guard let path = event.waveformPath else { return nil }
            return Self.isResourcePath(path) ? event.duration ?? 0 : audioLengths[path]
        }
    }

    /// A pattern of `events` and dynamic `parameters` (either may be empty).
    public convenience init(events: [CHHapticEvent], parameters: [CHHapticDynamicParameter]) throws
    {
        try Self.check(events)
        for p in parameters {
            try Self.check(time: p.relativeTime, value: p.value, of: "dynamic parameter")
        }
        try self.init(
            dictionary: Self.dictionary(
                events, items: parameters.map { [CHHapticPattern.Key.parameter: $0.dictionary] }))
    }

    /// A pattern of `events` whose parameters follow `parameterCurves`.
    public convenience init(events: [CHHapticEvent], parameterCurves: [CHHapticParameterCurve])
        throws
    {
        try Self.check(events)
        for curve in parameterCurves {
            try Self.check(time: curve.relativeTime, value: 0, of: "parameter curve")
            for point in curve.controlPoints {
                try Self.check(time: point.relativeTime, value: point.value, of: "control point")
            }
        }
        try self.init(
            dictionary: Self.dictionary(
                events,
                items: parameterCurves.map { [CHHapticPattern.Key.parameterCurve: $0.dictionary] }
            ))
    }

    /// A pattern from a dictionary of AHAP keys, as `JSONSerialization` makes from an AHAP
    /// file (values may be strings, numbers, booleans, the ID types, arrays and nested
    /// dictionaries keyed by ``Key``). Relative custom audio paths are looked up in the current
    /// folder.
    public convenience init(dictionary patternDict: [CHHapticPattern.Key: Any]) throws {
        try self.init(ahap: PatternDictionary.json(patternDict))
    }

    /// A pattern from an AHAP file (extension `.ahap` or `.json`); relative custom audio paths
    /// are looked up beside it.
    public init(contentsOf ahapURL: URL) throws {
        guard ahapURL.isFileURL else {
            throw CHHapticError(.fileNotFound, message: "\(ahapURL) is not a file URL")
        }
        // The app names its own files: absolute paths and paths leading out of the AHAP file's
        // folder are its to choose (the CLI refuses them in the files it is given).
        var document = PatternDocument.load(
            contentsOf: ahapURL, options: AHAPDecoder.Options(mode: .strict), allowEscaping: true)
        if document.result.diagnostics.contains(where: { $0.code == .fileUnreadable }) {
            throw CHHapticError(.fileNotFound, message: "\(ahapURL.path) cannot be read")
        }
        // Resources are reported by ``accept``, with the API's codes and words.
        document.result.diagnostics.removeAll {
            $0.code == .resourceNotFound || $0.code == .resourceRefused
        }
        (model, resources, audioLengths, playerError) = try Self.accept(
            document.result, resources: document.resources, file: ahapURL.path)
    }

    /// A pattern from AHAP text; relative custom audio paths are looked up in the current
    /// folder.
    init(ahap bytes: [UInt8]) throws {
        let result = AHAPDecoder(options: AHAPDecoder.Options(mode: .strict)).decode(bytes)
        let resolver = AudioResourceResolver(
            baseDirectory: FileManager.default.currentDirectoryPath, allowEscaping: true)
        var found: [String: ResourceResolution] = [:]
        for event in result.pattern?.events ?? [] where event.type == .audioCustom {
            guard let path = event.waveformPath, !Self.isResourcePath(path), found[path] == nil
            else { continue }
            found[path] = resolver.resolve(path)
        }
        (model, resources, audioLengths, playerError) = try Self.accept(
            result, resources: found, file: "<pattern>")
    }

    /// The pattern as a dictionary of AHAP keys, of the values Foundation's `JSONSerialization`
    /// writes (``init(dictionary:)`` reads it back).
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

    /// The dictionary of `events` followed by `items`.
    private static func dictionary(_ events: [CHHapticEvent], items: [[CHHapticPattern.Key: Any]])
        -> [CHHapticPattern.Key: Any]
    {
        let events = events.map {
            [CHHapticPattern.Key.event: $0.dictionary] as [CHHapticPattern.Key: Any]
        }
        return [.pattern: events + items]
    }

    /// Rejects numbers that are not finite (−4822 for a time, −4823 for a duration, −4831 for a
    /// value), which AHAP text cannot hold. (The decoder judges the rest.)
    private static func check(_ events: [CHHapticEvent]) throws {
        for event in events {
            guard event.duration.isFinite else {
                throw CHHapticError(
                    .invalidEventDuration, message: "an event lasts \(event.duration) s")
            }
            try check(time: event.relativeTime, value: 0, of: "event")
            for p in event.eventParameters {
                try check(time: 0, value: p.value, of: "event parameter")
            }
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

    /// Whether Core Haptics refuses `diagnostic` only when a player is made: the converter's
    /// checks (event types, parameter IDs and families, sustained events' durations), not the
    /// reader's (docs/ahap-format.md, Error codes).
    private static func refusedByPlayer(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.coreHapticsCode == -4820 || diagnostic.coreHapticsCode == -4821
            || diagnostic.code == .eventMissingDuration
    }

    /// The decoded pattern and what a player of it refuses, or the first error that makes it
    /// unreadable as a ``CHHapticError``; a custom audio file that is not found is −4830, one
    /// that is there but cannot be used (not a regular file, not readable, not audio) −4824 —
    /// Core Haptics' codes.
    private static func accept(
        _ result: PatternDecodeResult, resources: [String: ResourceResolution], file: String
    ) throws
        -> (HapticPattern, [String: ResourceResolution], [String: Double], CHHapticError?)
    {
        func error(_ d: Diagnostic) -> CHHapticError {
            let code =
                d.coreHapticsCode.flatMap(CHHapticError.Code.init(rawValue:)) ?? .invalidPatternData
            return CHHapticError(code, message: d.rendered(file: file))
        }
        let errors = result.errors
        if let first = errors.first(where: { !refusedByPlayer($0) }) { throw error(first) }
        guard let pattern = result.pattern else {
            throw CHHapticError(.invalidPatternData, message: "\(file): no pattern")
        }
        for (name, resolution) in resources.sorted(by: { $0.key < $1.key }) {
            switch resolution {
            case .resolved: continue
            case .notFound(let tried):
                throw CHHapticError(
                    .badEventEntry,
                    message:
                        "\(file): the audio file `\(name)` was not found (looked at \(tried.joined(separator: ", ")))"
                )
            case .refused(let reason):
                throw CHHapticError(
                    .invalidAudioResource, message: "\(file): the audio file \(reason)")
            }
        }
        let (lengths, problems) = customAudioLengths(resources)
        if let problem = problems.first {
            throw CHHapticError(
                .invalidAudioResource,
                message:
                    "\(file): the audio file `\(problem.name)` cannot be used (\(problem.reason))")
        }
        return (pattern, resources, lengths, errors.first.map(error))
    }
}

extension CHHapticEvent {
    /// The event as a pattern dictionary's `Event` (a registered resource becomes
    /// ``CHHapticPattern/resourcePath(_:)``); the decoder judges its type and parameters.
    var dictionary: [CHHapticPattern.Key: Any] {
        var event: [CHHapticPattern.Key: Any] = [.eventType: type.rawValue, .time: relativeTime]
        // A transient's or a custom audio event's 0 is "none": its own length, or its file's.
        if duration != 0 || (type != .hapticTransient && type != .audioCustom) {
            event[.eventDuration] = duration
        }
        if let audioResourceID {
            event[.eventWaveformPath] = CHHapticPattern.resourcePath(audioResourceID)
        }
        if !eventParameters.isEmpty {
            event[.eventParameters] = eventParameters.map {
                [.parameterID: $0.parameterID.rawValue, .parameterValue: $0.value]
                    as [CHHapticPattern.Key: Any]
            }
        }
        return event
    }
}

extension CHHapticDynamicParameter {
    /// The parameter as a pattern dictionary's `Parameter`.
    var dictionary: [CHHapticPattern.Key: Any] {
        [.parameterID: parameterID.rawValue, .time: relativeTime, .parameterValue: value]
    }
}

extension CHHapticParameterCurve {
    /// The curve in the AHAP model, for a player's ``CHHapticPatternPlayer/scheduleParameterCurve(_:atTime:)``
    /// (its ID is checked first).
    var model: ParameterCurve {
        ParameterCurve(
            id: DynamicParameterID(rawValue: parameterID.rawValue) ?? .hapticIntensityControl,
            time: relativeTime,
            points: controlPoints.map { .init(time: $0.relativeTime, value: Double($0.value)) })
    }

    /// The curve as a pattern dictionary's `ParameterCurve`.
    var dictionary: [CHHapticPattern.Key: Any] {
        [
            .parameterID: parameterID.rawValue, .time: relativeTime,
            .parameterCurveControlPoints: controlPoints.map {
                [.time: $0.relativeTime, .parameterValue: $0.value] as [CHHapticPattern.Key: Any]
            },
        ]
    }
}
