import FoundationEssentials
import HapticPattern
import HapticRender
import SoundFile

/// One pattern file to render to one audio file: the whole pipeline of `ahap-render render`.
///
/// ```swift
/// var prepared = try RenderJob(input: "Tap.ahap", output: "Tap.wav", options: options).prepare()
/// let report = try prepared.write()
/// ```
///
/// ``prepare()`` does everything that can fail before audio exists — output check, decode,
/// custom audio, scheduling, renderer allocation, soundtrack — so a bad input costs no
/// rendering and leaves no file. ``PreparedRender/write(progress:isCancelled:)`` renders into a
/// temporary file and renames it into place only on success.
public struct RenderJob: Sendable {
    /// The ``output`` that means standard output: the file is streamed there (WAV or AIFF,
    /// see ``SoundFileFormat/isStreamable``), e.g. into `| ffmpeg -i - …`.
    public static let standardOutput = "-"

    /// The pattern file (any format of `PatternFormats`).
    public var input: String
    /// The file to write, or ``standardOutput``.
    public var output: String
    public var options: RenderOptions
    /// The pattern's bytes, when they are already in memory: they are decoded instead of reading
    /// `input`, which then only names them in messages and locates their AudioCustom files (its
    /// folder).
    public var bytes: [UInt8]?

    /// Why the input in memory could not be had (standard input past the input limit, or
    /// unreadable): the decode reports it as reading a file would.
    public var readFailure: BoundedFileRead.Failure?

    public init(input: String, output: String, options: RenderOptions, bytes: [UInt8]? = nil) {
        self.input = input
        self.output = output
        self.options = options
        self.bytes = bytes
    }

    /// A job over standard input, read now within the options' input limit
    /// (``PatternLimits/maxInputBytes``: reading stops past it); `name` names it in messages.
    public static func standardInput(name: String, output: String, options: RenderOptions)
        -> RenderJob
    {
        var job = RenderJob(input: name, output: output, options: options, bytes: [])
        switch BoundedFileRead.readStandardInput(limit: options.patternLimits.maxInputBytes) {
        case .success(let bytes): job.bytes = bytes
        case .failure(let failure): job.readFailure = failure
        }
        return job
    }

    /// Checks the output (unless `checkingOutput` is false: frames pulled with
    /// ``PreparedRender/read(into:)``, played or embedded), then decodes, loads audio, schedules
    /// and allocates the renderer. O(file + audio + events); allocates everything the render needs.
    public func prepare(checkingOutput: Bool = true) throws(RenderJobError) -> PreparedRender {
        if checkingOutput { try checkOutput() }
        return try prepareRendering()
    }

    /// ``prepare(checkingOutput:)`` without the output check: `output` is not looked at.
    public func prepareRendering() throws(RenderJobError) -> PreparedRender {
        func fail(
            _ stage: RenderJobError.Stage, _ message: String, _ diagnostics: [Diagnostic] = []
        ) -> RenderJobError {
            RenderJobError(input: input, stage: stage, message: message, diagnostics: diagnostics)
        }

        // Decode.
        let document = decode()
        var diagnostics = document.result.diagnostics
        guard let pattern = document.result.pattern, document.result.accepted else {
            if diagnostics.contains(where: { $0.code == .fileUnreadable }) {
                throw fail(.decode, "the file cannot be read", diagnostics)
            }
            let errors = diagnostics.filter { $0.severity == .error }.count
            throw fail(
                .decode, document.format.rejection(strict: options.strict, errors: errors),
                diagnostics)
        }

        // Custom audio: decoded once per file, in name order (deterministic diagnostics), all
        // files together within one memory budget.
        var budget = AudioMemoryBudget(maxBytes: options.audioMemoryBytes)
        var resources: [String: AudioResource] = [:]
        var lengths: [String: Double] = [:]
        for name in document.resources.keys.sorted() {
            guard let path = document.resources[name]?.path else { continue }
            do {
                let loader = CustomAudioLoader(
                    sampleRate: options.sampleRate,
                    limits: budget.readLimits(options.audioReadLimits))
                let (resource, seconds, replaced) = try loader.load(path: path)
                try budget.reserve(
                    bytes: resource.samples.count * MemoryLayout<Float>.size, path: path)
                resources[name] = resource
                lengths[name] = seconds
                if replaced > 0 {
                    diagnostics.append(Self.replacedSamplesWarning(name: name, count: replaced))
                }
            } catch {
                guard !options.strict else {
                    throw fail(.audio, "audio file '\(name)': \(error.description)")
                }
                diagnostics.append(
                    Diagnostic(
                        severity: .warning, code: .resourceUnreadable,
                        message:
                            "Audio file `\(name)` cannot be used (\(error.description)); its events are silent."
                    ))
            }
        }

        // Schedule and prepare the renderer.
        let scheduled: Scheduler.Result
        do {
            scheduled = try Scheduler(sampleRate: options.sampleRate, customAudioLengths: lengths)
                .schedule(pattern, options: options.player, limits: options.renderLimits)
            _ = try options.renderLimits.renderFrameCount(
                for: scheduled.timeline, configuration: options.renderConfiguration)
        } catch {
            throw fail(.schedule, error.description)
        }
        let audio = scheduled.timeline.audioResources.map { resources[$0.path] }
        let renderer: EngineRenderer
        do throws(RenderError) {
            renderer = try EngineRenderer(
                options.engine, timeline: scheduled.timeline, audio: audio,
                configuration: options.renderConfiguration)
        } catch {
            throw fail(.render, error.description)
        }

        var soundtrack: Soundtrack?
        if let path = options.mixWith {
            do {
                soundtrack = try Soundtrack(
                    path: path, sampleRate: options.sampleRate, limits: options.soundtrackLimits)
            } catch {
                throw fail(.audio, "soundtrack: \(error.description)")
            }
            if let replaced = soundtrack?.replacedSamples, replaced > 0 {
                diagnostics.append(Self.replacedSamplesWarning(name: path, count: replaced))
            }
        }
        let frames: Int64
        if let duration = options.duration {
            // Within the render limit (validated), so within Int64.
            frames = Int64(min((duration * options.sampleRate).rounded(), 9.0e18))
        } else {
            frames = max(renderer.totalFrames, Int64(soundtrack?.frames ?? 0))
        }
        return PreparedRender(
            job: self, renderer: renderer, audio: audio, soundtrack: soundtrack, frames: frames,
            diagnostics: diagnostics, notes: scheduled.notes, pattern: pattern,
            resources: document.resources, timeline: scheduled.timeline)
    }

