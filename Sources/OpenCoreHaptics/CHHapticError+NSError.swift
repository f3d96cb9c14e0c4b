import Foundation
import OpenCoreHapticsEssentials

/// As Core Haptics' error: `error as NSError` has the domain ``CoreHapticsErrorDomain``, the code
/// itself (−4805 …) and the error's description as its `localizedDescription`
/// (`NSLocalizedDescriptionKey` in ``CHHapticError/errorUserInfo``).
extension CHHapticError: CustomNSError {}

/// `catch let error as NSError` and `error as? NSError` catch it (on Linux such a cast bridges
/// only what says how), and an `NSError` of Core Haptics' domain casts back to it.
extension CHHapticError: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSError {
        NSError(domain: Self.errorDomain, code: errorCode, userInfo: errorUserInfo)
    }

    public static func _forceBridgeFromObjectiveC(_ source: NSError, result: inout Self?) {
        _ = _conditionallyBridgeFromObjectiveC(source, result: &result)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSError, result: inout Self?)
        -> Bool
    {
        result = nil
        guard source.domain == errorDomain, let code = Code(rawValue: source.code) else {
            return false
        }
        result = Self(code, userInfo: source.userInfo)
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSError?) -> Self {
        var result: Self?
        if let source { _ = _conditionallyBridgeFromObjectiveC(source, result: &result) }
        return result ?? Self(.unknownError)
    }
}
