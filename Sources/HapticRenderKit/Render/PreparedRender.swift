import FoundationEssentials
import HapticPattern
import HapticRender
import SoundFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A render ready to run: the renderer allocated, audio loaded, the length known.
///
/// Pull frames in the layout's channel order with ``read(into:)`` (the embeddable API), or
/// write the whole file with ``write(progress:isCancelled:)``.
public struct PreparedRender: ~Copyable {
    public let job: RenderJob
    /// Frames the output will hold.
    public let frames: Int64
    /// Everything the decoder and the audio loader reported (warnings and notes included).
    public let diagnostics: [Diagnostic]
    /// What the scheduler changed or dropped.
    public let notes: [SchedulerNote]
    /// The decoded pattern and its audio resources (for summaries and plots).
    public let pattern: HapticPattern
    public let resources: [String: ResourceResolution]
    /// The scheduled timeline the renderer plays (player options applied).
    public let timeline: Timeline
    /// Frames produced so far.
    public internal(set) var position: Int64 = 0

    /// Renders the layout's channels, or with a soundtrack the four
    /// ``OutputLayout/renderSignals`` signals (``RenderOptions/renderConfiguration``).
    var renderer: EngineRenderer
    let soundtrack: Soundtrack?
    /// What the renderer was made of: ``makeSegmentReader()`` builds more of the same.
    let audio: [AudioResource?]
    var layout: OutputLayout { job.options.layout }
    var blockFrames: Int { job.options.blockFrames }
    /// One block of the renderer's four signals, and one of the soundtrack's stereo frames,
    /// with a soundtrack only.
    let scratch: UnsafeMutablePointer<Float>?
    let soundtrackScratch: UnsafeMutablePointer<Float>?

    init(
        job: RenderJob, renderer: consuming EngineRenderer, audio: [AudioResource?],
        soundtrack: Soundtrack?,
        frames: Int64, diagnostics: [Diagnostic], notes: [SchedulerNote], pattern: HapticPattern,
        resources: [String: ResourceResolution], timeline: Timeline
    ) {
        self.job = job
        self.audio = audio
        self.pattern = pattern
        self.resources = resources
        self.timeline = timeline
        self.renderer = renderer
        self.soundtrack = soundtrack
        self.frames = frames
        self.diagnostics = diagnostics
        self.notes = notes
        channelCount = job.options.channelCount
        let signalCount = OutputLayout.renderSignals.count
        precondition(
            self.renderer.channels.count == (soundtrack == nil ? channelCount : signalCount),
            "the renderer's channels do not match the layout and soundtrack")
        scratch =
            soundtrack == nil ? nil : .allocate(capacity: job.options.blockFrames * signalCount)
        soundtrackScratch =
            soundtrack == nil ? nil : .allocate(capacity: job.options.blockFrames * 2)
    }

    deinit {
        scratch?.deallocate()
        soundtrackScratch?.deallocate()
    }

    /// Output channels per frame (stored: ``read(into:)`` reads it on the real-time path).
    public let channelCount: Int
    /// Whether every frame has been produced.
    public var isFinished: Bool { position >= frames }
    /// Runtime dynamic parameters for the frames still to come: push from any one thread
    /// while another reads (``RuntimeParameterQueue``; a value holds until the next
    /// scheduled change of its ID).
    public var parameters: RuntimeParameterQueue { renderer.parameters }

    /// Continues from output frame `frame` (clamped to `0...frames`) with the actuator at
    /// rest: events that started earlier are not restarted, parameters keep the value they
    /// have there, a soundtrack continues from there (``PatternRenderer/seek(toSample:)``).
    /// No allocation; O(log breakpoints + voices skipped).
    public mutating func seek(toFrame frame: Int64) {
        position = min(max(frame, 0), frames)
        renderer.seek(toSample: position)
    }

    /// Fills `output` with the next frames, interleaved in the layout's channel order, and
    /// returns how many frames it wrote (0 at the end). Past the pattern's end (a longer
    /// `--duration` or soundtrack) the haptic signals are silence. No allocation.
    ///
    /// Without a soundtrack the renderer writes the layout's channels straight into `output`,
    /// one pass over the frames; with one, each block goes through the four-signal scratch,
    /// the soundtrack and ``OutputLayout/mix(_:into:frames:)``. O(frames × channels + the
    /// renderer's work).
    public mutating func read(into output: UnsafeMutableBufferPointer<Float>) -> Int {
        guard let out = output.baseAddress else { return 0 }
        let wanted = Int(min(Int64(output.count / channelCount), frames - position))
        var done = 0
        while done < wanted {
            let n = min(wanted - done, blockFrames)
            let block = out + done * channelCount
            if let scratch, let soundtrack, let soundtrackScratch {
                // The soundtrack joins the audio before the layout mixes the acceleration in.
                let signalCount = OutputLayout.renderSignals.count
                renderPadded(into: scratch, frames: n, channels: signalCount)
                soundtrack.add(
                    to: scratch, from: position, frames: n, scratch: soundtrackScratch)
                layout.mix(scratch, into: block, frames: n)
            } else {
                renderPadded(into: block, frames: n, channels: channelCount)
            }
            position += Int64(n)
            done += n
        }
        return done
    }

    /// Renders the next `frames` frames of the renderer's `channels` channels into `buffer`,
    /// silence past the renderer's end. O(frames × channels + the renderer's work).
    private mutating func renderPadded(
        into buffer: UnsafeMutablePointer<Float>, frames: Int, channels: Int
    ) {
        let rendered = renderer.render(
            into: UnsafeMutableBufferPointer(start: buffer, count: frames * channels))
        if rendered < frames {
            (buffer + rendered * channels).update(
                repeating: 0, count: (frames - rendered) * channels)
        }
    }

