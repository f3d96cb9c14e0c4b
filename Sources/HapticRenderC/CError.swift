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
    case argument, options, io, rejected, audio, schedule, render, queueFull, outOfMemory
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

    /// Hands the error to the caller through `out` (when not NULL, retained: the caller frees
    /// it with `hr_error_free`) and returns its status.
    func report(to out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
        out?.pointee = OpaquePointer(Unmanaged.passRetained(self).toOpaque())
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

/// The Swift string of a C argument; an argument error naming `what` when it is NULL or not UTF-8.
func string(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(CError) -> String {
    guard let pointer else { throw .argument("\(what) is NULL") }
    guard let text = String(validatingCString: pointer) else {
        throw .argument("\(what) is not valid UTF-8")
    }
    return text
}

/// The object behind an opaque handle, unretained; an argument error when the handle is NULL.
func object<T: AnyObject>(_ handle: OpaquePointer?, _ what: String) throws(CError) -> T {
    guard let handle else { throw .argument("\(what) is NULL") }
    return Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// A retained opaque handle for `value`; released by the matching `_free` / `_close`.
func handle(_ value: AnyObject) -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(value).toOpaque())
}

/// Releases a handle made by ``handle(_:)``. NULL is ignored.
func release(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(handle)).release()
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
public func hr_error_free(_ error: OpaquePointer?) { release(error) }

@_cdecl("hr_string_free")
public func hr_string_free(_ string: UnsafeMutablePointer<CChar>?) { free(string) }

/// `hr_version()`'s text: a static C string, never freed.
nonisolated(unsafe) private let versionText = strdup(HapticRenderKitVersion.current)!

@_cdecl("hr_version")
public func hr_version() -> UnsafePointer<CChar> { UnsafePointer(versionText) }
