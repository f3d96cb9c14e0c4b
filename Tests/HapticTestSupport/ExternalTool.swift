import Foundation

/// Command-line tools the tests drive (rsvg-convert, chromium), found on `PATH`.
public enum ExternalTool {
    /// The absolute path of an executable on `PATH`, or nil.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The first installed Chromium-family browser.
    public static let chromium: String? = ["chromium", "chromium-browser", "google-chrome"].lazy
        .compactMap(which).first

    /// Flags that work with Chromium as root in a container: the sandbox needs user
    /// namespaces we don't have, and a private profile lets tests run in parallel.
    public static func chromiumArguments(profile: String) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--mute-audio",
            "--user-data-dir=\(profile)", "--hide-scrollbars",
        ]
    }

    /// Runs a tool, returning its exit status, stdout and stderr.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) throws -> (
        status: Int32, out: String, err: String
    ) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read before waiting so a full pipe can't deadlock the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (
            p.terminationStatus, String(decoding: o, as: UTF8.self),
            String(decoding: e, as: UTF8.self)
        )
    }
}