    /// Renders every remaining frame into ``RenderJob/output`` through a temporary file that
    /// is renamed into place on success; on any error or cancellation no file is left.
    /// - Parameters:
    ///   - progress: called after each written block with the frames written so far.
    ///   - isCancelled: polled before each block; returning true abandons the file.
    public consuming func write(
        progress: (Int64) -> Void = { _ in },
        isCancelled: () -> Bool = { false }
    ) throws(RenderJobError) -> RenderReport {
        let job = self.job
        func fail(_ stage: RenderJobError.Stage, _ message: String) -> RenderJobError {
            RenderJobError(input: job.input, stage: stage, message: message)
        }
        func fail(_ stage: RenderJobError.Stage, _ error: SoundFileError) -> RenderJobError {
            if case .streamClosed = error { return fail(.outputClosed, error.description) }
            return fail(stage, error.description)
        }
        let options = job.options
        if let most = options.format.maxFrames(
            channels: channelCount, sampleFormat: options.sampleFormat), frames > Int64(most)
        {
            throw fail(
                .output,
                "\(options.format) holds at most 4 GiB of audio (\(most) frames of \(channelCount) channels), and this render is \(frames) frames; write wav (RF64) or flac"
            )
        }
        var writer: SoundFileWriter
        do {
            writer =
                if job.output == RenderJob.standardOutput {
                    try SoundFileWriter(
                        streamingTo: STDOUT_FILENO, name: "<stdout>", frames: Int(frames),
                        format: options.format,
                        sampleFormat: options.sampleFormat, sampleRate: Int(options.sampleRate),
                        channels: channelCount,
                        metadata: metadata, channelMask: options.channelMask)
                } else {
                    try SoundFileWriter(
                        path: job.output, format: options.format,
                        sampleFormat: options.sampleFormat,
                        sampleRate: Int(options.sampleRate), channels: channelCount,
                        metadata: metadata, overwrite: options.overwrite,
                        vorbisComments: layout.vorbisComments, channelMask: options.channelMask,
                        frames: Int(frames))
                }
        } catch {
            throw fail(.output, error)
        }
        if let plan = segmentPlan() {
            try writeSegments(plan, to: &writer, progress: progress, isCancelled: isCancelled)
            do {
                try writer.finish()
            } catch .destinationExists where options.skipExisting {
                return .skipped(job)
            } catch {
                throw fail(.write, error)
            }
            return report
        }
        // Large blocks (libsndfile's per-call overhead is then negligible), written on a
        // second thread while the next one renders.
        let pipeline = BackgroundBlockWriter(writer, blockSamples: 65_536 * channelCount)
        defer { pipeline.close() }
        while !isFinished {
            if isCancelled() { throw fail(.cancelled, "interrupted; no output written") }
            let slot: Int
            let buffer: UnsafeMutableBufferPointer<Float>
            do { (slot, buffer) = try pipeline.acquire() } catch { throw fail(.write, error) }
            pipeline.submit(slot, samples: read(into: buffer) * channelCount)
            progress(position)
        }
        do {
            try pipeline.finish().finish()
        } catch .destinationExists where options.skipExisting {
            // Another process (a second machine on a shared folder) finished it meanwhile.
            return .skipped(job)
        } catch {
            throw fail(.write, error)
        }
        return report
    }

    /// What a finished render reports.
    private var report: RenderReport {
        RenderReport(
            input: job.input, output: job.output, frames: frames,
            sampleRate: job.options.sampleRate,
            channels: channelCount, diagnostics: diagnostics, notes: notes)
    }

    /// What the file says about itself: tool, source, actuator, layout and scales.
    var metadata: [SoundFileMetadataKey: String] {
        let options = job.options
        let source = job.input.split(separator: "/").last.map(String.init) ?? job.input
        var comment =
            "source=\(source); actuator=\(options.actuator.name); layout=\(layout.rawValue); "
            + layout.scaleDescription(actuator: options.actuator)
        let p = options.player
        if p.playbackRate != 1 { comment += "; rate=\(p.playbackRate)" }
        if let loop = p.loop { comment += "; loops=\(loop.count)" }
        if p.startOffset != 0 { comment += "; start=\(p.startOffset) s" }
        if !p.runtimeParameters.isEmpty { comment += "; parameters=\(p.runtimeParameters.count)" }
        if options.engine != .fast { comment += "; engine=\(options.engine.rawValue)" }
        if let mix = options.mixWith {
            comment += "; mixed with=\(mix.split(separator: "/").last.map(String.init) ?? mix)"
        }
        return [.software: options.software, .title: source, .comment: comment]
    }
}

/// What one finished render produced.
public struct RenderReport: Sendable {
    public var input: String
    public var output: String
    public var frames: Int64
    public var sampleRate: Double
    public var channels: Int
    public var diagnostics: [Diagnostic]
    public var notes: [SchedulerNote]
    /// The output already existed and ``RenderOptions/skipExisting`` counted it as done:
    /// nothing was rendered (`frames` is 0).
    public var skipped = false

    /// The report of a job whose output was already there.
    static func skipped(_ job: RenderJob) -> RenderReport {
        RenderReport(
            input: job.input, output: job.output, frames: 0, sampleRate: job.options.sampleRate,
            channels: job.options.layout.channelCount, diagnostics: [], notes: [], skipped: true)
    }

    /// Rendered length in seconds.
    public var seconds: Double { Double(frames) / sampleRate }
}
