import Foundation

/// A fresh, empty folder under the system temporary directory, for one test: create it, use
/// it, and remove it with `defer { folder.cleanUp() }` (explicitly, not on deinit, so a path
/// taken from it stays valid until the test is done with it).
public struct TempFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    public init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "ahap-test-\(UUID().uuidString)"
            ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The folder as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The path of `relative` inside the folder (nothing is created).
    public func file(_ relative: String) -> String { path + "/" + relative }

    /// Writes `text` as UTF-8 to `relative` (creating its folders); returns its path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        let full = file(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }

    /// Every entry in the folder, hidden ones included, sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Removes the folder and everything in it.
    public func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}
