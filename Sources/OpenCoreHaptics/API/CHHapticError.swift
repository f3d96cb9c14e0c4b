/// An error of the Core Haptics API, with Core Haptics' codes (`CHHapticErrorCode`).
///
/// As with the framework, catch it by code:
/// ```swift
/// do { try player.start(atTime: CHHapticTimeImmediate) }
/// catch CHHapticError.engineNotRunning { try engine.start() }
/// ```
public struct CHHapticError: Error, Hashable, Sendable, CustomStringConvertible {
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

    /// The error domain Core Haptics reports (`CoreHapticsErrorDomain`).
    public static let errorDomain = "com.apple.CoreHaptics"

    public let code: Code
    /// What went wrong, in words (the framework's `localizedDescription`).
    public let message: String

    public init(_ code: Code, message: String = "") {
        self.code = code
        self.message = message
    }

    public var description: String {
        "CHHapticError \(code.rawValue) (\(code))" + (message.isEmpty ? "" : ": \(message)")
    }

    public static let engineNotRunning = Code.engineNotRunning
    public static let operationNotPermitted = Code.operationNotPermitted
    public static let engineStartTimeout = Code.engineStartTimeout
    public static let notSupported = Code.notSupported
    public static let serverInitFailed = Code.serverInitFailed
    public static let serverInterrupted = Code.serverInterrupted
    public static let invalidPatternPlayer = Code.invalidPatternPlayer
    public static let invalidPatternData = Code.invalidPatternData
    public static let invalidPatternDictionary = Code.invalidPatternDictionary
    public static let invalidAudioSession = Code.invalidAudioSession
    public static let invalidEngineParameter = Code.invalidEngineParameter
    public static let invalidParameterType = Code.invalidParameterType
    public static let invalidEventType = Code.invalidEventType
    public static let invalidEventTime = Code.invalidEventTime
    public static let invalidEventDuration = Code.invalidEventDuration
    public static let invalidAudioResource = Code.invalidAudioResource
    public static let resourceNotAvailable = Code.resourceNotAvailable
    public static let badEventEntry = Code.badEventEntry
    public static let badParameterEntry = Code.badParameterEntry
    public static let invalidTime = Code.invalidTime
    public static let fileNotFound = Code.fileNotFound
    public static let insufficientPower = Code.insufficientPower
    public static let unknownError = Code.unknownError
    public static let memoryError = Code.memoryError
}

extension CHHapticError.Code {
    /// `catch CHHapticError.engineNotRunning`: whether `error` is a ``CHHapticError`` with this code.
    public static func ~= (code: CHHapticError.Code, error: any Error) -> Bool {
        (error as? CHHapticError)?.code == code
    }
}
