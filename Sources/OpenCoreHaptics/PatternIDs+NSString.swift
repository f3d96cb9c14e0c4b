import Foundation
import OpenCoreHapticsEssentials

// Event types and parameter IDs bridge to `NSString`, as Core Haptics' do, so that a pattern
// dictionary written the way Apple's samples write one (`CHHapticPattern.Key.eventType:
// CHHapticEvent.EventType.hapticTransient`) goes through `JSONSerialization.data(withJSONObject:)`,
// and an `NSString` casts to them.

extension CHHapticEvent.EventType: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSString { NSString(string: rawValue) }
    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout Self?) {
        result = Self(rawValue: String(source))
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout Self?)
        -> Bool
    {
        result = Self(rawValue: String(source))
        return true
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> Self {
        Self(rawValue: source.map { String($0) } ?? "")
    }
}

extension CHHapticEvent.ParameterID: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSString { NSString(string: rawValue) }
    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout Self?) {
        result = Self(rawValue: String(source))
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout Self?)
        -> Bool
    {
        result = Self(rawValue: String(source))
        return true
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> Self {
        Self(rawValue: source.map { String($0) } ?? "")
    }
}

extension CHHapticDynamicParameter.ID: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSString { NSString(string: rawValue) }
    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout Self?) {
        result = Self(rawValue: String(source))
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout Self?)
        -> Bool
    {
        result = Self(rawValue: String(source))
        return true
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> Self {
        Self(rawValue: source.map { String($0) } ?? "")
    }
}
