// The only place that makes POSIX calls (open, fsync, rename, …) for the atomic writer.
// Each wrapper returns `errno` text on failure so the typed layer can attach the path.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call: the call's name and `strerror(errno)`.
struct SystemCallFailure: Error {
    var call: String
    var errno: Int32
    var message: String { String(cString: strerror(errno)) }
    /// `ENOENT`: nothing has the name.
    var isNotFound: Bool { errno == ENOENT }
    /// `EEXIST`: the name is taken.
    var isAlreadyExists: Bool { errno == EEXIST }
    /// `EPIPE`: the reading end of a pipe has been closed.
    var isBrokenPipe: Bool { errno == EPIPE }
    /// `open`'s `ELOOP`: symbolic links that never end in a file.
    static var loop: SystemCallFailure { SystemCallFailure(call: "open", errno: ELOOP) }
}

/// What occupies a path, without following a final symlink's target type for the
/// "exists" question but following it for the kind (stat, like `open` would).
enum PathKind {
    case missing, regularFile, directory, other
}

func system_path_kind(_ path: String) -> PathKind {
    var st = stat()
    guard stat(path, &st) == 0 else {
        // A dangling symlink still occupies the name: treat it as an existing file so
        // `overwrite: false` refuses it rather than silently replacing the link.
        var lst = stat()
        return lstat(path, &lst) == 0 ? .regularFile : .missing
    }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    default: return .other
    }
}

/// Where writing to a path leads once its symbolic links are followed, link by link.
enum DestinationKind: Equatable {
    /// A regular file at `path`, or nothing yet: `path` is where the last link points (the
    /// path itself when it is no link), so a new file is renamed over the file a link names,
    /// never over the link.
    case file(path: String)
    case directory
    /// One of this process's open descriptors, named through `/dev/stdout`, `/dev/fd/N`,
    /// `/proc/self/fd/N` (or a link to one): written through it in order, as standard output is.
    case descriptor(Int32)
    /// A FIFO, terminal, socket or device at `path` (links followed): opened and written.
    case stream(path: String)
    /// A name inside `/proc` that is not an open descriptor of this process: no file can be
    /// made there (a rename into procfs fails), and another process's descriptor is not ours.
    case procfs(path: String)
    /// Links that never end in a file (a loop, or more than 40): `ELOOP`, as `open` says.
    case loop
}

/// Follows `path`'s symbolic links one at a time (at most 40, as the kernel does), stopping
/// at a descriptor of this process reached through procfs: `realpath` would turn
/// `/proc/self/fd/1` into the name of the file behind it, or fail for a pipe. O(links).
func system_resolve_destination(_ path: String) -> DestinationKind {
    var current = path
    for _ in 0..<40 {
        let slash = current.lastIndex(of: "/")
        let folder = slash.map { $0 == current.startIndex ? "/" : String(current[..<$0]) } ?? "."
        let name = slash.map { String(current[current.index(after: $0)...]) } ?? current
        if case .success(let real) = system_real_path(folder) {
            if let fd = ownDescriptor(folder: real, name: name) { return .descriptor(fd) }
            if real == "/proc" || real.hasPrefix("/proc/") { return .procfs(path: current) }
        }
        var st = stat()
        guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK,
            let target = system_read_link(current)
        else { break }
        current =
            target.hasPrefix("/") || slash == nil
            ? target : String(current[...slash!]) + target
    }
    var st = stat()
    if lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK { return .loop }
    guard stat(current, &st) == 0 else { return .file(path: current) }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return .file(path: current)
    case S_IFDIR: return .directory
    default: return .stream(path: current)
    }
}

