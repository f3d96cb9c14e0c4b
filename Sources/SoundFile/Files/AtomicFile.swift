import Synchronization

/// Distinguishes the temporary files of one process (the pid distinguishes processes).
private let temporaryFileCounter = Atomic<Int>(0)

/// The one way every output of this package reaches the disk: written to a hidden temporary
/// file beside the destination, then published whole by a rename, so readers see the old file
/// or the complete new one, never a partial file — and no input is ever overwritten.
///
/// **Owned on every exit.** The temporary file (`.<name>.ahap-render-<pid>-<n>.partial`,
/// created with `O_EXCL`; a name left by an earlier process is skipped, never reused) is
/// removed by ``abandon()``, by `deinit` on any error or early return, and by
/// ``TerminationSignals``' handler on SIGINT, SIGTERM, SIGHUP and SIGPIPE. Only a crash of the
/// process (a bug) or a power loss can leave one.
///
/// **Inputs.** Before opening and again just before publishing, a destination that is a file
/// of the running command's ``InputFiles`` scope is refused (``SoundFileError/destinationIsInput(path:input:)``),
/// whatever name it is reached by.
///
/// **Destinations.**
/// - ``Replacing/never``: an existing file is refused up front, and at publication too (a
///   `link(2)`, which fails atomically if the name appeared meanwhile).
/// - ``Replacing/replace``: the file at the path is replaced; a symbolic link there is replaced
///   by the new file (its target is left alone), like `mv`.
/// - ``Replacing/rewrite``: an existing file is edited: the path's symbolic links are followed
///   to the real file, the new content is written beside it with its mode and owner, then
///   renamed over it. A file with other hard links, or whose owner cannot be given to a new
///   file, is rewritten in place instead, so every name keeps seeing one file: the complete new
///   content is written and synced beside it first (a full disk fails before the file is
///   touched), then copied over it with the termination signals held, then removed.
/// - An existing device or FIFO (`/dev/stdout`, a pipe) is written directly: nothing to rename.
///
/// The folder is not `fsync`ed: after a power loss the rename may be lost, but the destination
/// is never torn.
public struct AtomicFile: ~Copyable {
    /// What may happen to an existing file at the destination.
    public enum Replacing: Sendable, Equatable {
        case never, replace, rewrite
    }

    /// The destination as given.
    public let path: String
    /// The open descriptor to write (read-write, so content can be read back). Owned.
    public private(set) var descriptor: Int32
    /// Whether the destination is a device or FIFO written directly (write-only, no rename).
    public var isDirect: Bool { mode == .direct }
    /// How the content reaches its destination.
    private let mode: Mode

    private enum Mode { case temporary, direct, unnamed }
    /// The temporary file, until published or removed; nil for a direct (device) destination.
    private var temporary: String?
    private var slot: Int?
    private let replacing: Replacing
    /// The file actually replaced: the real file for ``Replacing/rewrite``, else `path`.
    private let target: String
    /// For ``Replacing/rewrite``: the replaced file's status (mode, owner, links).
    private let original: FileStatus?

    /// Checks the destination and creates the temporary file beside it.
    /// - Throws: `destinationExists`, `destinationIsDirectory`, `destinationIsInput`, or
    ///   `fileSystem` with the failing call (an unwritable folder, a missing file to rewrite).
    public init(path: String, replacing: Replacing) throws(SoundFileError) {
        let kind = try Self.check(path: path, replacing: replacing)
        if kind == .other {
            switch system_open_write(path) {
            case .success(let fd):
                self.init(
                    path: path, replacing: replacing, mode: .direct, descriptor: fd,
                    temporary: nil, slot: nil, target: path, original: nil)
            case .failure(let f):
                throw .fileSystem(path: path, call: f.call, message: f.message)
            }
            return
        }
        var target = path
        var original: FileStatus?
        if replacing == .rewrite {
            switch system_real_path(path) {
            case .success(let real): target = real
            case .failure(let f): throw .fileSystem(path: path, call: f.call, message: f.message)
            }
            original = system_file_status(target)
        }
        let (fd, temporary, slot) = try Self.createTemporary(beside: target, path: path)
        self.init(
            path: path, replacing: replacing, mode: .temporary, descriptor: fd,
            temporary: temporary, slot: slot, target: target, original: original)
    }

