import Synchronization

/// The files one command reads: the one check behind "an input is never overwritten".
///
/// A command runs inside a scope (``current``, bound with `InputFiles.$current.withValue`);
/// every reader records the file it opens there — ``AudioFileReader`` and the Kit's bounded
/// reads of AHAP files, lists, profiles and playlists — and the command protects the inputs it
/// names before it reads them (``protect(_:)``). ``AtomicFile``, the one path every output
/// goes through, refuses to publish over any file of the scope, whatever path names the
/// output (a symlink, a hard link, `./x`): identities are compared, not strings
/// (``FileIdentity``).
///
/// Outside a scope nothing is recorded, so a long-lived process that reads a file today and
/// rewrites it tomorrow is not refused; callers that want the check make their own scope.
/// Threads started by the pipeline rebind the scope they were started from. Thread-safe;
/// O(1) per call (a hash table behind a lock).
public final class InputFiles: Sendable {
    /// The scope of the running command, or nil.
    @TaskLocal public static var current: InputFiles?

    private let files = Mutex<[FileIdentity: String]>([:])

    public init() {}

    /// Protects the file `path` names now (nothing when it does not exist).
    public func protect(_ path: String) {
        guard let identity = FileIdentity(path: path) else { return }
        add(identity, path: path)
    }

    /// Protects the file open on `descriptor`, named `path` in messages.
    public func record(descriptor: Int32, path: String) {
        guard let identity = FileIdentity(descriptor: descriptor) else { return }
        add(identity, path: path)
    }

    /// The name under which the file `path` names was recorded, or nil when it is no input.
    public func input(sameAs path: String) -> String? {
        guard let identity = FileIdentity(path: path) else { return nil }
        return files.withLock { $0[identity] }
    }

    /// Inputs recorded so far.
    public var count: Int { files.withLock { $0.count } }

    private func add(_ identity: FileIdentity, path: String) {
        files.withLock { if $0[identity] == nil { $0[identity] = path } }
    }

    /// Records the file open on `descriptor` in the current scope, if there is one.
    public static func recordRead(descriptor: Int32, path: String) {
        current?.record(descriptor: descriptor, path: path)
    }
}
