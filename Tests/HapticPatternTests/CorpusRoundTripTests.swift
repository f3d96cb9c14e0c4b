import Foundation
import HapticPattern
import HapticTestSupport
import Testing

@Suite(needsCorpus) struct CorpusRoundTripTests {
    @Test func roundTripsEveryAcceptedFile() throws {
        var checked = 0
        for file in Corpus.patternFiles() {
            let bytes = try [UInt8](Data(contentsOf: Corpus.url(file)))
            guard let pattern = AHAPDecoder().decode(bytes).pattern else { continue }
            let encoded = AHAPEncoder().encode(pattern)
            let again = AHAPDecoder(options: .init(mode: .strict)).decode(encoded)
            #expect(again.pattern == pattern, "\(file)")
            // Canonical output is strict JSON with no trailing commas.
            #expect(
                !again.diagnostics.contains {
                    $0.code == .jsonTrailingComma || $0.code.rawValue.hasPrefix("json.")
                })
            #expect(
                AHAPEncoder().encode(try #require(again.pattern)) == encoded,
                "encoding is not idempotent: \(file)")
            checked += 1
        }
        #expect(checked >= 100)
    }
}