/// The descriptor `name` names in the folder `real` (resolved) when that folder is this
/// process's descriptor table (`/proc/<pid>/fd`, `/proc/<pid>/task/<tid>/fd`, or `/dev/fd`
/// where it is a folder of its own, as on macOS) and the descriptor is open.
private func ownDescriptor(folder real: String, name: String) -> Int32? {
    let pid = "/proc/\(getpid())/"
    let isTable =
        real == "/dev/fd" || real == pid + "fd"
        || (real.hasPrefix(pid + "task/") && real.hasSuffix("/fd")
            && real.dropFirst(pid.count + 5).dropLast(3).allSatisfy(\.isNumber))
    guard isTable, !name.isEmpty, name.utf8.count < 10, name.allSatisfy(\.isASCII),
        name.allSatisfy(\.isNumber), let fd = Int32(name), fcntl(fd, F_GETFD) != -1
    else { return nil }
    return fd
}

/// `mkdir -p folder`: creates `folder` and the missing folders above it, and returns the
/// ones it created, outermost first (a folder another process creates meanwhile is not one
/// of them). An empty `folder` is the current one. O(depth).
func system_make_folders(_ folder: String) -> Result<[String], SystemCallFailure> {
    var missing: [String] = []
    var current = folder
    while !current.isEmpty, current != "/" {
        var st = stat()
        if stat(current, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else {
                return .failure(SystemCallFailure(call: "mkdir", errno: ENOTDIR))
            }
            break
        }
        guard errno == ENOENT else {
            return .failure(SystemCallFailure(call: "stat", errno: errno))
        }
        missing.append(current)
        guard let slash = current.lastIndex(of: "/") else { break }
        current = String(current[..<slash])
    }
    var created: [String] = []
    for path in missing.reversed() {
        if mkdir(path, 0o777) == 0 {
            created.append(path)
        } else if errno != EEXIST {
            let failure = SystemCallFailure(call: "mkdir", errno: errno)
            for made in created.reversed() { rmdir(made) }
            return .failure(failure)
        }
    }
    return .success(created)
}

/// `rmdir(2)`, which removes only an empty folder; false when it did not.
@discardableResult
func system_remove_folder(_ path: String) -> Bool {
    rmdir(path) == 0
}

/// `readlink(2)`: the target a symbolic link holds, or nil.
func system_read_link(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let n = buffer.withUnsafeMutableBytes {
        readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count)
    }
    guard n > 0, n < buffer.count else { return nil }
    return String(decoding: buffer[0..<n], as: UTF8.self)
}

/// `dup(2)` with close-on-exec.
func system_duplicate(_ fd: Int32) -> Result<Int32, SystemCallFailure> {
    let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
    return copy >= 0 ? .success(copy) : .failure(SystemCallFailure(call: "dup", errno: errno))
}

/// Whether `fd` cannot seek (a pipe, a socket, a terminal): bytes must go in order.
func system_is_sequential(_ fd: Int32) -> Bool {
    lseek(fd, 0, SEEK_CUR) < 0
}

/// Whether `fd` is a terminal.
func system_is_terminal(_ fd: Int32) -> Bool {
    isatty(fd) == 1
}

/// Creates `path` exclusively (`O_CREAT | O_EXCL`), so an existing file or a planted
/// symlink with the temporary name is never written through. Read-write, because the
/// Ogg serial normalisation reads the encoded file back through the same descriptor.
func system_create_exclusive(_ path: String) -> Result<Int32, SystemCallFailure> {
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    return fd >= 0 ? .success(fd) : .failure(SystemCallFailure(call: "open", errno: errno))
}

/// An input file opened for reading, or why not.
enum InputOpenResult {
    case opened(fd: Int32, size: Int)
    case failed(SystemCallFailure)
    /// It exists but is a directory, FIFO, device or socket (`kind` names it).
    case notRegular(kind: String)
}

