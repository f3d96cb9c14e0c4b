import Foundation
import HapticTestSupport

/// Runs the built `ahap-render` binary (it sits next to the test bundle in the build
/// folder; `swift test` builds it because this target depends on it).
enum CLI {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let binary: URL = {
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug"))
        for dir in candidates {
            let url = dir.appendingPathComponent("ahap-render")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return root.appendingPathComponent(".build/debug/ahap-render")
    }()

    static func run(_ arguments: [String]) throws -> Output {
        let r = try ExternalTool.run(binary.path, arguments)
        return Output(status: r.status, stdout: r.out, stderr: r.err)
    }
}