    /// A file no one can see, for bytes the caller reads back through ``descriptor`` rather
    /// than publishes (the audio of an HTML page): created in `folder` and unlinked at once, so
    /// nothing is left on disk whatever happens. ``commit()`` does nothing.
    public init(unnamedIn folder: String) throws(SoundFileError) {
        let (fd, temporary, slot) = try Self.createTemporary(
            beside: folder.hasSuffix("/") ? folder + "scratch" : folder + "/scratch", path: folder)
        system_unlink(temporary)
        TemporaryFiles.unregister(slot)
        self.init(
            path: folder, replacing: .replace, mode: .unnamed, descriptor: fd, temporary: nil,
            slot: nil, target: folder, original: nil)
    }

    private init(
        path: String, replacing: Replacing, mode: Mode, descriptor: Int32, temporary: String?,
        slot: Int?, target: String, original: FileStatus?
    ) {
        self.path = path
        self.replacing = replacing
        self.mode = mode
        self.descriptor = descriptor
        self.temporary = temporary
        self.slot = slot
        self.target = target
        self.original = original
    }

    /// Creates the temporary file beside `target` with `O_EXCL`, skipping names an earlier
    /// process with this pid left behind, registered (``TemporaryFiles``) before it exists so
    /// that no signal can leave it behind.
    private static func createTemporary(beside target: String, path: String)
        throws(SoundFileError) -> (descriptor: Int32, path: String, slot: Int)
    {
        var attempts = 0
        while true {
            let candidate = temporaryPath(for: target)
            guard let slot = TemporaryFiles.register(candidate) else {
                throw .fileSystem(
                    path: path, call: "open",
                    message: "more than \(TemporaryFiles.capacity) files are being written at once")
            }
            switch system_create_exclusive(candidate) {
            case .success(let fd):
                if TemporaryFiles.isRemoving {  // a handler is ending the process
                    system_unlink(candidate)
                    _ = system_close(fd)
                    throw .fileSystem(
                        path: path, call: "open", message: "the process is being terminated")
                }
                return (fd, candidate, slot)
            case .failure(let f) where f.isAlreadyExists && attempts < 1_000:
                TemporaryFiles.unregister(slot)
                attempts += 1
            case .failure(let f):
                TemporaryFiles.unregister(slot)
                throw .fileSystem(path: path, call: f.call, message: f.message)
            }
        }
    }

    deinit {
        if descriptor >= 0 { _ = system_close(descriptor) }
        if let temporary { system_unlink(temporary) }
        if let slot { TemporaryFiles.unregister(slot) }
    }

    /// Fails early when `path` cannot be a destination with `replacing`: an existing file
    /// that may not be replaced, a directory, a missing file to rewrite, or one of `inputs`
    /// (by default the running command's).
    public static func checkDestination(
        path: String, replacing: Replacing, inputs: InputFiles? = InputFiles.current
    ) throws(SoundFileError) {
        _ = try check(path: path, replacing: replacing, inputs: inputs)
    }

    /// Whether a file already holds `path`, so that ``Replacing/never`` refuses it: a file
    /// (symbolic links followed) or a symbolic link, even a dangling one. A folder or a device
    /// does not (writing reports the one, writes the other). What `--skip-existing` counts as
    /// done, in every command.
    public static func isOccupied(path: String) -> Bool {
        system_path_kind(path) == .regularFile
    }

    private static func check(
        path: String, replacing: Replacing, inputs: InputFiles? = InputFiles.current
    ) throws(SoundFileError) -> PathKind {
        let kind = system_path_kind(path)
        switch kind {
        case .directory: throw .destinationIsDirectory(path: path)
        case .regularFile where replacing == .never: throw .destinationExists(path: path)
        case .missing where replacing == .rewrite:
            throw .fileSystem(path: path, call: "open", message: "No such file or directory")
        default: break
        }
        if replacing != .rewrite, let input = inputs?.input(sameAs: path) {
            throw .destinationIsInput(path: path, input: input)
        }
        return kind
    }

