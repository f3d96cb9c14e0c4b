import Foundation
import HapticTestSupport
import Testing

/// Every executable the package ships (each `.executable` product of Package.swift), and
/// every command of `ahap-render`, answers `--help` on standard output with exit 0 and refuses
/// an unknown option with a usage error (exit 64), writing nothing into the folder it runs in.
@Suite struct ExecutableHelpTests {
    /// The names of Package.swift's executable products, read from the manifest so that a new
    /// executable is checked without being listed here.
    static let executables: [String] = {
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Package.swift")
        let text = (try? String(contentsOf: manifest, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: ".executable(name: \"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }()

    /// `ahap-render`'s commands, from the SUBCOMMANDS section of its own help.
    static let commands: [String] = {
        guard let help = try? CLI.run(["--help"]).stdout else { return [] }
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("SUBCOMMANDS:") }) else {
            return []
        }
        // A command's line is indented by two spaces; its abstract's wrapped lines by more.
        return lines[(start + 1)...].prefix { !$0.isEmpty }.filter {
            $0.hasPrefix("  ") && !$0.hasPrefix("   ")
        }.compactMap { line in
            line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "help" }
    }()

    /// What `executable arguments…` prints and leaves behind, run in an empty folder.
    private func runInEmptyFolder(_ executable: String, _ arguments: [String]) throws -> (
        status: Int32, stdout: String, stderr: String, written: [String]
    ) {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let p = Process()
        p.executableURL = CLI.binary.deletingLastPathComponent().appendingPathComponent(executable)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        p.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (
            p.terminationStatus, String(decoding: o, as: UTF8.self),
            String(decoding: e, as: UTF8.self), listing(dir.path)
        )
    }

    @Test func theManifestListsTheShippedExecutables() {
        #expect(Self.executables == ["ahap-render", "shield-and-texture", "haptic-ricochet"])
        #expect(Self.commands.count >= 10 && Self.commands.contains("convert"), "\(Self.commands)")
    }

    @Test(arguments: executables)
    func answersHelpWithoutWritingAnything(_ executable: String) throws {
        for help in ["--help", "-h"] {
            let r = try runInEmptyFolder(executable, [help])
            #expect(r.status == 0, "\(executable) \(help): \(r.stderr)")
            #expect(r.stdout.contains("USAGE: \(executable)"), "\(executable) \(help): \(r.stdout)")
            #expect(r.written.isEmpty, "\(executable) \(help) wrote \(r.written)")
        }
    }

    @Test(arguments: executables)
    func refusesAnUnknownOptionWithAUsageError(_ executable: String) throws {
        let r = try runInEmptyFolder(executable, ["--no-such-option"])
        #expect(r.status == 64, "\(executable): \(r.stderr)")
        #expect(r.stderr.hasPrefix("\(executable): error: "), "\(r.stderr)")
        #expect(r.stderr.contains("--no-such-option") && r.stderr.contains("Usage: "))
        #expect(r.written.isEmpty, "\(executable) wrote \(r.written)")
    }

    @Test(arguments: commands)
    func everyCommandAnswersHelpAndRefusesUnknownOptions(_ command: String) throws {
        let help = try runInEmptyFolder("ahap-render", [command, "--help"])
        #expect(help.status == 0, "\(command) --help: \(help.stderr)")
        #expect(help.stdout.contains("USAGE: ahap-render \(command)"), "\(help.stdout)")
        #expect(help.written.isEmpty, "\(command) --help wrote \(help.written)")
        let unknown = try runInEmptyFolder("ahap-render", [command, "--no-such-option"])
        #expect(unknown.status == 64, "\(command): \(unknown.stderr)")
        #expect(unknown.written.isEmpty, "\(command) --no-such-option wrote \(unknown.written)")
    }

    /// Help, `--version` and completion scripts asked after a command read exactly as the root
    /// and `help COMMAND` answer them (a start-up shortcut that parses a command alone must
    /// keep this: `lint --help` once lost its `--version` line that way).
    @Test func requestsAfterACommandReadAsFromTheRoot() throws {
        let version = try CLI.run(["--version"])
        let lintVersion = try CLI.run(["lint", "--version"])
        #expect(version.status == 0 && lintVersion.status == 0)
        #expect(lintVersion.stdout == version.stdout)
        let script = try CLI.run(["--generate-completion-script", "bash"])
        let lintScript = try CLI.run(["lint", "--generate-completion-script", "bash"])
        #expect(script.status == 0 && script.stdout.contains("complete"))
        #expect(lintScript.stdout == script.stdout)
        let help = try CLI.run(["lint", "--help"])
        let helpCommand = try CLI.run(["help", "lint"])
        #expect(help.status == 0 && help.stdout == helpCommand.stdout)
        // A command's own validation error is the whole tree's: the usage names the tool.
        let both = try CLI.run(["lint", "--strict", "--lenient", "x.ahap"])
        #expect(both.status == 64)
        #expect(
            both.stderr.hasPrefix("ahap-render: error: Use either --strict or --lenient, not both.")
                && both.stderr.contains("Usage: ahap-render lint [<options>] <inputs> ..."),
            "\(both.stderr)")
    }
}
