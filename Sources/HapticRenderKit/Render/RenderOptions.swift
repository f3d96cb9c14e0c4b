import HapticPattern
import HapticRender
import SoundFile

/// Everything that decides what `ahap-render render` writes, besides the input itself.
/// Identical options and input give a byte-identical file.
public struct RenderOptions: Sendable {
    /// Output sample rate in Hz (default 48 kHz).
    public var sampleRate: Double = 48_000
    /// The fast engine, or the reference one (``RenderEngine``).
    public var engine: RenderEngine = .fast
    /// The simulated actuator (default `iphone`).
    public var actuator: ActuatorProfile = .iphone
    /// How sharpness maps to drive frequency.
    public var sharpnessMapping: SharpnessMapping = .android
    /// How intensity maps to drive level.
    public var intensityMapping: IntensityMapping = .sensationLevel
    /// Which signals the file holds (default `audition`).
    public var layout: OutputLayout = .audition
    /// Plain renderer signals, in this order, instead of the layout's channels (the embedding
    /// APIs' channel list, e.g. `[.acceleration, .excursion]`); nil renders the layout. Not
    /// with a soundtrack, which is mixed by the layout.
    public var channels: [RenderSignal]?
    /// Container and codec (default WAV).
    public var format: SoundFileFormat = .wav
    /// Stored sample format; nil picks the format's default (float32 for WAV).
    public var sampleFormat: SampleFormat?
    /// Decode like Core Haptics (reject what it rejects) instead of leniently.
    public var strict = false
    /// Seek, rate, loops and runtime parameters.
    public var player = PlayerOptions()
    /// Exact length of the output in seconds; nil renders the pattern (× rate, × loops) plus
    /// the actuator's ring-down, or the `mixWith` soundtrack if that is longer.
    public var duration: Double?
    /// A soundtrack to lay under the pattern's audio (layouts with audio only).
    public var mixWith: String?
    /// Extra folders searched for AudioCustom files.
    public var searchRoots: [String] = []
    /// Let `EventWaveformPath` leave the AHAP file's folder and the search roots.
    public var allowEscapingPaths = false
    /// Replace an existing output file.
    public var overwrite = false
    /// Count an existing output file as done (resumable batches): ``RenderBatch`` reports
    /// such a job as ``RenderReport/skipped`` without rendering it, and a render whose
    /// output appears meanwhile (another machine) is skipped rather than failed.
    /// Excludes `overwrite`.
    public var skipExisting = false
    /// What one AHAP file may ask of the decoder (size, events, curve points, duration).
    public var patternLimits = PatternLimits.default
    /// What scheduling and rendering may cost after player options (length, voices,
    /// polyphony); its `maxDurationSeconds` also caps `duration` and the soundtrack.
    public var renderLimits = RenderLimits.default
    /// Caps on each decoded audio file (AudioCustom files and the soundtrack).
    public var audioReadLimits = SoundFileReadLimits.default
    /// Memory all of one render's custom audio may occupy, after conversion.
    public var audioMemoryBytes = AudioMemoryBudget.defaultMaxBytes
    /// Frames per renderer call (any value gives the same samples; larger is faster).
    public var blockFrames = 4_096
    /// Threads that render one file: above 1, the fast engine splits the file where every
    /// voice is silent and the actuator at rest and renders the parts at once (``SegmentPlan``);
    /// the file is bit-identical to a one-thread render. At most ``maxThreads``.
    public var threads = 1
    /// The most threads one render or batch may ask for (`--jobs`): far above any machine's
    /// cores, low enough that a typo cannot exhaust the process's threads.
    public static let maxThreads = 256

    /// The render rates, Hz: whole numbers from 8 kHz to 384 kHz.
    public static let sampleRates: ClosedRange<Double> = 8_000...384_000

    /// Whether `sampleRate` is a whole number of Hz within ``sampleRates``. O(1).
    public static func isRenderable(sampleRate: Double) -> Bool {
        sampleRates.contains(sampleRate) && sampleRate == sampleRate.rounded()
    }
    /// The tool's name and version, written into the file's metadata.
    public var software = "ahap-render \(HapticRenderKitVersion.current)"

    public init() {}

