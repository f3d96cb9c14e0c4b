import Foundation
import HapticPattern
import HapticRender
import HapticTestSupport
import Testing

/// The whole shared corpus schedules in lenient mode: every decodable file yields a timeline
/// whose invariants hold, with a voice for every event that has everything it needs.
@Suite(needsCorpus) struct SchedulerCorpusTests {
    @Test func everyCorpusFileSchedules() throws {
        let files = Corpus.patternFiles()
        #expect(files.count >= 100, "the shared corpus is missing: \(Corpus.root.path)")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: Corpus.url(file)))
            let decoded = AHAPDecoder().decode(bytes)
            let pattern = try #require(decoded.pattern, "\(file) did not decode")
            // Custom audio lengths: nominal 1 s per referenced file (the scheduler does no I/O).
            let lengths = Dictionary(
                pattern.events.compactMap(\.waveformPath).map { ($0, 1.0) },
                uniquingKeysWith: { a, _ in a })
            let result = Scheduler(sampleRate: 48_000, customAudioLengths: lengths).schedule(
                pattern)
            #expect(result.timeline.validate().isEmpty, "\(file): \(result.timeline.validate())")
            #expect(result.timeline.voices.count == pattern.events.count, "\(file)")
            #expect(result.timeline.voicesEndSample > 0, "\(file)")
        }
    }
}
