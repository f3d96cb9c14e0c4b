import Foundation
import HapticRenderKit
import Testing

/// The version has one source, `HapticRenderKitVersion.current` (what `ahap-render --version`
/// and `hr_version()` print, and what python/setup.py and Scripts/package.sh read); the files
/// that must repeat it agree with it. Scripts/package.sh checks the built artefacts the same way.
@Suite struct VersionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theVersionIsSemantic() {
        let parts = HapticRenderKitVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(parts)")
    }

    /// The newest released section of the changelog (the first `## [x.y.z]` after
    /// `## [Unreleased]`) is the current version: a release renames [Unreleased] and bumps
    /// Version.swift together.
    @Test func theChangelogsNewestReleaseIsTheVersion() throws {
        let released = try text("CHANGELOG.md").split(separator: "\n")
            .filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let newest = try #require(released.first)
        #expect(newest.hasPrefix("## [\(HapticRenderKitVersion.current)]"), "\(newest)")
    }

    @Test func thePkgConfigFileHasTheVersion() throws {
        let pc = try text("Sources/HapticRenderC/pkgconfig/hapticrender.pc")
        #expect(pc.contains("\nVersion: \(HapticRenderKitVersion.current)\n"), "\(pc)")
    }

    /// The install commands of README.md and docs/install.md name the artefacts of the current
    /// version (Scripts/package.sh's file names), so they run as written on a release's files.
    @Test(arguments: ["README.md", "docs/install.md"])
    func theInstallCommandsNameTheVersion(_ path: String) throws {
        let names = try Regex(
            #"(?:ahap-render|hapticrender|libhapticrender0|libhapticrender-dev)[-_]([0-9]+\.[0-9]+\.[0-9]+)"#
        )
        let versions = try text(path).matches(of: names).compactMap { $0.output[1].substring }
        #expect(!versions.isEmpty, "\(path) names no release artefact")
        #expect(
            versions.allSatisfy { $0 == HapticRenderKitVersion.current }, "\(path): \(versions)")
    }
}
