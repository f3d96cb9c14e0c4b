import Foundation
import Testing

/// Locates the shared AHAP corpus that sits beside the checkout (`../shared/corpus`).
public enum Corpus {
    /// The package root, found from this source file's location.
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/HapticTestSupport/Corpus.swift
        return url
    }()

    /// `../shared/corpus` relative to the package root.
    public static let root: URL =
        packageRoot
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus", isDirectory: true)

    /// Every `.ahap` and `.json` file of the corpus, relative paths, sorted.
    public static func patternFiles() -> [String] {
        guard let e = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var result: [String] = []
        while let p = e.nextObject() as? String {
            if p.hasSuffix(".ahap") || p.hasSuffix(".json") { result.append(p) }
        }
        return result.sorted()
    }

    /// Every `.haptic` clip of the corpus (Meta's, Lofelt's and the designer clips), relative
    /// paths, sorted.
    public static func clipFiles() -> [String] {
        guard let e = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var result: [String] = []
        while let p = e.nextObject() as? String {
            if p.hasSuffix(".haptic") { result.append(p) }
        }
        return result.sorted()
    }

    /// The URL of a corpus file from its relative path.
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }
}

extension Corpus {
    /// Whether the corpus is beside the checkout.
    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    /// Set (to anything) by CI: a missing corpus then fails the corpus tests instead of
    /// skipping them.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["HAPTICRENDER_REQUIRE_CORPUS"] != nil
    }
}

/// The trait of every test that reads `../shared/corpus`: skipped, saying why, where the corpus
/// is absent (a user's clone), run — and failing — where `HAPTICRENDER_REQUIRE_CORPUS` is set.
public let needsCorpus = Testing.ConditionTrait.enabled(
    if: Corpus.isAvailable || Corpus.isRequired,
    "the shared corpus (../shared/corpus) is not beside the checkout, as in a user's clone")