    /// The renderer configuration these options describe. Its channels are the channel list,
    /// else the layout's own (``OutputLayout/outputChannels``), or the four ``OutputLayout/renderSignals`` signals
    /// when a soundtrack must be added to the audio before the layout's mix.
    package var renderConfiguration: RenderConfiguration {
        let outputChannels = channels?.map(OutputChannel.signal) ?? layout.outputChannels
        let channels =
            mixWith == nil ? outputChannels : OutputLayout.renderSignals.map(OutputChannel.signal)
        return RenderConfiguration(
            sampleRate: sampleRate, channels: channels, actuator: actuator,
            sharpnessMapping: sharpnessMapping, intensityMapping: intensityMapping)
    }

    /// Channels per output frame: the channel list's, else the layout's.
    public var channelCount: Int { channels?.count ?? layout.channelCount }

    /// What a `mixWith` soundtrack may be: as long as the render may be
    /// (`renderLimits.maxDurationSeconds`, raised by `--max-duration`), in a file of any size.
    /// It is spooled to a file no one sees folded to stereo at the render rate (8 bytes a
    /// frame: 1.4 GB of temporary disk for an hour at 48 kHz) and read a block at a time, so
    /// its memory is a block's.
    public var soundtrackLimits: SoundFileReadLimits {
        SoundFileReadLimits(
            maxFrames: .max, maxBytes: .max, maxFileBytes: .max,
            maxDurationSeconds: renderLimits.maxDurationSeconds)
    }

    /// The WAV speaker mask: the layout's, or none for a channel list (its channels are
    /// signals, not speakers).
    public var channelMask: UInt32 { channels == nil ? layout.channelMask : 0 }

    /// Checks the combination before any work (format × sample format × rate × channels,
    /// layout × format, soundtrack × layout). O(1).
    public func validate() throws(RenderJobError) {
        func fail(_ message: String) -> RenderJobError {
            RenderJobError(input: "", stage: .options, message: message)
        }
        try validateRendering()
        if overwrite, skipExisting {
            throw fail(
                "replacing existing outputs and skipping them exclude each other; use --force or --skip-existing"
            )
        }
        if layout == .android, format != .ogg {
            throw fail(
                "the android layout is written as Ogg Vorbis (Android reads haptic channels from Ogg only); use --type ogg"
            )
        }
        do {
            try SoundFileWriter.validate(
                format: format, sampleFormat: sampleFormat,
                sampleRate: Int(sampleRate), channels: channelCount)
        } catch {
            throw fail(error.description)
        }
    }

    /// Checks what rendering needs, whatever the output file: rate, player options,
    /// soundtrack × layout, block size, actuator. O(1).
    public func validateRendering() throws(RenderJobError) {
        func fail(_ message: String) -> RenderJobError {
            RenderJobError(input: "", stage: .options, message: message)
        }
        guard Self.isRenderable(sampleRate: sampleRate) else {
            throw fail(
                "the sample rate must be a whole number of Hz between 8000 and 384000, not \(sampleRate)"
            )
        }
        if mixWith != nil, !layout.hasAudio {
            throw fail(
                "--mix-with needs a layout with audio channels (audition, audio, split or android), not \(layout.rawValue)"
            )
        }
        if let channels {
            if channels.isEmpty { throw fail("the channel list is empty") }
            if mixWith != nil {
                throw fail("--mix-with is mixed by a layout; it cannot be used with a channel list")
            }
        }
        if let duration, !(duration.isFinite && duration > 0) {
            throw fail("the duration must be a positive number of seconds, not \(duration)")
        }
        if let duration, duration > renderLimits.maxDurationSeconds {
            throw fail(
                "the duration \(duration) s is longer than the render limit of \(renderLimits.maxDurationSeconds) s (raise it with --max-duration)"
            )
        }
        guard player.playbackRate.isFinite, player.playbackRate > 0 else {
            throw fail("the playback rate must be a positive number, not \(player.playbackRate)")
        }
        guard player.startOffset.isFinite, player.startOffset >= 0 else {
            throw fail("the start offset must be zero or more seconds, not \(player.startOffset)")
        }
        if let loop = player.loop, loop.count < 1 {
            throw fail("the loop count must be at least 1, not \(loop.count)")
        }
        guard blockFrames > 0 else { throw fail("the block size must be positive") }
        guard (1...Self.maxThreads).contains(threads) else {
            throw fail("the thread count must be 1 to \(Self.maxThreads), not \(threads)")
        }
        do { try actuator.validate(sampleRate: sampleRate) } catch { throw fail(error.description) }
    }
}
