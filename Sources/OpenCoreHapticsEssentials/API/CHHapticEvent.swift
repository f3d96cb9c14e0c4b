import FoundationEssentials
import HapticPattern

/// One haptic or audio event of a pattern, plus the event parameters that shape it.
open class CHHapticEvent {
    /// The type of an event (`CHHapticEvent.EventType`).
    public struct EventType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let hapticTransient = EventType(EventType_.hapticTransient.rawValue)
        public static let hapticContinuous = EventType(EventType_.hapticContinuous.rawValue)
        public static let audioContinuous = EventType(EventType_.audioContinuous.rawValue)
        public static let audioCustom = EventType(EventType_.audioCustom.rawValue)
    }

    /// An event parameter's ID (`CHHapticEvent.ParameterID`).
    public struct ParameterID: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let hapticIntensity = ParameterID(EventParameterID.hapticIntensity.rawValue)
        public static let hapticSharpness = ParameterID(EventParameterID.hapticSharpness.rawValue)
        public static let attackTime = ParameterID(EventParameterID.attackTime.rawValue)
        public static let decayTime = ParameterID(EventParameterID.decayTime.rawValue)
        public static let releaseTime = ParameterID(EventParameterID.releaseTime.rawValue)
        public static let sustained = ParameterID(EventParameterID.sustained.rawValue)
        public static let audioVolume = ParameterID(EventParameterID.audioVolume.rawValue)
        public static let audioPitch = ParameterID(EventParameterID.audioPitch.rawValue)
        public static let audioPan = ParameterID(EventParameterID.audioPan.rawValue)
        public static let audioBrightness = ParameterID(EventParameterID.audioBrightness.rawValue)
    }

    /// The type of event.
    public let type: EventType
    /// The event parameters; can be empty.
    public let eventParameters: [CHHapticEventParameter]
    /// Seconds from the pattern's start.
    public var relativeTime: TimeInterval
    /// Seconds; 0 for a transient (its own length) or a custom audio event (the whole file).
    public var duration: TimeInterval
    /// The registered resource an `audioCustom` event plays.
    let audioResourceID: CHHapticAudioResourceID?

    /// A transient event (no duration needed).
    public init(
        eventType type: EventType, parameters eventParams: [CHHapticEventParameter],
        relativeTime time: TimeInterval
    ) {
        self.type = type
        eventParameters = eventParams
        relativeTime = time
        duration = 0
        audioResourceID = nil
    }

    /// An event lasting `duration` seconds (a continuous event's time before its release; a
    /// transient's logical length, which pads the pattern).
    public init(
        eventType type: EventType, parameters eventParams: [CHHapticEventParameter],
        relativeTime time: TimeInterval,
        duration: TimeInterval
    ) {
        self.type = type
        eventParameters = eventParams
        relativeTime = time
        self.duration = duration
        audioResourceID = nil
    }

    /// A custom audio event playing a registered resource.
    public init(
        audioResourceID resID: CHHapticAudioResourceID,
        parameters eventParams: [CHHapticEventParameter],
        relativeTime time: TimeInterval
    ) {
        type = .audioCustom
        eventParameters = eventParams
        relativeTime = time
        duration = 0
        audioResourceID = resID
    }

    /// A custom audio event playing a registered resource for `duration` seconds.
    public init(
        audioResourceID resID: CHHapticAudioResourceID,
        parameters eventParams: [CHHapticEventParameter],
        relativeTime time: TimeInterval, duration: TimeInterval
    ) {
        type = .audioCustom
        eventParameters = eventParams
        relativeTime = time
        self.duration = duration
        audioResourceID = resID
    }
}

/// HapticPattern's event type, named apart from ``CHHapticEvent/EventType`` inside it.
typealias EventType_ = EventType
