/// The error domain of Core Haptics' errors (`CoreHapticsErrorDomain`): what `error as NSError`
/// reports as its `domain`.
public let CoreHapticsErrorDomain = "com.apple.CoreHaptics"

/// An error of the Core Haptics API: Core Haptics' declaration — a `Code` with the
/// framework's raw values, `init(_:userInfo:)`, `code`, `errorCode`, `errorUserInfo` —
/// with what went wrong, in words, as its `NSLocalizedDescription`.
///
/// As with the framework, catch it by code, or read it as an `NSError`:
/// ```swift
/// do { try player.start(atTime: CHHapticTimeImmediate) }
/// catch CHHapticError.engineNotRunning { try engine.start() }
/// catch { print((error as NSError).code, error.localizedDescription) }
/// ```
/// The `CustomNSError` conformance that makes `as NSError` and `localizedDescription` read it
/// comes with `import OpenCoreHaptics` (Foundation's protocol); this module, which the
/// command-line tool links, has no Foundation.
public struct CHHapticError: Error, Hashable, @unchecked Sendable, CustomStringConvertible {
    // @unchecked: `userInfo` holds `Any` values, as Core Haptics' NSError does; the error never
    // mutates them.

    /// Core Haptics' error codes, with its raw values.
    public enum Code: Int, Hashable, Sendable {
        case engineNotRunning = -4805
        case operationNotPermitted = -4806
        case engineStartTimeout = -4808
        case notSupported = -4809
        case serverInitFailed = -4810
        case serverInterrupted = -4811
        case invalidPatternPlayer = -4812
        case invalidPatternData = -4813
        case invalidPatternDictionary = -4814
        case invalidAudioSession = -4815
        case invalidEngineParameter = -4816
        case invalidParameterType = -4820
        case invalidEventType = -4821
        case invalidEventTime = -4822
        case invalidEventDuration = -4823
        case invalidAudioResource = -4824
        case resourceNotAvailable = -4825
        case badEventEntry = -4830
        case badParameterEntry = -4831
        case invalidTime = -4840
        case fileNotFound = -4851
        case insufficientPower = -4897
        case unknownError = -4898
        case memoryError = -4899
    }

    /// The error domain Core Haptics reports (``CoreHapticsErrorDomain``).
    public static var errorDomain: String { CoreHapticsErrorDomain }

    /// The user-info key of an error's description (Foundation's `NSLocalizedDescriptionKey`).
    static let descriptionKey = "NSLocalizedDescription"

    public let code: Code
    /// The user info given to ``init(_:userInfo:)``.
    public let userInfo: [String: Any]

    /// An error with `code` and `userInfo` (as Core Haptics' `CHHapticError(_:userInfo:)`).
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }

    /// An error whose `localizedDescription` is `message`.
    init(_ code: Code, message: String) {
        self.init(code, userInfo: message.isEmpty ? [:] : [Self.descriptionKey: message])
    }

    /// What went wrong, in words (`localizedDescription`); empty when the user info has none.
    var message: String { userInfo[Self.descriptionKey] as? String ?? "" }

    /// The code's raw value (`CustomNSError.errorCode`): −4805 … −4899.
    public var errorCode: Int { code.rawValue }

    /// The user info an `NSError` made from this error carries (`CustomNSError.errorUserInfo`).
    public var errorUserInfo: [String: Any] { userInfo }

    /// Swift's error bridging reads these: the domain and code an `NSError` reports.
    public var _domain: String { Self.errorDomain }
    public var _code: Int { errorCode }

    public var description: String {
        "CHHapticError \(code.rawValue) (\(code))" + (message.isEmpty ? "" : ": \(message)")
    }

    /// Equal when code and description are: user info values are not comparable in general.
    public static func == (a: CHHapticError, b: CHHapticError) -> Bool {
        a.code == b.code && a.message == b.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
    }

    public static var engineNotRunning: Code { .engineNotRunning }
    public static var operationNotPermitted: Code { .operationNotPermitted }
    public static var engineStartTimeout: Code { .engineStartTimeout }
    public static var notSupported: Code { .notSupported }
    public static var serverInitFailed: Code { .serverInitFailed }
    public static var serverInterrupted: Code { .serverInterrupted }
    public static var invalidPatternPlayer: Code { .invalidPatternPlayer }
    public static var invalidPatternData: Code { .invalidPatternData }
    public static var invalidPatternDictionary: Code { .invalidPatternDictionary }
    public static var invalidAudioSession: Code { .invalidAudioSession }
    public static var invalidEngineParameter: Code { .invalidEngineParameter }
    public static var invalidParameterType: Code { .invalidParameterType }
    public static var invalidEventType: Code { .invalidEventType }
    public static var invalidEventTime: Code { .invalidEventTime }
    public static var invalidEventDuration: Code { .invalidEventDuration }
    public static var invalidAudioResource: Code { .invalidAudioResource }
    public static var resourceNotAvailable: Code { .resourceNotAvailable }
    public static var badEventEntry: Code { .badEventEntry }
    public static var badParameterEntry: Code { .badParameterEntry }
    public static var invalidTime: Code { .invalidTime }
    public static var fileNotFound: Code { .fileNotFound }
    public static var insufficientPower: Code { .insufficientPower }
    public static var unknownError: Code { .unknownError }
    public static var memoryError: Code { .memoryError }
}

extension CHHapticError.Code {
    /// `catch CHHapticError.engineNotRunning`: whether `error` is a ``CHHapticError`` with this code.
    public static func ~= (code: CHHapticError.Code, error: any Error) -> Bool {
        (error as? CHHapticError)?.code == code
    }
}
