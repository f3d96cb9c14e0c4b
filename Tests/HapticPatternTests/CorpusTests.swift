import Foundation
import HapticPattern
import HapticTestSupport
import Testing

@Suite(needsCorpus) struct CorpusTests {
    static let table = Dictionary(uniqueKeysWithValues: CorpusExpectations.rows.map { ($0.path, $0) })

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
        let lenient = AHAPDocument.load(contentsOf: url)
        #expect(lenient.result.accepted == (row.lenient == .accept), "\(lenient.result.errors)")
        let strict = AHAPDocument.load(contentsOf: url, options: .init(mode: .strict))
        switch row.strict {
        case .accept:
            #expect(strict.result.accepted, "\(strict.result.errors)")
        case .reject(let code, let ch, let at):
            #expect(!strict.result.accepted)
            let first = try #require(strict.result.errors.first { $0.code == code }, "\(strict.result.errors)")
            #expect(first.coreHapticsCode == ch)
            if let at {
                #expect(first.line == at.0 && first.column == at.1, "\(first)")
            }
        }
    }

    @Test func sharpnessTenIsClampedInBothModes() throws {
        let file = try #require(Corpus.patternFiles().first { $0.hasSuffix("Nick Arner/AHAP and Plots/BowRelease.ahap") })
        for mode in AHAPDecoder.Mode.allCases {
            let result = AHAPDocument.load(contentsOf: Corpus.url(file), options: .init(mode: mode)).result
            #expect(result.accepted)
            #expect(result.with(.valueClamped).contains { $0.message.contains("10") })
            #expect(result.pattern?.events.allSatisfy { ($0.parameters.hapticSharpness ?? 0) <= 1 } == true)
        }
    }

    @Test func roundTripsEveryAcceptedFile() throws {
        var checked = 0
        for file in Corpus.patternFiles() {
            let bytes = try [UInt8](Data(contentsOf: Corpus.url(file)))
            guard let pattern = AHAPDecoder().decode(bytes).pattern else { continue }
            let encoded = AHAPEncoder().encode(pattern)
            let again = AHAPDecoder(options: .init(mode: .strict)).decode(encoded)
            #expect(again.pattern == pattern, "\(file)")
            // Canonical output is strict JSON with no trailing commas.
            #expect(!again.diagnostics.contains { $0.code == .jsonTrailingComma || $0.code.rawValue.hasPrefix("json.") })
            #expect(AHAPEncoder().encode(try #require(again.pattern)) == encoded, "encoding is not idempotent: \(file)")
            checked += 1
        }
        #expect(checked >= 100)
    }
}
