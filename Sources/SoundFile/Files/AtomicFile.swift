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
/// **Destinations.** The path's symbolic links are followed one by one
/// (``DestinationKind``):
/// - A regular file, or nothing yet: the new file is written beside the file the path (or
///   its last link) names and renamed over it, so a link to a file keeps being a link and the
///   file it points to is replaced.
///   - ``Replacing/never``: an existing file (or a link, even a dangling one) is refused up
///     front, and at publication too (a `link(2)`, which fails atomically if the name
///     appeared meanwhile).
///   - ``Replacing/replace``: the file is replaced.
///   - ``Replacing/rewrite``: an existing file is edited: the new content is written beside
///     it with its mode and owner, then renamed over it. A file with other hard links, or
///     whose owner cannot be given to a new file, is rewritten in place instead, so every
///     name keeps seeing one file: the complete new content is written and synced beside it
///     first (a full disk fails before the file is touched), then copied over it with the
///     termination signals held, then removed.
/// - One of this process's descriptors (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`, or a
///   link to one): written through it in order, as standard output is (``isSequential``),
///   whatever it is open on: a pipe, a terminal, a file the shell opened (`> x.wav`).
/// - A FIFO, terminal, socket or device: opened and written directly, in order unless it
///   seeks (`/dev/null`). Nothing is renamed, and nothing about it is atomic.
/// - Any other name in `/proc` (another process's descriptor, a kernel file): refused
///   (``SoundFileError/unwritableDestination(path:reason:)``).
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
    /// Whether the destination is a device, FIFO or descriptor written directly (write-only,
    /// no rename).
    public var isDirect: Bool { mode == .direct || mode == .sequential }
    /// Whether the bytes must be written in order (a pipe, a terminal, a socket, or one of
    /// this process's descriptors, written as standard output is): no `pwrite`, no going back.
    public var isSequential: Bool { mode == .sequential }
    /// How the content reaches its destination.
    private let mode: Mode

    private enum Mode { case temporary, direct, sequential, unnamed }
    /// The temporary file, until published or removed; nil for a direct (device) destination.
    private var temporary: String?
    private var slot: Int?
    private let replacing: Replacing
    /// The file actually replaced: the real file for ``Replacing/rewrite``, else `path`.
    private let target: String
    /// For ``Replacing/rewrite``: the replaced file's status (mode, owner, links).
    private let original: FileStatus?
    /// The folders made for the temporary file (``createsFolders``), outermost first: removed
    /// again, when empty, unless the file is published.
    private var createdFolders: [String] = []

    /// Whether a destination's missing folders are made (`mkdir -p`) as its temporary file is
    /// created, and removed again (when empty) if nothing is published in them — on an
    /// error, a cancellation or a termination signal — so a failed output leaves no folder
    /// behind either. Off by default; a command binds it for its run
    /// (`AtomicFile.$createsFolders.withValue(true)`), as the command line does ("missing
    /// folders on the way to an output are created").
    @TaskLocal public static var createsFolders = false

    /// Checks the destination and creates the temporary file beside the file it names.
    /// - Throws: `destinationExists`, `destinationIsDirectory`, `destinationIsInput`,
    ///   `unwritableDestination` (a name in `/proc` that is no descriptor of this process), or
    ///   `fileSystem` with the failing call (an unwritable folder, a missing file to rewrite).
    public init(path: String, replacing: Replacing) throws(SoundFileError) {
        let target: String
        switch try Self.check(path: path, replacing: replacing) {
        case .descriptor(let fd):
            switch system_duplicate(fd) {
            case .success(let copy):
                self.init(
                    path: path, replacing: replacing, mode: .sequential, descriptor: copy,
                    temporary: nil, slot: nil, target: path, original: nil)
            case .failure(let f):
                throw .fileSystem(path: path, call: f.call, message: f.message)
            }
            return
        case .stream(let device):
            switch system_open_write(device) {
            case .success(let fd):
                self.init(
                    path: path, replacing: replacing,
                    mode: system_is_sequential(fd) ? .sequential : .direct, descriptor: fd,
                    temporary: nil, slot: nil, target: path, original: nil)
            case .failure(let f):
                throw .fileSystem(path: path, call: f.call, message: f.message)
            }
            return
        case .file(let file): target = file
        case .directory, .procfs, .loop: preconditionFailure("refused by check")
        }
        let original = replacing == .rewrite ? system_file_status(target) : nil
        let folders = Self.createsFolders ? try Self.makeFolders(for: target, path: path) : []
        do {
            let (fd, temporary, slot) = try Self.createTemporary(
                beside: target, path: path, remaking: Self.createsFolders)
            self.init(
                path: path, replacing: replacing, mode: .temporary, descriptor: fd,
                temporary: temporary, slot: slot, target: target, original: original)
            createdFolders = folders
        } catch {
            Self.removeFolders(folders)
            throw error
        }
    }

    /// Makes the missing folders on the way to `target`, each recorded for removal on a
    /// signal (``TemporaryFiles/registerFolder(_:)``).
    private static func makeFolders(for target: String, path: String) throws(SoundFileError)
        -> [String]
    {
        let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? ""
        switch system_make_folders(folder) {
        case .success(let made):
            for made in made { TemporaryFiles.registerFolder(made) }
            return made
        case .failure(let f):
            throw .fileSystem(
                path: path, call: f.call, message: "cannot make the folder: \(f.message)")
        }
    }

    /// Removes `folders` (innermost first) where they are empty.
    private static func removeFolders(_ folders: [String]) {
        for folder in folders.reversed() { system_remove_folder(folder) }
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
    ///
    /// With `remaking`, a folder that vanished meanwhile (another worker removing the empty
    /// folders its failed output left) is made again.
    private static func createTemporary(
        beside target: String, path: String, remaking: Bool = false
    ) throws(SoundFileError) -> (descriptor: Int32, path: String, slot: Int) {
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
            case .failure(let f) where f.isNotFound && remaking && attempts < 3:
                TemporaryFiles.unregister(slot)
                _ = try makeFolders(for: target, path: path)
                attempts += 1
            case .failure(let f):
                TemporaryFiles.unregister(slot)
                throw .fileSystem(path: path, call: f.call, message: f.message)
            }
        }
    }

    deinit {
        if descriptor >= 0 { _ = system_close(descriptor) }
        if let temporary {
            system_unlink(temporary)
            Self.removeFolders(createdFolders)
        }
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
    /// (symbolic links followed) or a symbolic link, even a dangling one. A folder, a device,
    /// a FIFO or a descriptor (`/dev/stdout`) does not (writing reports the one, writes the
    /// others). What `--skip-existing` counts as done, in every command.
    public static func isOccupied(path: String) -> Bool {
        guard case .file = system_resolve_destination(path) else { return false }
        return system_path_kind(path) == .regularFile
    }

    /// Where `path` leads (``DestinationKind``), refused when it cannot be written with
    /// `replacing` or is one of `inputs`.
    private static func check(
        path: String, replacing: Replacing, inputs: InputFiles? = InputFiles.current
    ) throws(SoundFileError) -> DestinationKind {
        let kind = system_resolve_destination(path)
        switch kind {
        case .directory: throw .destinationIsDirectory(path: path)
        case .procfs:
            throw .unwritableDestination(
                path: path,
                reason:
                    "it is a name in /proc that is no open descriptor of this process (standard output is /dev/stdout)"
            )
        case .file(let target):
            if replacing == .never, system_path_kind(path) == .regularFile {
                throw .destinationExists(path: path)
            }
            if replacing == .rewrite, system_path_kind(target) == .missing {
                throw .fileSystem(path: path, call: "open", message: "No such file or directory")
            }
        case .loop:
            throw .fileSystem(path: path, call: "open", message: SystemCallFailure.loop.message)
        case .descriptor, .stream: break
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

    /// Appends `bytes` to the content, in order: a file written a piece at a time (an HTML
    /// page around a long audio file). O(bytes).
    /// - Throws: `fileSystem` with the system's words (`ENOSPC`, `EFBIG`, `EPIPE`).
    public func append(_ bytes: UnsafeRawBufferPointer) throws(SoundFileError) {
        if let f = system_write_sequential(descriptor, bytes) {
            throw .fileSystem(path: path, call: f.call, message: f.message)
        }
    }

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