/// Opens `path` read-only and checks, on the open descriptor (no race with a swap), that it
/// is a regular file: a FIFO or a device (`/dev/zero`) would block or never end.
/// `O_NONBLOCK` keeps the open itself from blocking on a FIFO without a writer.
func system_open_regular_input(_ path: String) -> InputOpenResult {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return .failed(SystemCallFailure(call: "open", errno: errno)) }
    var st = stat()
    guard fstat(fd, &st) == 0 else {
        let failure = SystemCallFailure(call: "fstat", errno: errno)
        close(fd)
        return .failed(failure)
    }
    let kind: String?
    switch st.st_mode & S_IFMT {
    case S_IFREG: kind = nil
    case S_IFDIR: kind = "a directory"
    case S_IFIFO: kind = "a pipe (FIFO)"
    case S_IFCHR, S_IFBLK: kind = "a device"
    case S_IFSOCK: kind = "a socket"
    default: kind = "not a regular file"
    }
    if let kind {
        close(fd)
        return .notRegular(kind: kind)
    }
    // Back to blocking reads for libsndfile (regular files ignore the flag, but be exact).
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return .opened(fd: fd, size: Int(st.st_size))
}

/// Opens an existing non-regular target (a device or FIFO such as `/dev/stdout`) for writing.
func system_open_write(_ path: String) -> Result<Int32, SystemCallFailure> {
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    return fd >= 0 ? .success(fd) : .failure(SystemCallFailure(call: "open", errno: errno))
}

func system_close(_ fd: Int32) -> SystemCallFailure? {
    close(fd) == 0 ? nil : SystemCallFailure(call: "close", errno: errno)
}

func system_fsync(_ fd: Int32) -> SystemCallFailure? {
    fsync(fd) == 0 ? nil : SystemCallFailure(call: "fsync", errno: errno)
}

func system_rename(_ from: String, _ to: String) -> SystemCallFailure? {
    rename(from, to) == 0 ? nil : SystemCallFailure(call: "rename", errno: errno)
}

/// `link(2)`: fails with `EEXIST` if `to` exists, atomically — the no-overwrite publish.
func system_link(_ from: String, _ to: String) -> SystemCallFailure? {
    link(from, to) == 0 ? nil : SystemCallFailure(call: "link", errno: errno)
}

func system_unlink(_ path: String) {
    _ = unlink(path)
}

func system_getpid() -> Int32 { getpid() }

/// The size of the file open on `fd` (`fstat`).
func system_file_size(_ fd: Int32) -> Result<Int, SystemCallFailure> {
    var st = stat()
    guard fstat(fd, &st) == 0 else {
        return .failure(SystemCallFailure(call: "fstat", errno: errno))
    }
    return .success(Int(st.st_size))
}

/// Reads a whole (small) file through its descriptor with `pread`.
func system_read_all(_ fd: Int32) -> Result<[UInt8], SystemCallFailure> {
    var st = stat()
    guard fstat(fd, &st) == 0 else {
        return .failure(SystemCallFailure(call: "fstat", errno: errno))
    }
    let size = Int(st.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
        let n = bytes.withUnsafeMutableBytes {
            pread(fd, $0.baseAddress! + done, size - done, off_t(done))
        }
        if n < 0 { return .failure(SystemCallFailure(call: "pread", errno: errno)) }
        if n == 0 {
            bytes.removeLast(size - done)
            break
        }  // shrank under us
        done += n
    }
    return .success(bytes)
}

/// Writes `bytes` at offset 0 with `pwrite`.
func system_write_all(_ fd: Int32, _ bytes: [UInt8]) -> SystemCallFailure? {
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeBytes {
            pwrite(fd, $0.baseAddress! + done, bytes.count - done, off_t(done))
        }
        if n < 0 { return SystemCallFailure(call: "pwrite", errno: errno) }
        done += n
    }
    return nil
}

