import Synchronization

// The only place that calls libsndfile. Every function here is a thin, behaviour-free
// wrapper (swift-system's `Internals/Syscalls.swift` pattern): it converts Swift types to
// the C ones (`SF_INFO` fields are `Int32`, the anonymous-enum constants import as `Int`,
// `sf_count_t` is `Int64`) so the typed layer above never touches raw C.
#if canImport(CSndFileLazy)
    internal import CSndFileLazy  // Linux: libsndfile loaded by the first call
#else
    internal import CSndFile
#endif

/// `SNDFILE*` imports as `OpaquePointer`.
typealias SndFileHandle = OpaquePointer

/// libsndfile reports open failures through process-global state (`sf_errno` and the
/// parse log) read back with `sf_strerror(NULL)`. Two threads failing to open at once
/// would read each other's message, so opening and reading that message is one critical
/// section. Opens happen at load/setup time, never in a render loop, so the lock is cheap.
private let openLock = Mutex<Void>(())

/// The outcome of an open: a handle, or libsndfile's message explaining the failure.
enum SndFileOpenResult {
    case opened(SndFileHandle)
    case failed(String)
}

/// Opens `path` for reading. On failure returns libsndfile's message (`sf_strerror(NULL)`).
func sndfile_open_read(_ path: String, _ info: inout SF_INFO) -> SndFileOpenResult {
    openLock.withLock { _ in
        info = SF_INFO()
        if let handle = sf_open(path, Int32(SFM_READ), &info) { return .opened(handle) }
        return .failed(String(cString: sf_strerror(nil)))
    }
}

/// Opens an already-open descriptor for reading. libsndfile never closes `fd`: the reader
/// owns it (see `sndfile_open_fd_write`).
func sndfile_open_fd_read(_ fd: Int32, _ info: inout SF_INFO) -> SndFileOpenResult {
    openLock.withLock { _ in
        info = SF_INFO()
        if let handle = sf_open_fd(fd, Int32(SFM_READ), &info, Int32(SF_FALSE)) {
            return .opened(handle)
        }
        return .failed(String(cString: sf_strerror(nil)))
    }
}

/// Opens an already-open descriptor for writing. libsndfile never closes `fd`
/// (`close_desc` is false): the caller owns it, so it can `fsync` and close it itself and
/// there is no doubt about who closes it on an open failure.
func sndfile_open_fd_write(_ fd: Int32, _ info: inout SF_INFO) -> SndFileOpenResult {
    openLock.withLock { _ in
        if let handle = sf_open_fd(fd, Int32(SFM_WRITE), &info, Int32(SF_FALSE)) {
            return .opened(handle)
        }
        return .failed(String(cString: sf_strerror(nil)))
    }
}

/// Opens a ``VirtualFile`` for writing. The file must outlive the handle (libsndfile keeps
/// an unretained pointer to it until `sf_close`).
func sndfile_open_virtual_write(_ file: VirtualFile, _ info: inout SF_INFO) -> SndFileOpenResult {
    // The pointer crosses the lock's closure as an integer (the file is not Sendable; it is
    // only touched by libsndfile calls on this handle, which the writer serialises).
    let user = UInt(bitPattern: Unmanaged.passUnretained(file).toOpaque())
    return openLock.withLock { _ in
        var io = SF_VIRTUAL_IO(
            get_filelen: { user in virtualFile(user).length },
            seek: { offset, whence, user in virtualFile(user).seek(offset, whence: whence) },
            read: { _, _, _ in 0 },  // write-only: the WAV and AIFF writers never read back
            write: { bytes, count, user in
                guard let bytes else { return 0 }
                return virtualFile(user).write(
                    UnsafeRawBufferPointer(start: bytes, count: Int(count)))
            },
            tell: { user in virtualFile(user).position })
        if let handle = sf_open_virtual(
            &io, Int32(SFM_WRITE), &info, UnsafeMutableRawPointer(bitPattern: user))
        {
            return .opened(handle)
        }
        return .failed(String(cString: sf_strerror(nil)))
    }
}

