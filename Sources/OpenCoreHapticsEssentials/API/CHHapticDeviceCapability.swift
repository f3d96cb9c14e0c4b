import HapticPattern

/// What a device plays: haptics, audio, and each parameter's range.
public protocol CHHapticDeviceCapability {
    var supportsHaptics: Bool { get }
    var supportsAudio: Bool { get }
    func attributes(
        forEventParameter inParameter: CHHapticEvent.ParameterID,
        eventType type: CHHapticEvent.EventType
    ) throws
        -> any CHHapticParameterAttributes
    func attributes(forDynamicParameter inParameter: CHHapticDynamicParameter.ID) throws
        -> any CHHapticParameterAttributes
}

/// A parameter's minimum, maximum and default values.
public protocol CHHapticParameterAttributes {
    var minValue: Float { get }
    var maxValue: Float { get }
    var defaultValue: Float { get }
}

/// The simulated device: an actuator and a synthesizer play every event type, with the
/// ranges and defaults of the AHAP model (those Core Haptics documents).
struct SimulatedCapability: CHHapticDeviceCapability {
    var supportsHaptics: Bool { true }
    var supportsAudio: Bool { true }

    func attributes(
        forEventParameter inParameter: CHHapticEvent.ParameterID,
        eventType type: CHHapticEvent.EventType
    ) throws
        -> any CHHapticParameterAttributes
    {
        guard let id = EventParameterID(rawValue: inParameter.rawValue) else {
            throw CHHapticError(
                .invalidParameterType, message: "unknown event parameter `\(inParameter.rawValue)`")
        }
        guard let eventType = EventType_(rawValue: type.rawValue) else {
            throw CHHapticError(.invalidEventType, message: "unknown event type `\(type.rawValue)`")
        }
        guard eventType.acceptedParameters.contains(id) else {
            throw CHHapticError(
                .invalidParameterType,
                message: "`\(id.rawValue)` does not apply to `\(type.rawValue)`")
        }
        return Attributes(range: id.range, defaultValue: id.defaultValue)
    }

    func attributes(forDynamicParameter inParameter: CHHapticDynamicParameter.ID) throws
        -> any CHHapticParameterAttributes
    {
        guard let id = DynamicParameterID(rawValue: inParameter.rawValue) else {
            throw CHHapticError(
                .invalidParameterType,
                message: "unknown dynamic parameter `\(inParameter.rawValue)`")
        }
        return Attributes(range: id.range, defaultValue: id.neutralValue)
    }

    struct Attributes: CHHapticParameterAttributes {
        let minValue: Float
        let maxValue: Float
        let defaultValue: Float
        init(range: ClosedRange<Double>, defaultValue: Double) {
            minValue = Float(range.lowerBound)
            maxValue = Float(range.upperBound)
            self.defaultValue = Float(defaultValue)
        }
    }
}