    /// Syncs the content and publishes it at the destination; the temporary file is gone
    /// afterwards whatever happens.
    /// - Throws: `fileSystem` (`fsync`, `rename`, …), `destinationExists` when the name
    ///   appeared meanwhile (``Replacing/never``), `destinationIsInput`.
    public mutating func commit() throws(SoundFileError) {
        if mode == .unnamed { return }
        let fd = descriptor
        guard let temporary else {  // direct (device) output: nothing to sync or rename
            descriptor = -1
            if let f = system_close(fd) {
                throw .fileSystem(path: path, call: f.call, message: f.message)
            }
            return
        }
        if let f = system_fsync(fd) {
            throw .fileSystem(path: path, call: f.call, message: f.message)
        }
        if replacing != .rewrite, let input = InputFiles.current?.input(sameAs: path) {
            throw .destinationIsInput(path: path, input: input)
        }
        var inPlace = false
        if let original {
            // The new file takes the old one's mode and owner; where that cannot be (another
            // owner) or would split hard links, the old file is rewritten in place.
            _ = system_fchmod(fd, original.mode)
            let chowned = system_fchown(fd, uid: original.owner, gid: original.group)
            inPlace = original.links > 1 || !chowned
        }
        if inPlace {
            try copyInPlace(from: fd)
            descriptor = -1
            _ = system_close(fd)
            system_unlink(temporary)
        } else {
            descriptor = -1
            if let f = system_close(fd) {
                throw .fileSystem(path: path, call: f.call, message: f.message)
            }
            try publish(temporary)
        }
        self.temporary = nil
        if let slot { TemporaryFiles.unregister(slot) }
        slot = nil
    }

    /// Removes the temporary file: nothing is published. (The work is `deinit`'s.)
    public consuming func abandon() {}

    /// Writes `bytes` to `path` through an atomic file. O(bytes).
    public static func write(_ bytes: [UInt8], to path: String, replacing: Replacing)
        throws(SoundFileError)
    {
        var file = try AtomicFile(path: path, replacing: replacing)
        let fd = file.descriptor
        let failure = bytes.withUnsafeBytes { system_write_sequential(fd, $0) }
        if let f = failure { throw .fileSystem(path: path, call: f.call, message: f.message) }
        try file.commit()
    }

    // MARK: Private

    private func publish(_ temporary: String) throws(SoundFileError) {
        if replacing != .never {
            if let f = system_rename(temporary, target) {
                throw .fileSystem(path: path, call: f.call, message: f.message)
            }
            return
        }
        // link(2) refuses an existing name atomically, closing the window between the
        // up-front check and now. File systems without hard links fall back to a
        // check-then-rename, which is racy but still never replaces a file seen here.
        guard let f = system_link(temporary, target) else {
            system_unlink(temporary)
            return
        }
        if f.isAlreadyExists { throw .destinationExists(path: path) }
        guard system_path_kind(target) == .missing else { throw .destinationExists(path: path) }
        if let f = system_rename(temporary, target) {
            throw .fileSystem(path: path, call: f.call, message: f.message)
        }
    }

    /// Copies the synced temporary file over ``target`` in place, with the termination
    /// signals held so the copy is never interrupted half-way. O(file).
    private func copyInPlace(from fd: Int32) throws(SoundFileError) {
        let content: [UInt8]
        switch system_read_all(fd) {
        case .success(let bytes): content = bytes
        case .failure(let f): throw .fileSystem(path: path, call: f.call, message: f.message)
        }
        if let f = system_overwrite(target, with: content, holding: TerminationSignals.handled) {
            throw .fileSystem(path: path, call: f.call, message: f.message)
        }
    }

    /// `<folder>/.<name>.ahap-render-<pid>-<n>.partial`: in the destination's folder so
    /// the final rename stays on one file system (rename(2) is atomic only there), hidden
    /// and unmistakable so a crash's leftovers are easy to recognise.
    private static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // Keep the whole name within NAME_MAX (255 bytes) even for long destination names.
        let shortName = String(decoding: name.utf8.prefix(160), as: UTF8.self)
        let n = temporaryFileCounter.wrappingAdd(1, ordering: .relaxed).newValue
        return "\(folder).\(shortName).ahap-render-\(system_getpid())-\(n).partial"
    }
}
