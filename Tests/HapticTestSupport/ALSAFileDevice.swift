import Foundation

/// ALSA's `file` plugin over its `null` device as the default audio output: a home folder
/// whose `.asoundrc` makes the default PCM write what it plays, as raw native-endian float32
/// samples, to `device.raw` in it (`null` accepts every format and rate, so nothing is
/// converted). A process whose `HOME` is `home` plays into the file. Remove it with
/// `home.cleanUp()`.
public struct ALSAFileDevice: Sendable {
    /// Whether ALSA's configuration, which its file and null plugins come with, is installed.
    public static let isAvailable = FileManager.default.fileExists(
        atPath: "/usr/share/alsa/alsa.conf")

    public let home: TempFolder
    /// The file the device writes.
    public var raw: String { home.file("device.raw") }
    /// The environment a child process needs to play into the file.
    public var environment: [String: String] { ["HOME": home.path] }

    public init() throws {
        home = try TempFolder()
        try home.write(
            ".asoundrc",
            """
            pcm.!default {
                type file
                slave.pcm "null"
                file "\(home.path)/device.raw"
                format "raw"
            }
            """)
    }

    /// The samples the device received (native-endian float32, interleaved); none before the
    /// first stream opened it.
    public func samples() throws -> [Float] {
        guard FileManager.default.fileExists(atPath: raw) else { return [] }
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }
}
