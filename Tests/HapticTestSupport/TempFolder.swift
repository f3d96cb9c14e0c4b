import Foundation

/// A temporary folder with fixture files, removed by `cleanUp()`.
public struct TempFolder {
    public let path: String

    public init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "ahap-test-\(UUID().uuidString)"
            ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }

    public func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}
