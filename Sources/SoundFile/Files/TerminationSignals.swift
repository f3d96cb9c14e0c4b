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
/// files removed. Work that does not notice within ``gracePeriod`` — a job blocked in
/// `open(2)` on a FIFO no one opens, in a `write(2)` to a reader that stopped reading, in a
/// `read(2)` from a terminal — is not waited for: an alarm then ends the process by the first
/// signal just the same, so every signal ends it promptly. SIGXFSZ (a file-size limit,
/// `ulimit -f`) is ignored, so a write past the limit fails with `EFBIG` like a full disk
/// instead of killing the process.
///
/// The handlers only use atomics, `unlink`, `rmdir`, `alarm`, `sigaction` and `raise`, all
/// async-signal-safe.
public enum TerminationSignals {
    /// The signals that end a command.
    public static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    fileprivate static let first = Atomic<Int32>(0)
    fileprivate static let cooperative = Atomic<Bool>(false)

    /// Seconds that work stopping by itself has after the first signal before the process
    /// ends regardless (a block of any command takes well under it).
    public static let gracePeriod: UInt32 = 2

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
        setAction(SIGALRM, handler: graceHandler)
        sigaddset(&set, SIGALRM)
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
        alarm(TerminationSignals.gracePeriod)
        return
    }
    TemporaryFiles.removeAll()
    TerminationSignals.endBy(sig)
}

/// SIGALRM, set by the first signal when work stops by itself: the grace period is over, so
/// the process ends by that signal as the handler would have. An alarm before any signal is
/// no one's (nothing here sets one) and is ignored.
private func graceHandler(_: Int32) {
    let sig = TerminationSignals.first.load(ordering: .sequentiallyConsistent)
    guard sig != 0 else { return }
    TemporaryFiles.removeAll()
    TerminationSignals.endBy(sig)
}
