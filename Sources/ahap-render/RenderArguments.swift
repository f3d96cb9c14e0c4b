import ArgumentParser
import HapticPattern
import HapticRenderKit
import SoundFile

extension OutputLayout: StringEnumArgument {}

/// `--type`: a file container (and codec) by one of its names (``SoundFileFormat/named(_:)``:
/// the formats the writer produces, `SoundFileFormat.allWritable`).
struct FileFormatArgument: ExpressibleByArgument {
    var format: SoundFileFormat

    init?(argument: String) {
        guard let format = SoundFileFormat.named(argument) else { return nil }
        self.format = format
    }

    static var allValueStrings: [String] { SoundFileFormat.allWritable.map(\.fileExtension) }

    /// `wav, flac, ogg, aiff, opus or mp3`, for help and messages.
    static var list: String { spokenList(allValueStrings) }
}

/// `--sample-format`: how samples are stored (``SampleFormat/named(_:)``).
struct SampleFormatArgument: ExpressibleByArgument {
    var format: SampleFormat

    init?(argument: String) {
        guard let format = SampleFormat.named(argument) else { return nil }
        self.format = format
    }

    static var allValueStrings: [String] { SampleFormat.all.map(\.description) }

    /// `pcm16, pcm24 or float32 (wav/flac/aiff; default float32 for wav and aiff, pcm24 for
    /// flac)`: `--sample-format`'s help, from the table of writable formats.
    static var help: String {
        let names = allValueStrings
        let takes = SoundFileFormat.allWritable.filter { !$0.validSampleFormats.isEmpty }
        var defaults: [(SampleFormat, [String])] = []
        for format in takes {
            guard let d = format.defaultSampleFormat else { continue }
            if let i = defaults.firstIndex(where: { $0.0 == d }) {
                defaults[i].1.append(format.fileExtension)
            } else {
                defaults.append((d, [format.fileExtension]))
            }
        }
        return spokenList(names) + " ("
            + takes.map(\.fileExtension).joined(separator: "/") + "; default "
            + defaults.map { "\($0.0) for " + $0.1.joined(separator: " and ") }.joined(
                separator: ", ") + ")."
    }
}

/// How `render` picks the container: `-o`'s extension when it names one, else `--type`,
/// else wav (ogg for the android layout). An `-o` extension that names another container
/// than `--type` is refused, so Opus never lands in a `.wav`; so is one that names an audio
/// format render does not write (`.m4a`, `.caf`…), so no WAV lands in a `.m4a`.
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
                "-o \(output) names a .\(ext) file, which render does not write; name it "
                    + spokenList(FileFormatArgument.allValueStrings.map { "." + $0 }) + "."
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

/// An option that takes the layouts of ``OutputLayout`` that `admits` accepts, so its help
/// lists only those.
protocol LayoutChoice: ExpressibleByArgument {
    static func admits(_ layout: OutputLayout) -> Bool
    var outputLayout: OutputLayout { get }
    init(admitted: OutputLayout)
}

extension LayoutChoice {
    init?(argument: String) {
        guard let layout = OutputLayout(rawValue: argument), Self.admits(layout) else {
            return nil
        }
        self.init(admitted: layout)
    }

    var defaultValueDescription: String { outputLayout.rawValue }
    static var allValueStrings: [String] {
        OutputLayout.allCases.filter(admits).map(\.rawValue)
    }
    static var allValueDescriptions: [String: String] { [:] }
    static var audition: Self { Self(admitted: .audition) }
}

/// `play --layout` and `palette --layout`: the layouts a device plays
/// (``OutputLayout/Spec/playsLive``; android is a file format: `render` writes it).
struct LiveLayout: LayoutChoice {
    var outputLayout: OutputLayout
    init(admitted: OutputLayout) { outputLayout = admitted }
    static func admits(_ layout: OutputLayout) -> Bool { layout.spec.playsLive }
}

extension OutputLayout {
    /// `  audition  2 ch  audio L/R + 0.5 × acceleration (headphones; the default)`: the
    /// layouts as `render`'s help lists them, one per line.
    static var helpTable: String {
        let width = allCases.map(\.rawValue.count).max()!
        return allCases.map { layout in
            "  " + layout.rawValue
                + String(repeating: " ", count: width + 2 - layout.rawValue.count)
                + "\(layout.channelCount) ch  \(layout.spec.contents) (\(layout.spec.note))"
        }.joined(separator: "\n")
    }

    /// `audition, haptic, drive, audio, split or android`.
    static var names: String { spokenList(allCases.map(\.rawValue)) }
}
