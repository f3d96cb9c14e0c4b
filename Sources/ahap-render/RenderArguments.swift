import ArgumentParser
import HapticRenderKit
import SoundFile

extension OutputLayout: StringEnumArgument {}

/// `--format`: a file container (and codec) by its usual extension.
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
