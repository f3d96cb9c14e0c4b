import HapticPattern
import SoundFile

/// Why a soundtrack could not become haptics. Every case names the file.
public enum GenerateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libsndfile could not open or decode it (not audio, unknown format, corrupt).
    case unreadable(path: String, reason: String)
    /// It holds no audio frames.
    case empty(path: String)
    /// Nothing in it reaches −70 LUFS (BS.1770's absolute gate).
    case silent(path: String)
    /// Silent once its unusable samples (NaN, infinite, absurd: `replacedSamples` of them)
    /// are read as 0: a float file of garbage.
    case unusable(path: String, replacedSamples: Int)
    /// Its header declares more audio than the file holds, or fewer frames decode.
    case truncated(path: String)
    /// Longer than the limit.
    case tooLong(path: String, seconds: Double, limit: Double)
    /// Its AHAP would end past the longest pattern its readers accept (`limit`, the pattern
    /// duration limit): refused once its length is known, before the analysis.
    case patternTooLong(path: String, seconds: Double, limit: Double)
    /// The AHAP made of it would be refused by its readers (`lint --strict` and every command
    /// that reads patterns, with the same limits): `reason` is their first error and what
    /// helps. Nothing is written.
    case refusedWhenRead(path: String, reason: String)
    /// The output exists (and overwriting was not allowed), or writing it failed.
    case outputExists(path: String)
    /// The output is an input of the running command (`input` names it as it was given).
    case outputIsInput(path: String, input: String)
    case writeFailed(path: String, reason: String)
    /// Stopped (Ctrl-C in a batch) before its output was written.
    case cancelled(path: String)
    /// A knob out of its range (``GenerationSettings/Overrides/problem``), before any reading.
    case badSettings(path: String, problem: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): error: not readable audio: \(reason)"
        case .empty(let path):
            "\(path): error: the file contains no audio (0 frames)"
        case .silent(let path):
            "\(path): error: the audio is silent (nothing above −70 LUFS): no haptics to generate"
        case .unusable(let path, let count):
            "\(path): error: nothing audible remains: \(count) sample\(count == 1 ? " is" : "s are") NaN, infinite or beyond ±\(Int(AudioFileReader.maxSampleMagnitude)) (read as 0) and the rest is silent"
        case .truncated(let path):
            "\(path): error: the file is truncated: its header declares more audio than the file holds"
        case .tooLong(let path, let seconds, let limit):
            "\(path): error: the audio lasts \(fixedText(seconds, decimals: 1)) s, more than the limit of \(fixedText(limit, decimals: 0)) s (raise --max-input-duration)"
        case .patternTooLong(let path, let seconds, let limit):
            "\(path): error: the audio lasts \(fixedText(seconds, decimals: 1)) s: its AHAP would end past \(fixedText(limit, decimals: 0)) s, the longest pattern lint, render and convert read (their --max-duration); nothing generated (cut the audio, or pass --max-output-duration \(fixedText((seconds + HapticGeneration.tailSeconds).rounded(.up), decimals: 0)) and read the file with --max-duration as long)"
        case .refusedWhenRead(let path, let reason):
            "\(path): error: the generated AHAP would be refused when read back: \(reason); nothing written"
        case .outputExists(let path):
            "\(path): error: \(path) already exists; use --force to replace it"
        case .outputIsInput(let path, let input):
            "\(path): error: the output is the input \(input); an input is never overwritten"
        case .writeFailed(let path, let reason):
            "\(path): error: cannot write: \(reason)"
        case .cancelled(let path):
            "\(path): interrupted"
        case .badSettings(let path, let problem):
            "\(path): error: \(problem)"
        }
    }
}
