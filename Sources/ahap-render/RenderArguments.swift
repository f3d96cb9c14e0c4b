import ArgumentParser
import HapticRenderKit
import SoundFile

extension OutputLayout: StringEnumArgument {}

/// `--type`: a file container (and codec) by its usual extension.
struct FileFormatArgument: ExpressibleByArgument {
    var format: SoundFileFormat

    init?(argument: String) {
        switch argument.lowercased() {
        case "wav", "wave": format = .wav
        case "flac": format = .flac
        case "ogg", "oga", "vorbis": format = .ogg
        case "aiff", "aif": format = .aiff
        case "opus": format = .opus
        default: return nil
        }
    }

    static var allValueStrings: [String] { ["wav", "flac", "ogg", "aiff", "opus"] }
}

/// `--sample-format`: how samples are stored.
struct SampleFormatArgument: ExpressibleByArgument {
    var format: SampleFormat

    init?(argument: String) {
        switch argument.lowercased() {
        case "pcm16", "s16": format = .pcm16
        case "pcm24", "s24": format = .pcm24
        case "float32", "float", "f32": format = .float32
        default: return nil
        }
    }

    static var allValueStrings: [String] { ["pcm16", "pcm24", "float32"] }
}

/// How `render` picks the container: `-o`'s extension when it names one, else `--type`,
/// else wav (ogg for the android layout). An `-o` extension that names another container
/// than `--type` is refused, so Opus never lands in a `.wav`; so is one that names an audio
/// format render does not write (`.mp3`, `.m4a`…), so no WAV lands in a `.mp3`.
enum ContainerChoice {
    /// Audio file extensions (lower case) that name no container render writes.
    static let unwritableAudioExtensions: Set<String> = InputDiscovery.audioExtensions
        .union(["m4a", "aac", "wma", "au", "snd", "mka", "webm"])
        .filter { FileFormatArgument(argument: $0) == nil }

    /// - Throws: `ValidationError` when `-o`'s extension names an audio format render does
    ///   not write, or another container than `--type`.
    static func check(output: String?, type: FileFormatArgument?) throws {
        guard let output, output != RenderJob.standardOutput else { return }
        let ext = PathString.pathExtension(output)
        if unwritableAudioExtensions.contains(ext.lowercased()) {
            throw ValidationError(
                "-o \(output) names a .\(ext) file, which render does not write; name it .wav, .flac, .ogg, .aiff or .opus."
            )
        }
        guard let type, let named = FileFormatArgument(argument: ext), named.format != type.format
        else { return }
        throw ValidationError(
            "-o \(output) names a .\(named.format.fileExtension) file but --type is \(type.format.fileExtension); name it .\(type.format.fileExtension) or drop --type."
        )
    }

    /// The container to write.
    static func format(output: String?, type: FileFormatArgument?, layout: OutputLayout)
        -> SoundFileFormat
    {
        let named = output.flatMap { FileFormatArgument(argument: PathString.pathExtension($0)) }
        return (named ?? type)?.format ?? (layout == .android ? .ogg : .wav)
    }
}

/// `play --layout` and `palette --layout`: the layouts a device plays (android is a file
/// format: `render` writes it), so the help lists only what is accepted.
enum LiveLayout: String, CaseIterable, StringEnumArgument {
    case audition, haptic, drive, audio, split

    var outputLayout: OutputLayout { OutputLayout(rawValue: rawValue)! }
}
