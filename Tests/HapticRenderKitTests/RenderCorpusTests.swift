import Foundation
import HapticPattern
import HapticRender
import HapticRenderKit
import HapticTestSupport
import Testing

/// Every file of `../shared/corpus` the lenient decoder accepts renders, and the AudioCustom
/// files that resolve are heard in the audio channels.
@Suite(needsCorpus) struct RenderCorpusTests {
    /// 16 kHz keeps the sweep fast; the actuator band (≤ 300 Hz) is far below Nyquist.
    static let rate = 16_000.0

    func options(_ layout: OutputLayout) -> RenderOptions {
        var o = RenderOptions()
        o.sampleRate = Self.rate
        o.layout = layout
        return o
    }

    @Test func everyAcceptedCorpusFileRenders() throws {
        let files = Corpus.patternFiles()
        #expect(files.count == 124)
        var rendered = 0
        var silent: [String] = []
        for file in files {
            let path = Corpus.url(file).path
            let job = RenderJob(input: path, output: "/dev/null", options: options(.split))
            let r = try renderInMemory(job)
            #expect(r.channels == 4)
            let finite = r.samples.allSatisfy { $0.isFinite }
            #expect(finite, "\(file)")
            if !r.samples.contains(where: { $0 != 0 }) { silent.append(file) }
            rendered += 1
        }
        #expect(rendered == 124)
        // Only the two copies of the "2_points" test file are silent: their intensity curve
        // holds HapticIntensityControl at 0 for the whole (only) event.
        #expect(
            silent == [
                "Lofelt__NiceVibrations/core/datamodel/src/test_data/ios/2_points.ahap",
                "facebook__meta-haptics-sdk/core/haptic_data/test_files/2_points.ahap",
            ])
    }

    @Test func resolvedCustomAudioIsHeard() throws {
        var checked = 0
        for file in Corpus.patternFiles() {
            let url = Corpus.url(file)
            let document = PatternDocument.load(contentsOf: url)
            guard let pattern = document.result.pattern else { continue }
            let custom = pattern.events.filter {
                $0.type == .audioCustom
                    && $0.waveformPath.flatMap { document.resources[$0]?.path } != nil
            }
            guard !custom.isEmpty else { continue }
            let r = try renderInMemory(
                RenderJob(input: url.path, output: "/dev/null", options: options(.audio)))
            for event in custom {
                // The first 250 ms of each event: the file's first sound, fade-in included.
                let start = Int(event.time * Self.rate)
                let window = start..<min(start + Int(0.25 * Self.rate), Int(r.prepared))
                let energy = window.reduce(0.0) {
                    $0 + Double(abs(r.samples[2 * $1]) + abs(r.samples[2 * $1 + 1]))
                }
                #expect(
                    energy > 0.1,
                    "\(file): AudioCustom \(event.waveformPath ?? "") is silent at \(event.time) s")
            }
            checked += 1
        }
        // The corpus ships 18 WAVs (AUDIO.tsv); 8 pattern files reference ones that resolve.
        #expect(checked == 8, "only \(checked) corpus files had resolvable custom audio")
    }

    /// docs/physics.md, Numerical checks: no corpus file drives any preset into its end stop — the
    /// excursion guard keeps |x| below x_max (its design peak is 0.95·x_max). At 24 kHz, half the
    /// CLI's rate and its time; the guard's slew lead does not depend on the rate.
    @Test(arguments: LRAProfile.presets.map(ActuatorProfile.lra))
    func noCorpusFileReachesTheEndStop(_ actuator: ActuatorProfile) throws {
        let configuration = RenderConfiguration(
            sampleRate: 24_000, channels: [.excursion], actuator: actuator)
        var worst: Float = 0
        var worstFile = ""
        for file in Corpus.patternFiles() {
            guard let pattern = PatternDocument.load(contentsOf: Corpus.url(file)).result.pattern
            else { continue }
            let timeline = Scheduler(sampleRate: 24_000).schedule(pattern).timeline
            let excursion = try TestRender.frames(
                timeline, audio: timeline.audioResources.map { _ in nil },
                configuration: configuration)
            for x in excursion where abs(x) > worst { (worst, worstFile) = (abs(x), file) }
        }
        #expect(worst > 0.5, "the corpus drives \(actuator.name) hard somewhere")
        #expect(worst < 1, "\(actuator.name): \(worstFile) reaches \(worst)·x_max")
        print("[\(actuator.name)] worst excursion \(worst)·x_max (\(worstFile))")
    }
}
