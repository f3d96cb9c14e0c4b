import HapticPattern
import HapticRenderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `hr_status`: the C API's return codes (hapticrender.h documents each).
enum CStatus: Int32 {
    case ok = 0
    case argument, options, io, rejected, audio, schedule, render, queueFull, outOfMemory, busy
}

/// `hr_error`: one failure's status, message and file, kept as C strings so the getters can
/// hand out pointers that live as long as the object. Immutable, so any thread may read it.
final class CError: Error, Sendable {
    let status: CStatus
    let message: CText
    let file: CText

    /// `message` is complete (`"FILE: error: …"` or `"error: …"`); `file` is the file it
    /// concerns, or "".
    init(_ status: CStatus, message: String, file: String = "") {
        self.status = status
        self.message = CText(message)
        self.file = CText(file)
    }

    /// An argument error: `"error: " + problem`.
    static func argument(_ problem: String) -> CError {
        CError(.argument, message: "error: " + problem)
    }

    /// A failed render, open or lint, with the status its stage implies: an unreadable AHAP
    /// file is `io`, any other decode failure `rejected`.
    convenience init(_ error: RenderJobError) {
        let status: CStatus =
            switch error.stage {
            case .options: .options
            case .decode:
                error.diagnostics.contains { $0.code == .fileUnreadable } ? .io : .rejected
            case .audio: .audio
            case .schedule: .schedule
            case .output, .outputClosed, .render, .write, .cancelled: .render
            }
        self.init(status, message: error.description, file: error.input)
    }

    /// Profile errors name the profile file (path:line:column in the message).
    convenience init(_ error: ActuatorProfileLoadError) {
        let unreadable = error.message.hasPrefix("cannot read")
        self.init(unreadable ? .io : .options, message: error.description, file: error.path)
    }

    /// Hands the error to the caller through `out` (when not NULL, as a handle the caller
    /// frees with `hr_error_free`) and returns its status.
    func report(to out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
        out?.pointee = CHandles.make(self)
        return status.rawValue
    }
}

/// A NUL-terminated copy of a Swift string, freed with its owner. Never written after init,
/// so it can be shared across threads.
final class CText: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<CChar>

    init(_ text: String) { pointer = strdup(text) }
    deinit { free(pointer) }
}

/// Runs `body`, turning a thrown ``CError`` into its status (stored through `out`).
func catching(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ body: () throws(CError) -> Void)
    -> Int32
{
    do {
        try body()
        return CStatus.ok.rawValue
    } catch {
        return error.report(to: out)
    }
}

/// The longest string argument: a path is at most 4,096 bytes on Linux (PATH_MAX), a JSON
/// profile at most 1 MiB.
let maxStringBytes = 1 << 20

/// The Swift string of a C argument; an argument error naming `what` when it is NULL, longer
/// than ``maxStringBytes`` or not UTF-8.
func string(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(CError) -> String {
    guard let pointer else { throw .argument("\(what) is NULL") }
    let length = strnlen(pointer, maxStringBytes + 1)
    return try string(pointer, length: UInt(length), what)
}

/// The Swift string of `length` bytes at `pointer` (no NUL needed); an argument error naming
/// `what` when it is NULL, too long, holds a NUL byte (a path that would silently end early)
/// or is not UTF-8.
func string(_ pointer: UnsafePointer<CChar>?, length: UInt, _ what: String) throws(CError)
    -> String
{
    guard let pointer else { throw .argument("\(what) is NULL") }
    guard length <= UInt(maxStringBytes) else {
        throw .argument("\(what) is longer than \(maxStringBytes) bytes")
    }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: Int(length))
    guard !bytes.contains(0) else { throw .argument("\(what) contains a NUL byte") }
    guard let text = String(validating: bytes, as: UTF8.self) else {
        throw .argument("\(what) is not valid UTF-8")
    }
    return text
}

/// The object behind a handle (``CHandles``); an argument error naming `what` when the handle
/// is NULL, freed, or of another type.
func object<T: AnyObject>(_ handle: OpaquePointer?, _ what: String) throws(CError) -> T {
    guard let handle else { throw .argument("\(what) is NULL") }
    guard let value = CHandles.object(handle, as: T.self) else {
        throw .argument("\(what) is not a live \(what) handle (freed, or never one)")
    }
    return value
}

/// A handle for `value`, freed by the matching `_free` / `_close`.
func handle(_ value: AnyObject) throws(CError) -> OpaquePointer {
    guard let handle = CHandles.make(value) else {
        throw CError(
            .outOfMemory,
            message: "error: more than \(CHandles.chunkSize * CHandles.maxChunks) objects are alive"
        )
    }
    return handle
}

@_cdecl("hr_error_status")
public func hr_error_status(_ error: OpaquePointer?) -> Int32 {
    guard let e: CError = try? object(error, "error") else { return CStatus.argument.rawValue }
    return e.status.rawValue
}

@_cdecl("hr_error_message")
public func hr_error_message(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let e: CError = try? object(error, "error") else { return nil }
    return UnsafePointer(e.message.pointer)
}

@_cdecl("hr_error_file")
public func hr_error_file(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let e: CError = try? object(error, "error") else { return nil }
    return UnsafePointer(e.file.pointer)
}

@_cdecl("hr_error_free")
public func hr_error_free(_ error: OpaquePointer?) { CHandles.release(error, as: CError.self) }

@_cdecl("hr_string_free")
public func hr_string_free(_ string: UnsafeMutablePointer<CChar>?) { free(string) }

/// `hr_version()`'s text: a static C string, never freed.
nonisolated(unsafe) private let versionText = strdup(HapticRenderKitVersion.current)!

@_cdecl("hr_version")
public func hr_version() -> UnsafePointer<CChar> { UnsafePointer(versionText) }
