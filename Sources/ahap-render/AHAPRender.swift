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
            command = try parseNamedCommand() ?? parseAsRoot()
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

    /// The command named by the first argument, parsed alone as if it were the root, with
    /// `ahap-render` as its super command (``ToolCommand``): a start then builds that one
    /// command's argument set, not the root's, the root's tree with its `help` command, and
    /// the two completion-script parses ArgumentParser tries before any root (each a first
    /// use of its reflection and of the runtime's conformance lookups; docs/performance.md,
    /// "Start-up"). Only a command line that this parse takes as a run of the command comes
    /// from here; help, `--version`, completion requests and every usage error return nil
    /// and go through `parseAsRoot()`, so every message, usage line and exit status is the
    /// whole tree's. A command with subcommands is left to the tree (as a root it would gain
    /// a `help` subcommand).
    static func parseNamedCommand(
        _ arguments: ArraySlice<String> = CommandLine.arguments.dropFirst()
    ) -> (any ParsableCommand)? {
        guard let name = arguments.first,
            !arguments.contains(where: {
                $0.hasPrefix("---") || $0.hasPrefix("--generate-completion-script")
            }),
            let subcommand = configuration.subcommands.first(where: {
                $0.configuration.commandName == name
            }), subcommand.configuration.subcommands.isEmpty
        else { return nil }
        parsingAlone = true
        let parsed = try? subcommand.parseAsRoot(Array(arguments.dropFirst()))
        parsingAlone = false
        guard let command = parsed, type(of: command) == subcommand else { return nil }
        return command
    }

    /// True while ``parseNamedCommand(_:)`` parses a command alone. A plain variable: the
    /// parse runs on the main thread before any other starts, and a task-local's first read
    /// instantiates its generic type, a conformance lookup that every start would pay.
    nonisolated(unsafe) static var parsingAlone = false
}

/// A command of `ahap-render`. Its configuration is ``toolConfiguration``; while
/// ``AHAPRender/parseNamedCommand(_:)`` parses it alone, the same with `ahap-render` as its
/// super command, which tells ArgumentParser not to look for completion-script requests
/// (that function has checked there are none) and would make its usage read
/// `ahap-render COMMAND` — but no help or usage is written from that parse.
protocol ToolCommand: ParsableCommand {
    static var toolConfiguration: CommandConfiguration { get }
}

extension ToolCommand {
    static var configuration: CommandConfiguration {
        guard AHAPRender.parsingAlone else { return toolConfiguration }
        var alone = toolConfiguration
        alone._superCommandName = AHAPRender.configuration.commandName
        return alone
    }
}
