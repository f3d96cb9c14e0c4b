import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a command ends on SIGINT (Ctrl-C), SIGTERM (`kill`, a scheduler's timeout), SIGHUP (a
/// dropped SSH session) and SIGPIPE (its reader gone): it removes every temporary file
/// (``TemporaryFiles``), so no `.partial` file is left, then ends by the signal itself, so the
/// shell reports 128 + the signal (130, 143, 129, 141) and a shell loop stops on Ctrl-C.
///
/// After ``install()`` the first signal does that at once. Work that can stop itself calls
/// ``stopCooperatively()``: the first SIGINT, SIGTERM or SIGHUP is then only recorded
/// (``received``) for it to notice at its next block, clean up and call
/// ``endByReceivedSignal()``; a second signal still ends the process at once, temporary
/// files removed. SIGXFSZ (a file-size limit, `ulimit -f`) is ignored, so a write past the
/// limit fails with `EFBIG` like a full disk instead of killing the process.
///
/// The handler only uses atomics, `unlink`, `sigaction` and `raise`, all async-signal-safe.
public enum TerminationSignals {
    /// The signals that end a command.
    public static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    fileprivate static let first = Atomic<Int32>(0)
    fileprivate static let cooperative = Atomic<Bool>(false)

    /// Installs the handler for ``handled``, unblocks them (a parent may start the process
    /// with them blocked: threads created afterwards inherit the mask) and ignores SIGXFSZ.
    /// Call once, early, before starting threads. A signal the process started with ignored
    /// stays ignored (`nohup` ignores SIGHUP, a shell ignores SIGINT for background jobs).
    public static func install() {
        TemporaryFiles.prepare()
        _ = first.load(ordering: .relaxed)  // initialized before any handler can run
        _ = cooperative.load(ordering: .relaxed)
        var set = sigset_t()
        sigemptyset(&set)
        for sig in handled where !isIgnored(sig) {
            setAction(sig, handler: terminationHandler)
            sigaddset(&set, sig)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Whether `sig`'s disposition is SIG_IGN now.
    private static func isIgnored(_ sig: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(sig, nil, &current) == 0 else { return false }
        #if canImport(Darwin)
            let handler = current.__sigaction_u.__sa_handler
        #else
            let handler = current.__sigaction_handler.sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Lets the caller stop by itself on the first SIGINT, SIGTERM or SIGHUP (see above).
    public static func stopCooperatively() {
        cooperative.store(true, ordering: .sequentiallyConsistent)
    }

    /// The first signal received, or nil.
    public static var received: Int32? {
        let s = first.load(ordering: .sequentiallyConsistent)
        return s == 0 ? nil : s
    }

    /// Ends the process by `signal` (default: the one ``received``) after removing temporary
    /// files: the exit status a shell shows is 128 + the signal.
    public static func endByReceivedSignal(_ signal: Int32? = nil) -> Never {
        let sig = signal ?? received ?? SIGTERM
        TemporaryFiles.removeAll()
        endBy(sig)
    }

    fileprivate static func endBy(_ sig: Int32) -> Never {
        setAction(sig, handler: nil)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, sig)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(sig)
        _exit(128 + sig)  // not reached unless the signal is ignored elsewhere
    }

    /// `sigaction` with SA_RESTART, or the default action when `handler` is nil.
    fileprivate static func setAction(
        _ sig: Int32, handler: (@convention(c) (Int32) -> Void)?
    ) {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler ?? SIG_DFL
        #else
            action.__sigaction_handler.sa_handler = handler ?? SIG_DFL
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = handler == nil ? 0 : Int32(SA_RESTART)
        sigaction(sig, &action, nil)
    }
}

/// The handler: record the first signal; unless the command stops by itself on it, remove
/// the temporary files and end by the signal.
private func terminationHandler(_ sig: Int32) {
    let isFirst = TerminationSignals.first.compareExchange(
        expected: 0, desired: sig, ordering: .sequentiallyConsistent
    ).exchanged
    if isFirst, sig != SIGPIPE,
        TerminationSignals.cooperative.load(ordering: .sequentiallyConsistent)
    {
        return
    }
    TemporaryFiles.removeAll()
    TerminationSignals.endBy(sig)
}
