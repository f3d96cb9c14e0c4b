import ArgumentParser
import FoundationEssentials
import HapticRenderKit
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure a command reports and exits with, printed as one compiler-style line on
/// standard error — `subject: error: message`, the subject being the file (or preset) the
/// message is about, or `ahap-render` — with no usage text after it (usage is for mistakes
/// ArgumentParser finds in the command line itself). The exit status follows the table of
/// docs/cli.md.
struct CLIError: Error {
    /// The line(s) printed on standard error.
    var text: String
    var status: Int32

    /// `subject: error: message`; `subject` nil names the tool.
    init(_ subject: String?, _ message: String, status: Int32) {
        text = "\(subject ?? "ahap-render"): error: \(message)"
        self.status = status
    }

    /// An error the library already worded in this format (a profile's
    /// `lra.json:2:3: error: …`, a render job's `in.ahap: error: …`).
    init(formatted text: String, status: Int32 = ExitStatus.failure) {
        self.text = text
        self.status = status
    }

    /// A file or condition made the command fail (exit 1).
    static func failure(_ subject: String?, _ message: String) -> CLIError {
        CLIError(subject, message, status: ExitStatus.failure)
    }

    /// The command line names nothing usable: a missing input, a folder without AHAP files,
    /// options that contradict each other or the output's name (exit 64).
    static func usage(_ subject: String?, _ message: String) -> CLIError {
        CLIError(subject, message, status: ExitStatus.usage)
    }

    /// `path` does not exist: the wording of `ENOENT`, exit 64.
    static func noSuchFile(_ path: String) -> CLIError {
        .usage(displayName(path), PathEncoding.missingFileReason(path))
    }

    /// An output that is already there without `--force`, in every command the same words
    /// and exit 1. `subject` is the input being processed.
    static func outputExists(_ output: String, input subject: String?) -> CLIError {
        .failure(subject, outputExistsMessage(output))
    }
}

/// Fails, with `ENOENT`'s wording (exit 64), when the file a command line names is missing,
/// or says it cannot be read.
func checkReadable(_ path: String) throws {
    guard FileManager.default.fileExists(atPath: path) else { throw CLIError.noSuchFile(path) }
    guard FileManager.default.isReadableFile(atPath: path) else {
        throw CLIError.usage(path, "Permission denied")
    }
}

/// The words of an existing output refused without `--force` (render prints them through
/// the Kit's job error, the other commands through ``CLIError/outputExists(_:input:)``).
func outputExistsMessage(_ output: String) -> String {
    "\(output) already exists; use --force to replace it"
}

/// The exit statuses of every command (docs/cli.md).
enum ExitStatus {
    /// Everything done.
    static let success: Int32 = 0
    /// An input was rejected or failed, an output exists, a device or write failed.
    static let failure: Int32 = 1
    /// The command line is wrong or names nothing usable (sysexits' `EX_USAGE`).
    static let usage: Int32 = 64
    /// Interrupted by Ctrl-C (128 + SIGINT; 143 for SIGTERM, 129 for SIGHUP): the process
    /// removes its temporary files and ends by the signal itself, so this is what a shell
    /// reports (``TerminationSignals``).
    static let interrupted: Int32 = 130
    /// The reader of `-o -` quit early (128 + SIGPIPE).
    static let brokenPipe: Int32 = 141
}

/// Ends the process with `status` (C's `exit`, which a command type's static `exit(withError:)`
/// hides by name).
func terminate(_ status: Int32) -> Never {
    exit(status)
}

/// Fails before any work when `output` may not be written (every command that writes checks
/// it up front, and ``AtomicFile`` again when it publishes): an input of the command by
/// identity — `./x`, a symbolic or hard link to it — is a usage error naming both (exit 64),
/// an existing file without `force` fails with ``outputExistsMessage(_:)`` (exit 1), a folder
/// fails. `subject` is the input being processed.
func checkOutput(_ output: String, force: Bool, input subject: String?) throws {
    do {
        try AtomicFile.checkDestination(path: output, replacing: force ? .replace : .never)
    } catch .destinationExists {
        throw CLIError.outputExists(output, input: subject)
    } catch .destinationIsInput(_, let input) {
        throw CLIError.usage(
            subject, "\(output) is the input \(input); an input is never overwritten")
    } catch {
        throw CLIError.failure(output, error.description)
    }
}

/// Writes `text` to `output` through ``AtomicFile`` (complete or absent, whatever happens),
/// creating its folder; failures name the output and what it is (`what`).
func writeOutput(_ text: String, to output: String, force: Bool, what: String) throws {
    _ = try writeOutput(to: output, force: force, what: what) { try $0(text) }
}

/// Writes what `produce` passes to its argument, piece by piece, to `output` through
/// ``AtomicFile`` (complete or absent, whatever happens: an error `produce` throws leaves
/// nothing), creating its folder; returns the bytes written. Failures name the output and
/// what it is (`what`).
func writeOutput(
    to output: String, force: Bool, what: String,
    _ produce: (_ output: (String) throws -> Void) throws -> Void
) throws -> Int {
    try checkOutputFolder(for: output)
    func failed(_ error: SoundFileError) -> CLIError {
        if case .destinationExists = error { return CLIError.outputExists(output, input: nil) }
        return CLIError.failure(output, "cannot write the \(what): \(error.description)")
    }
    var written = 0
    do {
        var file = try AtomicFile(path: output, replacing: force ? .replace : .never)
        try produce { piece in
            let bytes = Array(piece.utf8)
            try bytes.withUnsafeBufferPointer { (b) throws(SoundFileError) in
                try file.append(UnsafeRawBufferPointer(b))
            }
            written += bytes.count
        }
        try file.commit()
    } catch let error as SoundFileError {
        throw failed(error)
    }
    return written
}
