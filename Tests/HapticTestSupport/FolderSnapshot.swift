import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Every entry below a folder — hidden ones included — with what "unchanged" means for it:
/// content hash, size, mode, inode and link count (a symbolic link: its target). Taken before
/// and after a command, two snapshots show that no input changed (nothing rewritten, replaced
/// or re-linked) and ``partialFiles`` that nothing half-written was left.
public struct FolderSnapshot: Equatable, CustomStringConvertible {
    public struct Entry: Equatable, CustomStringConvertible {
        public var kind: String
        public var hash: UInt64
        public var size: Int
        public var mode: UInt32
        public var inode: UInt64
        public var links: Int
        public var linkTarget: String?

        public var description: String {
            "\(kind) \(size) B, hash \(String(hash, radix: 16)), mode \(String(mode, radix: 8)), "
                + "inode \(inode), \(links) link(s)" + (linkTarget.map { " → \($0)" } ?? "")
        }
    }

    /// Relative path → entry.
    public var entries: [String: Entry]

    /// Reads every entry below `folder` (symbolic links are recorded, not followed).
    public init(_ folder: String) {
        var entries: [String: Entry] = [:]
        func visit(_ relative: String) {
            let full = relative.isEmpty ? folder : folder + "/" + relative
            var st = stat()
            guard lstat(full, &st) == 0 else { return }
            let type = st.st_mode & S_IFMT
            var entry = Entry(
                kind: "other", hash: 0, size: Int(st.st_size), mode: UInt32(st.st_mode & 0o7777),
                inode: UInt64(st.st_ino), links: Int(st.st_nlink), linkTarget: nil)
            switch type {
            case S_IFDIR:
                entry.kind = "folder"
                entry.size = 0
                let names = (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []
                for name in names.sorted() {
                    visit(relative.isEmpty ? name : relative + "/" + name)
                }
            case S_IFLNK:
                entry.kind = "symlink"
                entry.linkTarget = try? FileManager.default.destinationOfSymbolicLink(atPath: full)
            case S_IFREG:
                entry.kind = "file"
                entry.hash = Self.fnv1a(FileManager.default.contents(atPath: full) ?? Data())
            default: break
            }
            if !relative.isEmpty { entries[relative] = entry }
        }
        visit("")
        self.entries = entries
    }

    /// Entries whose name marks a temporary file (`.partial`) or whose name starts with a dot
    /// that the snapshot `before` did not have.
    public func partialFiles(comparedTo before: FolderSnapshot? = nil) -> [String] {
        entries.keys.filter { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return name.hasSuffix(".partial")
                || (name.hasPrefix(".") && before.map { $0.entries[path] == nil } ?? false)
        }.sorted()
    }

    /// What differs from `other` for the paths both have or either has, one line each.
    public func changes(from other: FolderSnapshot) -> [String] {
        var lines: [String] = []
        for path in Set(entries.keys).union(other.entries.keys).sorted() {
            switch (other.entries[path], entries[path]) {
            case (nil, let now?): lines.append("added \(path): \(now)")
            case (let was?, nil): lines.append("removed \(path): \(was)")
            case (let was?, let now?) where was != now:
                lines.append("changed \(path): \(was) → \(now)")
            default: break
            }
        }
        return lines
    }

    /// The snapshot restricted to `paths` (inputs), for comparing only what must not change.
    public func only(_ paths: [String]) -> FolderSnapshot {
        var copy = self
        copy.entries = entries.filter { paths.contains($0.key) }
        return copy
    }

    public var description: String {
        entries.keys.sorted().map { "\($0): \(entries[$0]!)" }.joined(separator: "\n")
    }

    static func fnv1a(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// A small tmpfs mounted for one test, so a full disk can be made for real (it holds for root
/// too, unlike permission bits). Needs CAP_SYS_ADMIN (root in CI); ``available`` says whether
/// this process may mount, for `.enabled(if:)` with a stated reason.
public final class TmpfsMount {
    public let folder: TempFolder
    public var path: String { folder.path }
    private var mounted = false

    public init?(options: String, readOnly: Bool = false) throws {
        folder = try TempFolder()
        #if canImport(Glibc)
            let flags: UInt = readOnly ? UInt(MS_RDONLY) : 0
            guard mount("tmpfs", folder.path, "tmpfs", flags, options) == 0 else {
                folder.cleanUp()
                return nil
            }
            mounted = true
        #else
            folder.cleanUp()
            return nil
        #endif
    }

    deinit {
        #if canImport(Glibc)
            if mounted { umount2(folder.path, Int32(MNT_DETACH)) }
        #endif
        folder.cleanUp()
    }

    /// Whether this process may mount a tmpfs (probed once).
    public static let available: Bool = (try? TmpfsMount(options: "size=4k")) != nil

    /// Fills the disk but for `leaving` bytes, with a file named `filler`.
    public func fill(leaving bytes: Int) throws {
        var st = statvfs()
        guard statvfs(path, &st) == 0 else { return }
        let free = Int(st.f_bavail) * Int(st.f_frsize)
        let size = max(0, free - bytes)
        FileManager.default.createFile(
            atPath: path + "/filler", contents: Data(repeating: 0, count: size))
    }
}
