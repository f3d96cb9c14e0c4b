import ArgumentParser
import HapticFormats
import HapticRenderKit
import SoundFile

/// Every command sets `commandName`: without it ArgumentParser derives the name from
/// `String(describing:)` of the type at every start, a dynamic cast that scans all protocol
/// conformances in the process (about 1 M instructions per command; see docs/performance.md,
/// "Start-up").
@main
struct AHAPRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ahap-render",
        abstract:
            "Render, lint, inspect and convert Apple Haptic and Audio Pattern (AHAP) files and the other pattern formats (\(PatternFormats.readableNames)) offline.",
        discussion: "Exit status and message format of every command: docs/cli.md.",
        version: HapticRenderKitVersion.current,
        subcommands: [
            Render.self, Play.self, Plot.self, Lint.self, Inspect.self, Bench.self, Actuator.self,
            Generate.self, HLS.self, Palette.self, Convert.self,
        ])

    /// Usage errors read like every other message: `ahap-render: error: …`.
    static var _errorPrefix: String { "ahap-render: error: " }

    /// Every command runs with the termination signals handled (no temporary file survives
    /// Ctrl-C, SIGTERM, SIGHUP or SIGPIPE; the process ends by the signal, so the shell sees
    /// 128 + it), inside an ``InputFiles`` scope (no file it reads can be one it writes), and
    /// making the missing folders of its outputs, which a failed output takes away again
    /// (`AtomicFile.createsFolders`).
    static func main() {
        TerminationSignals.install()
        AtomicFile.$createsFolders.withValue(true) {
            InputFiles.$current.withValue(InputFiles()) { parseAndRun() }
        }
    }

    /// Parses and runs a command. Mistakes in the command line (found while parsing) print
    /// ArgumentParser's message with the command's usage, exit 64; errors while running
    /// print one `subject: error: message` line and no usage (docs/cli.md). `--help` and
    /// `--version` reach ArgumentParser from either step (`help` is a command that throws).
    static func parseAndRun() {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let error as CLIError {
            printError(error.text)
            terminate(error.status)
        } catch let error as ExitCode {
            terminate(error.rawValue)
        } catch let error as ValidationError {
            StandardStream.error.write(CLIError.usage(nil, error.message).text + "\n")
            terminate(ExitStatus.usage)
        } catch {
            exit(withError: error)  // help and version requests, and any other error: exit 1
        }
    }
}
