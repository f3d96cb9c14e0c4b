import FoundationEssentials
import HapticPattern
import HapticRenderKit
import SoundFile

/// One audio file to turn into one AHAP file: a job of a ``Batch`` (`ahap-render generate`
/// with many inputs, `--jobs`, `--skip-existing`). Progress is in milliseconds of audio
/// analysed.
public struct GenerateJob: BatchJob {
    public var input: String
    public var output: String
    public var preset: GenerationPreset
    public var overrides: GenerationSettings.Overrides
    public var maxDurationSeconds: Double
    /// The longest pattern written: its readers' duration limit
    /// (``HapticGeneration/generate(path:preset:overrides:maxDurationSeconds:maxPatternSeconds:threads:sourceName:progress:isCancelled:)``).
    public var maxPatternSeconds: Double
    /// Threads the analysis of a long file may use (``SoundtrackAnalysis``).
    public var threads: Int
    /// Replace an existing output.
    public var overwrite: Bool
    /// Count an existing output as done (resume a batch).
    public var skipExisting: Bool
    /// How the output's metadata names the source (`<stdin>` for a copy of standard input);
    /// nil: the input's file name.
    public var sourceName: String?

    public init(
        input: String, output: String, preset: GenerationPreset = .auto,
        overrides: GenerationSettings.Overrides = .init(),
        maxDurationSeconds: Double = 4 * 3_600,
        maxPatternSeconds: Double = PatternLimits.default.maxDurationSeconds, threads: Int = 1,
        overwrite: Bool = false, skipExisting: Bool = false
    ) {
        self.maxPatternSeconds = maxPatternSeconds
        self.threads = threads
        self.input = input
        self.output = output
        self.preset = preset
        self.overrides = overrides
        self.maxDurationSeconds = maxDurationSeconds
        self.overwrite = overwrite
        self.skipExisting = skipExisting
    }

    public func reportIfDone() -> GenerateReport? {
        skipExisting && AtomicFile.isOccupied(path: output)
            ? GenerateReport(input: input, output: output, generated: nil) : nil
    }

    public func cancelledBeforeStart() -> GenerateError { .cancelled(path: input) }

    /// Refuses an existing output unless ``overwrite``, and an output that is an input, before
    /// reading anything; analyses; refuses a pattern its readers would refuse
    /// (``HapticGeneration/readBackRefusal(_:maxPatternSeconds:)``); writes atomically.
    public func run(progress: (Int64, Int64) -> Void, isCancelled: () -> Bool) throws(GenerateError)
        -> GenerateReport
    {
        do {
            try AtomicFile.checkDestination(path: output, replacing: overwrite ? .replace : .never)
        } catch {
            switch error {
            case .destinationExists: throw .outputExists(path: output)
            case .destinationIsInput(_, let input): throw .outputIsInput(path: output, input: input)
            default: throw .writeFailed(path: output, reason: error.description)
            }
        }
        let generated = try HapticGeneration.generate(
            path: input, preset: preset, overrides: overrides,
            maxDurationSeconds: maxDurationSeconds, maxPatternSeconds: maxPatternSeconds,
            threads: threads, sourceName: sourceName,
            progress: { done, total in
                progress(Int64((done * 1_000).rounded()), Int64((total * 1_000).rounded()))
            },
            isCancelled: isCancelled)
        if isCancelled() { throw .cancelled(path: input) }
        // What is written, its readers accept.
        let bytes = HapticGeneration.encode(generated)
        if let reason = HapticGeneration.readBackRefusal(
            bytes, maxPatternSeconds: maxPatternSeconds)
        {
            throw .refusedWhenRead(path: input, reason: reason)
        }
        try HapticGeneration.write(bytes: bytes, to: output, overwrite: overwrite)
        return GenerateReport(input: input, output: output, generated: generated)
    }
}

/// What one ``GenerateJob`` did.
public struct GenerateReport: Sendable {
    public var input: String
    public var output: String
    /// The pattern written; nil when the output was already there and counted as done.
    public var generated: GeneratedPattern?

    public var skipped: Bool { generated == nil }
}
