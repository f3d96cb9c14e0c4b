import FoundationEssentials
import HapticRenderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `generate`'s audio: a file as named, or standard input (`-`) copied to a temporary file
/// first (libsndfile reads most formats' header and length before their audio, which a
/// pipe cannot give).
struct AudioInput {
    /// Where standard input is kept while it is analysed.
    static let standardInputCopy = FileManager.default.temporaryDirectory
        .appendingPathComponent("ahap-generate-\(getpid())-stdin").path

    let path: String
    private let isTemporary: Bool

    init(_ input: String) throws {
        guard input == "-" else {
            path = input
            isTemporary = false
            return
        }
        path = Self.standardInputCopy
        isTemporary = true
        do {
            try Data(StandardStream.readInput()).write(
                to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIError.failure(
                displayName(input), "cannot keep standard input: \(fileErrorText(error))")
        }
    }

    /// Deletes the temporary copy of standard input.
    func remove() {
        if isTemporary { try? FileManager.default.removeItem(atPath: path) }
    }
}
