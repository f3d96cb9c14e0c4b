import ArgumentParser
import HapticRenderKit
import SoundFile

/// Every command sets `commandName`: without it ArgumentParser derives the name from
/// `String(describing:)` of the type at every start, a dynamic cast that scans all protocol
/// conformances in the process (about 1 M instructions per command; see docs/performance.md,
/// "Start-up").
@main
struct AHAPRender: ParsableCommand {
    /// The tool's name: the root command's, and every command's super command (see
    /// ``parseCommandAlone(_:)``).
    static let name = "ahap-render"

    static let configuration = CommandConfiguration(
        commandName: name,
        abstract:
            "Render, lint, inspect and convert Apple Haptic and Audio Pattern (AHAP) and .haptic files offline.",
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
    /// 128 + it) and inside an ``InputFiles`` scope: no file it reads can be one it writes.
    static func main() {
        TerminationSignals.install()
        InputFiles.$current.withValue(InputFiles()) { parseAndRun() }
    }

    /// Parses and runs a command. Mistakes in the command line (found while parsing) print
    /// ArgumentParser's message with the command's usage, exit 64; errors while running
    /// print one `subject: error: message` line and no usage (docs/cli.md). `--help` and
    /// `--version` reach ArgumentParser from either step (`help` is a command that throws).
    static func parseAndRun() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        var command: any ParsableCommand
        if let alone = parseCommandAlone(arguments) {
            command = alone
        } else {
            do {
                command = try parseAsRoot(arguments)
            } catch {
                exit(withError: error)
            }
        }
        do {
            try command.run()
        } catch let error as CLIError {
            StandardStream.error.write(error.text + "\n")
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

    /// `ahap-render COMMAND ARGUMENTS…` parsed by COMMAND alone, or nil. The root's parse
    /// first tries the arguments as the two completion-script requests, then parses the root,
    /// each a first use of ArgumentParser's reflection and of the runtime's conformance
    /// lookups (each a scan of all 4,200 conformance records: about 6 M instructions before
    /// the command's own parse; docs/performance.md, "Start-up"). A command whose
    /// configuration names a super command parses without those steps, and reads its help and
    /// usage as `ahap-render COMMAND`. Only a run comes from here: whatever COMMAND alone
    /// refuses — a help or `--version` request, a completion script, a mistake — is parsed
    /// again by the whole tree, which answers it exactly as before.
    static func parseCommandAlone(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first,
            let command = configuration.subcommands.first(where: {
                $0.configuration.commandName == name
            })
        else { return nil }
        return try? command.parseAsRoot(Array(arguments.dropFirst()))
    }
}
