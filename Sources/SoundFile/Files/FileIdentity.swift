#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What makes two names the same file: the device and inode `stat(2)` reports after following
/// every symbolic link. Paths cannot decide it (`./a.wav`, a symlink to it, a hard link and a
/// bind mount are different strings for one file); identities can.
public struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of the file `path` names (symbolic links followed), or nil when nothing
    /// exists there (a dangling link included). O(1): one `stat`.
    public init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        self.init(st)
    }

    /// The identity of an open descriptor's file. O(1): one `fstat`.
    public init?(descriptor: Int32) {
        var st = stat()
        guard fstat(descriptor, &st) == 0 else { return nil }
        self.init(st)
    }

    init(_ st: stat) {
        device = UInt64(truncatingIfNeeded: st.st_dev)
        inode = UInt64(truncatingIfNeeded: st.st_ino)
    }

    public var description: String { "device \(device), inode \(inode)" }
}
