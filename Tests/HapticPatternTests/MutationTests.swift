import Foundation
import HapticPattern
import HapticTestSupport
import Testing

/// Random truncations, deletions, insertions and value swaps of small corpus files with a
/// seeded RNG: the decoder must never crash or hang, and must always return a pattern or
/// at least one error.
@Suite struct MutationTests {
    static let interesting: [UInt8] =
        Array("{}[],:\"\\-0123456789.eE+tfn \n\u{7F}".utf8) + [0x00, 0xC3, 0xFF, 0xEF, 0xBB, 0xBF]
    static let replacements = [
        "-1", "1e309", "null", "\"x\"", "[]", "{}", "true", "NaN", "0.5", "\"HapticTransient\"",
        "99", ",",
    ]

    @Test(needsCorpus) func decoderSurvivesThousandsOfMutations() throws {
        let sources = try Corpus.patternFiles()
            .map { try [UInt8](Data(contentsOf: Corpus.url($0))) }
            .filter { $0.count < 3_000 }
            .prefix(40)
        #expect(sources.count >= 10)
        var rng = SplitMix64(seed: 0xA4A9)
        let start = ContinuousClock.now
        var count = 0
        for source in sources {
            for _ in 0..<75 {
                var bytes = source
                switch rng.next() % 4 {
                case 0:  // truncation
                    bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count + 1))))
                case 1:  // byte deletions
                    for _ in 0..<(1 + rng.next() % 4) where !bytes.isEmpty {
                        bytes.remove(at: Int(rng.next() % UInt64(bytes.count)))
                    }
                case 2:  // byte insertions
                    for _ in 0..<(1 + rng.next() % 4) {
                        let b = Self.interesting[Int(rng.next() % UInt64(Self.interesting.count))]
                        bytes.insert(b, at: Int(rng.next() % UInt64(bytes.count + 1)))
                    }
                default:  // value swap: replace a number or string literal
                    let positions = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }
                    if let colon = positions.isEmpty
                        ? nil : positions[Int(rng.next() % UInt64(positions.count))]
                    {
                        var end = colon + 1
                        while end < bytes.count,
                            ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(
                                bytes[end])
                        { end += 1 }
                        let r = Self.replacements[Int(rng.next() % UInt64(Self.replacements.count))]
                        bytes.replaceSubrange((colon + 1)..<end, with: Array((" " + r).utf8))
                    }
                }
                for mode in AHAPDecoder.Mode.allCases {
                    let result = AHAPDecoder(options: .init(mode: mode)).decode(bytes)
                    #expect(result.pattern != nil || result.hasErrors)
                    if let p = result.pattern {
                        // Whatever was accepted must encode and decode back to itself.
                        #expect(AHAPDecoder().decode(AHAPEncoder().encode(p)).pattern == p)
                    }
                }
                count += 1
            }
        }
        #expect(count >= 750)
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func hostileInputs() {
        let inputs: [[UInt8]] = [
            [], [0xEF, 0xBB, 0xBF], Array(repeating: UInt8(ascii: "["), count: 1_000_000),
            Array(repeating: UInt8(ascii: "{"), count: 10_000),
            Array("{\"Pattern\": [".utf8) + Array(repeating: UInt8(ascii: " "), count: 100_000),
            Array("{\"Pattern\": \"".utf8) + Array(repeating: 0xFF, count: 1000),
            Array(repeating: 0x00, count: 100),
            Array("{\"Pattern\":[{\"Event\":{\"Time\":1e309}}]}".utf8),
            Array("{\"Pattern\":[{\"Event\":{\"Time\":NaN}}]}".utf8),
        ]
        for bytes in inputs {
            for mode in AHAPDecoder.Mode.allCases {
                let result = AHAPDecoder(options: .init(mode: mode)).decode(bytes)
                #expect(result.pattern == nil)
                #expect(result.errors.count == 1)
            }
        }
    }
}