private func virtualFile(_ user: UnsafeMutableRawPointer?) -> VirtualFile {
    Unmanaged<VirtualFile>.fromOpaque(user!).takeUnretainedValue()
}

/// Closes `handle`, flushing and finalising the header. Returns libsndfile's message on
/// failure (e.g. a full disk found while writing the trailing header).
func sndfile_close(_ handle: SndFileHandle) -> String? {
    let code = sf_close(handle)
    return code == 0 ? nil : String(cString: sf_error_number(code))
}

/// The last error of `handle` as text.
func sndfile_strerror(_ handle: SndFileHandle) -> String {
    String(cString: sf_strerror(handle))
}

/// `sf_format_check`: whether libsndfile accepts this format/rate/channel combination.
func sndfile_format_check(_ info: inout SF_INFO) -> Bool {
    sf_format_check(&info) == Int32(SF_TRUE)
}

/// Sends a boolean `SFC_*` command. Returns the command's result (meaning varies per command).
@discardableResult
func sndfile_command_bool(_ handle: SndFileHandle, _ command: Int32, _ value: Bool) -> Int32 {
    sf_command(handle, command, nil, value ? Int32(SF_TRUE) : Int32(SF_FALSE))
}

/// libsndfile's parse log for the open file (`SFC_GET_LOG_INFO`), e.g. header lengths that
/// disagree with the file ("data : 1920000 (should be 199920)").
func sndfile_log_info(_ handle: SndFileHandle) -> String {
    var buffer = [CChar](repeating: 0, count: 8_192)
    _ = buffer.withUnsafeMutableBufferPointer {
        sf_command(handle, Int32(SFC_GET_LOG_INFO), $0.baseAddress, Int32($0.count))
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// `sf_set_string`. Returns libsndfile's message on failure.
func sndfile_set_string(_ handle: SndFileHandle, _ key: Int32, _ value: String) -> String? {
    sf_set_string(handle, key, value) == 0 ? nil : sndfile_strerror(handle)
}

/// `sf_get_string`, or nil when the file has no such string.
func sndfile_get_string(_ handle: SndFileHandle, _ key: Int32) -> String? {
    sf_get_string(handle, key).map { String(cString: $0) }
}

/// `sf_writef_float`: writes `frames` interleaved frames, returns the frames written.
func sndfile_writef_float(_ handle: SndFileHandle, _ samples: UnsafePointer<Float>, _ frames: Int)
    -> Int
{
    Int(sf_writef_float(handle, samples, sf_count_t(frames)))
}

/// `sf_readf_float`: reads up to `frames` interleaved frames, returns the frames read.
func sndfile_readf_float(
    _ handle: SndFileHandle, _ samples: UnsafeMutablePointer<Float>, _ frames: Int
) -> Int {
    Int(sf_readf_float(handle, samples, sf_count_t(frames)))
}

/// `sf_seek` from the start (`SEEK_SET`): the frame reached, or -1 when it cannot seek there.
func sndfile_seek(_ handle: SndFileHandle, toFrame frame: Int) -> Int {
    Int(sf_seek(handle, sf_count_t(frame), 0))  // SEEK_SET
}

/// `sf_error`: nonzero when the handle has a pending error (used to tell EOF from failure).
func sndfile_has_error(_ handle: SndFileHandle) -> Bool {
    sf_error(handle) != 0
}

/// libsndfile's human-readable name of a major format (`SFC_GET_FORMAT_INFO`), e.g.
/// "WAV (Microsoft)".
func sndfile_format_name(_ format: Int32) -> String? {
    var formatInfo = SF_FORMAT_INFO()
    formatInfo.format = format & Int32(SF_FORMAT_TYPEMASK)
    let size = Int32(MemoryLayout<SF_FORMAT_INFO>.size)
    guard sf_command(nil, Int32(SFC_GET_FORMAT_INFO), &formatInfo, size) == 0,
        let name = formatInfo.name
    else { return nil }
    return String(cString: name)
}