/// Writes all of `bytes` at the descriptor's current position (a pipe), retrying after
/// signals and short writes.
func system_write_sequential(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemCallFailure? {
    var done = 0
    while done < bytes.count {
        let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
        if n < 0 {
            if errno == EINTR { continue }
            return SystemCallFailure(call: "write", errno: errno)
        }
        done += n
    }
    return nil
}

/// What ``AtomicFile`` keeps of a file it rewrites.
struct FileStatus {
    var mode: mode_t
    var owner: uid_t
    var group: gid_t
    var links: Int
}

/// `stat(2)` of `path` (symlinks followed), or nil.
func system_file_status(_ path: String) -> FileStatus? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    return FileStatus(
        mode: st.st_mode & 0o7777, owner: st.st_uid, group: st.st_gid, links: Int(st.st_nlink))
}

/// `realpath(3)`: the path with every symbolic link, `.` and `..` resolved.
func system_real_path(_ path: String) -> Result<String, SystemCallFailure> {
    guard let resolved = realpath(path, nil) else {
        return .failure(SystemCallFailure(call: "realpath", errno: errno))
    }
    defer { free(resolved) }
    return .success(String(cString: resolved))
}

func system_fchmod(_ fd: Int32, _ mode: mode_t) -> SystemCallFailure? {
    fchmod(fd, mode) == 0 ? nil : SystemCallFailure(call: "fchmod", errno: errno)
}

/// `fchown(2)`; true when the file now has that owner and group (already had, or changed).
func system_fchown(_ fd: Int32, uid: uid_t, gid: gid_t) -> Bool {
    var st = stat()
    if fstat(fd, &st) == 0, st.st_uid == uid, st.st_gid == gid { return true }
    return fchown(fd, uid, gid) == 0
}

/// Replaces the content of the existing file `path` by `bytes` in place (same inode: hard
/// links and owner kept), with `signals` blocked in this thread meanwhile, then syncs it.
func system_overwrite(_ path: String, with bytes: [UInt8], holding signals: [Int32])
    -> SystemCallFailure?
{
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    for s in signals { sigaddset(&blocked, s) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    let fd = open(path, O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { return SystemCallFailure(call: "open", errno: errno) }
    defer { close(fd) }
    if let f = system_write_all(fd, bytes) { return f }
    if ftruncate(fd, off_t(bytes.count)) != 0 {
        return SystemCallFailure(call: "ftruncate", errno: errno)
    }
    return system_fsync(fd)
}

/// One `pread(2)` of up to `count` bytes at `offset`, retried after signals.
func system_pread(_ buffer: UnsafeMutableRawPointer, _ count: Int, _ fd: Int32, _ offset: Int)
    -> Result<Int, SystemCallFailure>
{
    while true {
        let n = pread(fd, buffer, count, off_t(offset))
        if n >= 0 { return .success(n) }
        if errno != EINTR { return .failure(SystemCallFailure(call: "pread", errno: errno)) }
    }
}

/// The folder for files no one sees: `TMPDIR`, else `/tmp`.
func system_temporary_folder() -> String {
    guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
    return String(cString: value)
}

/// Copies the whole file open on `from` (read with `pread` from its start) to `to`, in order,
/// a megabyte at a time. O(file).
func system_copy(from: Int32, to: Int32) -> SystemCallFailure? {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var offset = 0
    while true {
        let n = buffer.withUnsafeMutableBytes {
            system_pread($0.baseAddress!, $0.count, from, offset)
        }
        switch n {
        case .failure(let f): return f
        case .success(0): return nil
        case .success(let n):
            offset += n
            if let f = buffer.withUnsafeBytes({
                system_write_sequential(to, UnsafeRawBufferPointer(rebasing: $0[0..<n]))
            }) {
                return f
            }
        }
    }
}

/// Writes all of `bytes` at `offset` with `pwrite`, retrying after signals and short writes.
func system_pwrite(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64)
    -> SystemCallFailure?
{
    var done = 0
    while done < bytes.count {
        let n = pwrite(
            fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
        if n < 0 {
            if errno == EINTR { continue }
            return SystemCallFailure(call: "pwrite", errno: errno)
        }
        done += n
    }
    return nil
}
