import Dispatch
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the first Ctrl-C (SIGINT) or SIGTERM into a cooperative cancellation: running
/// renders stop at their next block and delete their temporary files, so no partial output
/// is left. A second signal restores the default action, so an impatient user can still
/// kill the process at once.
final class InterruptHandler {
    private var sources: [DispatchSourceSignal] = []

    init(_ onInterrupt: @escaping @Sendable () -> Void) {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)  // let the dispatch source receive it instead of dying
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                onInterrupt()
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
            }
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
