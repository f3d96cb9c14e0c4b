import Foundation
import HapticPattern
import HapticRenderKit
import HapticTestSupport
import Testing

/// Every corpus file loaded as `lint` loads it (file name, size, audio resources) in both
/// modes, against the verdicts of ``CorpusExpectations``.
@Suite(needsCorpus) struct CorpusVerdictTests {
    static let table = Dictionary(
        uniqueKeysWithValues: CorpusExpectations.rows.map { ($0.path, $0) })

    @Test func everyCorpusFileHasARow() {
        let files = Corpus.patternFiles()
        #expect(files.count >= 100, "corpus not found at \(Corpus.root.path)")
        let missing = files.filter { Self.table[$0] == nil }
        #expect(missing.isEmpty, "add expectation rows for: \(missing)")
        let stale = Self.table.keys.filter { !files.contains($0) }
        #expect(stale.isEmpty, "rows for files no longer in the corpus: \(stale)")
    }

    @Test(arguments: Corpus.patternFiles())
    func verdictsMatchTheTable(_ file: String) throws {
        let row = try #require(Self.table[file])
        let url = Corpus.url(file)
        let lenient = PatternDocument.load(contentsOf: url)
        #expect(lenient.result.accepted == (row.lenient == .accept), "\(lenient.result.errors)")
        let strict = PatternDocument.load(contentsOf: url, options: .init(mode: .strict))
        switch row.strict {
        case .accept:
            #expect(strict.result.accepted, "\(strict.result.errors)")
        case .reject(let code, let ch, let at):
            #expect(!strict.result.accepted)
            let first = try #require(
                strict.result.errors.first { $0.code == code }, "\(strict.result.errors)")
            #expect(first.coreHapticsCode == ch)
            if let at {
                #expect(first.line == at.0 && first.column == at.1, "\(first)")
            }
        }
    }

    @Test func sharpnessTenIsClampedInBothModes() throws {
        let file = try #require(
            Corpus.patternFiles().first {
                $0.hasSuffix("Nick Arner/AHAP and Plots/BowRelease.ahap")
            })
        for mode in AHAPDecoder.Mode.allCases {
            let result = PatternDocument.load(
                contentsOf: Corpus.url(file), options: .init(mode: mode)
            )
            .result
            #expect(result.accepted)
            #expect(result.with(.valueClamped).contains { $0.message.contains("10") })
            #expect(
                result.pattern?.events.allSatisfy { ($0.parameters.hapticSharpness ?? 0) <= 1 }
                    == true)
        }
    }
}
