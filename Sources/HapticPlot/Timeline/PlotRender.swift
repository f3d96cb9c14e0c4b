import FoundationEssentials
import HapticPattern
import HapticRender
import HapticRenderKit
import SoundFile

/// `ahap-render plot`'s pipeline: render a pattern once and turn it into a timeline picture
/// (SVG) and, optionally, the audio for the HTML audition page.
public enum PlotRender {
    /// A rendered plot.
    public struct Output {
        public var plot: PlotData
        public var svg: String
        /// The page's audio file in `audioFormat` (nil unless requested).
        public var audio: AuditionPage.Audio?
        /// The zoom data for the page (nil unless audio was requested).
        public var detail: TimelineDetail?
        public var diagnostics: [Diagnostic]
        public var pattern: HapticPattern
        public var resources: [String: ResourceResolution]
    }

    /// Renders `job` (its layout picks the embedded audio: `audition`, `haptic`, `drive` or
    /// `audio`) and builds the plot `width` pixels wide. With `includeAudio`, also the page's
    /// audio in `audioFormat` (`.mp3` or `.wav`) and its `TimelineDetail`. Memory stays
    /// bounded for long patterns: signals are reduced to min/max pairs while rendering (at
    /// most `TimelineDetail.levelZeroBudget(seconds:)` per signal), and only the embedded
    /// audio grows with duration, and it stays on disk (``AuditionPage/Audio/init(file:mimeType:)``).
    /// O(frames + events); allocates.
    public static func make(
        job: RenderJob, width: Int = TimelinePlot.defaultWidth,
        includeAudio: Bool, audioFormat: SoundFileFormat = .mp3
    ) throws(RenderJobError) -> Output {
        guard (TimelinePlot.minimumWidth...TimelinePlot.maximumWidth).contains(width) else {
            throw RenderJobError(
                input: job.input, stage: .options,
                message:
                    "the picture's width must be \(TimelinePlot.minimumWidth) to \(TimelinePlot.maximumWidth) pixels, not \(width)"
            )
        }
        guard job.options.layout.channelCount <= 2 else {
            throw RenderJobError(
                input: job.input, stage: .options,
                message:
                    "the page can embed mono or stereo audio: use --layout audition, haptic, drive or audio"
            )
        }
        guard !includeAudio || audioFormat == .mp3 || audioFormat == .wav else {
            throw RenderJobError(
                input: job.input, stage: .options,
                message:
                    "the page embeds MP3 or WAV audio, not \(audioFormat)")
        }
        if includeAudio, let rates = audioFormat.validSampleRates,
            !rates.contains(Int(job.options.sampleRate))
        {
            throw RenderJobError(
                input: job.input, stage: .options,
                message:
                    "the page's \(audioFormat) audio needs one of the sample rates "
                    + rates.map(String.init).joined(separator: ", ")
                    + " Hz: use --sample-rate 48000, or --page-audio wav")
        }
        var split = job
        split.options.layout = .split
        var prepared = try split.prepare()
        let rate = job.options.sampleRate
        let frames = Int(prepared.frames)
        let title = job.input.split(separator: "/").last.map(String.init) ?? job.input
        var plot = PlotData.events(
            of: prepared.timeline, title: title, actuator: job.options.actuator,
            duration: Double(frames) / rate)

        // Eight buckets per pixel column: far finer than the plot can show. The page zooms, so
        // it keeps the finest grain its detail budget allows (2 values per bucket).
        var bucket = max(1, frames / (8 * max(width, TimelinePlot.minimumWidth)))
        if includeAudio {
            let budget = TimelineDetail.levelZeroBudget(seconds: Double(frames) / rate) / 2
            bucket = min(bucket, max(1, (frames + budget - 1) / budget))
        }
        var reducers = (0..<4).map { _ in SignalReducer(bucket: bucket, expectedSamples: frames) }
        var audioWriter: AudioSink?
        if includeAudio {
            audioWriter = try AudioSink(
                job: job, format: audioFormat, channels: job.options.layout.channelCount)
        }
        let block = 8_192
        var signals = [Float](repeating: 0, count: block * 4)
        var mixed = [Float](repeating: 0, count: block * 2)
        while !prepared.isFinished {
            let n = signals.withUnsafeMutableBufferPointer { prepared.read(into: $0) }
            for f in 0..<n {
                for c in 0..<4 { reducers[c].add(signals[4 * f + c]) }
            }
            if audioWriter != nil {
                signals.withUnsafeBufferPointer { s in
                    mixed.withUnsafeMutableBufferPointer {
                        job.options.layout.mix(s.baseAddress!, into: $0.baseAddress!, frames: n)
                    }
                }
                try audioWriter!.write(mixed, frames: n)
            }
        }
        for c in 0..<4 { reducers[c].finish() }
        plot.sampleRate = reducers[0].outputRate(rate)
        plot.renderSampleRate = rate
        plot.audioLeft = reducers[0].values
        plot.audioRight = reducers[1].values
        plot.drive = reducers[2].values
        plot.acceleration = reducers[3].values
        let audio = try audioWriter?.finish()
        return Output(
            plot: plot, svg: TimelinePlot.svg(for: plot, width: width),
            audio: audio.map {
                AuditionPage.Audio(
                    file: $0, mimeType: audioFormat == .mp3 ? "audio/mpeg" : "audio/wav")
            },
            detail: includeAudio ? TimelineDetail(data: plot, width: width) : nil,
            diagnostics: prepared.diagnostics, pattern: prepared.pattern,
            resources: prepared.resources)
    }

    /// Encodes the embedded audio (MP3, or 16-bit WAV) into a file no one can see, read back
    /// as the page is written: nothing is left on disk whatever happens, and an hour of WAV
    /// (690 MB) is never in memory.
    struct AudioSink: ~Copyable {
        var writer: SoundFileWriter
        let channels: Int
        let input: String

        init(job: RenderJob, format: SoundFileFormat, channels: Int) throws(RenderJobError) {
            self.channels = channels
            input = job.input
            do {
                writer = try SoundFileWriter(
                    unnamedIn: FileManager.default.temporaryDirectory.path, format: format,
                    sampleFormat: format == .wav ? .pcm16 : nil,
                    sampleRate: Int(job.options.sampleRate), channels: channels)
            } catch {
                throw RenderJobError(input: job.input, stage: .write, message: error.description)
            }
        }

        mutating func write(_ samples: [Float], frames: Int) throws(RenderJobError) {
            do {
                try samples.withUnsafeBufferPointer { (b) throws(SoundFileError) in
                    try writer.write(UnsafeBufferPointer(rebasing: b[0..<(frames * channels)]))
                }
            } catch {
                throw RenderJobError(input: input, stage: .write, message: error.description)
            }
        }

        consuming func finish() throws(RenderJobError) -> UnnamedFile {
            let input = self.input
            do { return try writer.finishUnnamed() } catch {
                throw RenderJobError(input: input, stage: .write, message: error.description)
            }
        }
    }
}
