import AudioAnalysis
import FoundationEssentials
import HapticFormats
import HapticPattern
import HapticRenderKit
import SoundFile

/// The library entry point of `ahap-render generate`: a soundtrack in, an AHAP out.
///
/// ```swift
/// let generated = try HapticGeneration.generate(path: "trailer.wav", preset: .film)
/// try HapticGeneration.write(generated, to: "trailer.ahap", overwrite: false)
/// ```
public enum HapticGeneration {
    /// Analyses `path` and builds its pattern with `preset`'s knobs (`auto`: the preset the
    /// analysis picks), any `overrides` replacing them. Metadata names the file (`sourceName`,
    /// by default its last path component, so the output does not depend on where it was run)
    /// and the preset.
    /// `threads` > 1 analyses a long file's stretches on that many threads (the same bytes as
    /// one thread, see ``SoundtrackAnalysis``).
    /// - Throws: ``GenerateError`` naming the file: a knob out of range (before anything is
    ///   read), unreadable, empty, truncated, too long or silent. Unusable samples (NaN, infinite) are read as 0 with a warning. Sound with nothing to feel (e.g. dialogue only, in `film`) gives a valid
    ///   pattern of one silent transient, with a note.
    ///   `maxPatternSeconds` is the longest pattern its readers accept (by default theirs,
    ///   ``PatternLimits/maxDurationSeconds``): audio whose AHAP would end past it is refused
    ///   once its length is known, before the analysis.
    public static func generate(
        path: String, preset: GenerationPreset = .auto,
        overrides: GenerationSettings.Overrides = .init(),
        maxDurationSeconds: Double = 4 * 3_600,
        maxPatternSeconds: Double = PatternLimits.default.maxDurationSeconds, threads: Int = 1,
        sourceName: String? = nil,
        progress: (_ seconds: Double, _ totalSeconds: Double) -> Void = { _, _ in },
        isCancelled: () -> Bool = { false }
    ) throws(GenerateError) -> GeneratedPattern {
        if let problem = overrides.problem { throw .badSettings(path: path, problem: problem) }
        var replaced = 0
        let analysis = try SoundtrackAnalysis.analyse(
            path: path, maxDurationSeconds: maxDurationSeconds,
            maxPatternSeconds: maxPatternSeconds - tailSeconds, threads: threads,
            progress: progress, isCancelled: isCancelled, replacedSamples: { replaced = $0 })
        if analysis.isSilent {
            throw replaced > 0
                ? .unusable(path: path, replacedSamples: replaced) : .silent(path: path)
        }
        var generated = HapticPatternGenerator.makePattern(
            from: analysis, preset: preset, overrides: overrides,
            sourceName: sourceName ?? PathString.lastComponent(path))
        if replaced > 0 {
            generated.warnings.append(
                "\(replaced) sample\(replaced == 1 ? " is" : "s are") NaN, infinite or beyond ±\(Int(AudioFileReader.maxSampleMagnitude)) and \(replaced == 1 ? "was" : "were") read as 0"
            )
        }
        if generated.pattern.events.isEmpty {
            // Core Haptics rejects an empty pattern; one silent transient keeps the file valid
            // (a dialogue-only reel in `film` still gets its sidecar).
            var silent = EventParameters()
            silent.hapticIntensity = 0
            silent.hapticSharpness = 0
            generated.pattern.events = [
                HapticEvent(type: .hapticTransient, time: 0, parameters: silent)
            ]
            generated.notes.append(
                "nothing loud enough to feel with preset \(generated.preset.rawValue): "
                    + "the pattern holds one silent transient so Core Haptics accepts it")
        }
        return generated
    }

    /// The AHAP bytes (canonical encoding, byte-identical for the same pattern).
    public static func encode(_ generated: GeneratedPattern) -> [UInt8] {
        AHAPEncoder().encode(generated.pattern)
    }

    /// How far past its audio a generated pattern may reach: the control's hold after the
    /// last continuous event (``PatternAssembler/hold``) and a block's rounding, with room.
    public static let tailSeconds = PatternAssembler.hold + 0.05

    /// Why `bytes` (a generated AHAP) would be refused by its readers — `lint --strict`, and
    /// every command that reads patterns, with the default limits and `maxPatternSeconds` as
    /// the duration limit (``FormatConverter/readBackErrors(_:target:options:)``, the check
    /// `convert` makes) — and what helps; nil when they accept it. O(bytes).
    public static func readBackRefusal(
        _ bytes: [UInt8], maxPatternSeconds: Double = PatternLimits.default.maxDurationSeconds
    ) -> String? {
        var limits = PatternLimits.default
        limits.maxDurationSeconds = maxPatternSeconds
        let errors = FormatConverter.readBackErrors(
            bytes, target: .ahap, options: AHAPDecoder.Options(mode: .strict, limits: limits))
        guard let first = errors.first else { return nil }
        let hint =
            switch first.code {
            case .limitDuration:
                " (pass --max-output-duration, and read the file with --max-duration as long)"
            default:
                " (no option of its readers raises this limit: generate from a shorter part of the audio, or with fewer transients, --density)"
            }
        return first.message + hint
    }

    /// Writes `bytes` (``encode(_:)``) through ``AtomicFile``, as ``write(_:to:overwrite:)``.
    public static func write(bytes: [UInt8], to path: String, overwrite: Bool)
        throws(GenerateError)
    {
        do {
            try AtomicFile.write(bytes, to: path, replacing: overwrite ? .replace : .never)
        } catch {
            switch error {
            case .destinationExists: throw .outputExists(path: path)
            case .destinationIsInput(_, let input): throw .outputIsInput(path: path, input: input)
            default: throw .writeFailed(path: path, reason: error.description)
            }
        }
    }

    /// Writes the AHAP through ``AtomicFile`` (temporary file, then rename): a failure or a
    /// signal leaves nothing, and an input of the running command is never the destination.
    public static func write(_ generated: GeneratedPattern, to path: String, overwrite: Bool)
        throws(GenerateError)
    {
        try write(bytes: encode(generated), to: path, overwrite: overwrite)
    }
}