    /// The warning for an audio file some of whose samples were unusable and read as 0.
    static func replacedSamplesWarning(name: String, count: Int) -> Diagnostic {
        Diagnostic(
            severity: .warning, code: .resourceNonFiniteSamples,
            message:
                "Audio file `\(name)`: \(count) sample\(count == 1 ? " is" : "s are") NaN, infinite or beyond ±\(Int(AudioFileReader.maxSampleMagnitude)) and \(count == 1 ? "was" : "were") read as 0."
        )
    }

    /// Whether the output file is already there (what ``RenderOptions/skipExisting`` counts
    /// as done). A folder in its place is not: rendering reports that as an error.
    public var outputExists: Bool { AtomicFile.isOccupied(path: output) }

    /// Reads `input` (or takes ``bytes``), decodes it with the options' mode and limits and
    /// resolves its audio resources: what `ahap-render lint` reports. O(file).
    public func decode() -> PatternDocument {
        let decoderOptions = AHAPDecoder.Options(
            mode: options.strict ? .strict : .lenient, limits: options.patternLimits)
        let url = URL(fileURLWithPath: input)
        if let readFailure {
            return PatternDocument.unread(url: url, readFailure, options: decoderOptions)
        }
        if let bytes {
            return PatternDocument.decode(
                bytes, url: url, options: decoderOptions,
                searchRoots: options.searchRoots, allowEscaping: options.allowEscapingPaths)
        }
        return PatternDocument.load(
            contentsOf: url, options: decoderOptions,
            searchRoots: options.searchRoots, allowEscaping: options.allowEscapingPaths)
    }

    /// Fails before any work when the output exists (without `overwrite`), is a folder, or
    /// is an input — the AHAP file, the soundtrack, or any file of the running command's
    /// ``InputFiles`` scope, compared by identity: an input is never overwritten, even with
    /// `overwrite`. Without a scope, one is made for this job's own inputs.
    func checkOutput() throws(RenderJobError) {
        if output == Self.standardOutput {
            guard options.format.isStreamable else {
                throw RenderJobError(
                    input: input, stage: .output,
                    message: SoundFileError.notStreamable(format: options.format).description)
            }
            return
        }
        let inputs = InputFiles.current ?? InputFiles()
        inputs.protect(input)
        if let soundtrack = options.mixWith { inputs.protect(soundtrack) }
        do {
            try SoundFileWriter.checkDestination(
                path: output, overwrite: options.overwrite, inputs: inputs)
        } catch {
            let message =
                if case .destinationExists = error {
                    "\(output) already exists; use --force to replace it"
                } else {
                    error.description
                }
            throw RenderJobError(input: input, stage: .output, message: message)
        }
    }
}
