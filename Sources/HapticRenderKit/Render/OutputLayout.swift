import HapticRender

/// Which signals a rendered file holds, in which channel order and at which scale.
///
/// Every layout is built from four of the renderer's signals — audio left/right, haptic drive
/// and actuator acceleration (``RenderSignal`` documents their scales) — picked and mixed
/// into the file's channels. One table (``spec``) says everything of each layout; `render`'s
/// help, `hr_options_set_layout`'s comment in the C header and Python's `layout` option are
/// made from it or checked against it:
///
/// | layout | channels | contents |
/// |---|---|---|
/// | `audition` | 2 | L = audio L + ½·acceleration, R = audio R + ½·acceleration |
/// | `haptic` | 1 | acceleration (1.0 = the actuator's full scale in g) |
/// | `drive` | 1 | drive voltage (1.0 = the driver's voltage clamp) |
/// | `audio` | 2 | audio L, audio R (full scale 1.0) |
/// | `split` | 4 | audio L, audio R, drive, acceleration |
/// | `android` | 3 | audio L, audio R, haptic (the drive signal) — Ogg tagged `ANDROID_HAPTIC=1` |
///
/// Choices (Apple is silent):
/// - `audition` plays the acceleration — what a hand on the phone feels — through headphones,
///   the way Apple demonstrated haptics on stage. It sits at −6 dB (×½) under the audio's
///   full scale so a full-scale click and full-scale audio stay within full scale, and the
///   150 Hz-ish body vibration stays clearly audible below the audio.
/// - `android` carries the *drive* signal: an Android phone feeds the haptic channel to its
///   own actuator, which adds its own physics; sending our simulated acceleration would
///   apply the actuator twice. AOSP's Ogg extractor reads the Vorbis comment
///   `ANDROID_HAPTIC=<n>` as "the last n channels are haptic".
///
/// The renderer writes a layout's channels itself (``outputChannels``), in one pass from its
/// signals to the file's frames. Only a soundtrack needs the four signals first
/// (``renderSignals``, then ``mix(_:into:frames:)``): it is added to the audio before the
/// acceleration is mixed in. Both ways give the same bits.
public enum OutputLayout: String, CaseIterable, Sendable {
    case audition, haptic, drive, audio, split, android

    /// Gain of the acceleration in the `audition` mix (−6 dB).
    public static let auditionHapticGain: Float = 0.5

    /// The renderer's signals, in the order ``mix(_:into:frames:)`` expects.
    public static let renderSignals: [RenderSignal] = [
        .audioLeft, .audioRight, .hapticDrive, .acceleration,
    ]

    /// What one layout is.
    public struct Spec: Sendable {
        /// The file's channels as the renderer's output channels.
        public var channels: [OutputChannel]
        /// Each channel's name, in order (file metadata).
        public var channelNames: [String]
        /// The channels in a few words: what help, the C header and Python say.
        public var contents: String
        /// What `render`'s help adds (scales, purpose).
        public var note: String
        /// The WAV speaker mask (WAVE_FORMAT_EXTENSIBLE): the audio pair on front left and
        /// right, a mono signal front centre; the haptic channels of `split` and `android`
        /// come after the mask's bits, which assigns them to no speaker.
        public var channelMask: UInt32
        /// Vorbis comments the file must carry (Android's haptic-channel tag).
        public var vorbisComments: [String] = []
        /// Whether an audio device plays it (`play`, `palette`); `android` is a file format.
        public var playsLive = true
    }

    /// This layout's row of the table. O(1), no allocation.
    public var spec: Spec { Self.specs[self]! }

    private static let specs = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, $0.makeSpec()) })

    /// The table.
    private func makeSpec() -> Spec {
        let g = Self.auditionHapticGain
        switch self {
        case .audition:
            return Spec(
                channels: [
                    .mix(.audioLeft, plus: g, times: .acceleration),
                    .mix(.audioRight, plus: g, times: .acceleration),
                ],
                channelNames: ["audio L + 0.5·acceleration", "audio R + 0.5·acceleration"],
                contents: "audio L/R + 0.5 × acceleration", note: "headphones; the default",
                channelMask: 0x3)
        case .haptic:
            return Spec(
                channels: [.signal(.acceleration)], channelNames: ["acceleration"],
                contents: "acceleration", note: "1.0 = the actuator's full scale in g",
                channelMask: 0x4)
        case .drive:
            return Spec(
                channels: [.signal(.hapticDrive)], channelNames: ["drive"],
                contents: "drive voltage", note: "1.0 = the driver's voltage clamp",
                channelMask: 0x4)
        case .audio:
            return Spec(
                channels: [.signal(.audioLeft), .signal(.audioRight)],
                channelNames: ["audio L", "audio R"], contents: "audio L, audio R",
                note: "the pattern's audio only, full scale 1.0", channelMask: 0x3)
        case .split:
            return Spec(
                channels: Self.renderSignals.map(OutputChannel.signal),
                channelNames: ["audio L", "audio R", "drive", "acceleration"],
                contents: "audio L, audio R, drive, acceleration", note: "analysis",
                channelMask: 0x3)
        case .android:
            return Spec(
                channels: [.signal(.audioLeft), .signal(.audioRight), .signal(.hapticDrive)],
                channelNames: ["audio L", "audio R", "haptic drive"],
                contents: "audio L, audio R, drive", note: "Ogg tagged ANDROID_HAPTIC=1",
                channelMask: 0x3, vorbisComments: ["ANDROID_HAPTIC=1"], playsLive: false)
        }
    }

    /// This layout's channels as the renderer's output channels, so the renderer writes the
    /// file's frames directly. Bit-identical to ``mix(_:into:frames:)`` of the
    /// ``renderSignals`` signals: the `audition` mix is the same `Float` expression,
    /// `audio + auditionHapticGain * acceleration`. O(1); allocates the array.
    public var outputChannels: [OutputChannel] { spec.channels }

    /// Channels in the written file.
    public var channelCount: Int { spec.channels.count }

    /// Names of the file's channels, in order (for metadata and the README).
    public var channelNames: [String] { spec.channelNames }

    /// The WAV speaker mask (``Spec/channelMask``).
    public var channelMask: UInt32 { spec.channelMask }

    /// Whether the layout contains the pattern's audio (and so can carry `--mix-with`).
    package var hasAudio: Bool {
        spec.channels.contains {
            switch $0 {
            case .signal(let s), .mix(let s, _, _): s == .audioLeft || s == .audioRight
            }
        }
    }

    /// Vorbis comments the file must carry (Android's haptic-channel tag).
    public var vorbisComments: [String] { spec.vorbisComments }

    /// One line describing the channels and scales, stored in the file's metadata.
    package func scaleDescription(actuator: ActuatorProfile) -> String {
        let scales =
            "audio full scale 1.0; drive 1.0 = \(actuator.voltageClamp) V; "
            + "acceleration 1.0 = \(actuator.fullScaleG) g"
        return "channels: " + channelNames.joined(separator: ", ") + " (" + scales + ")"
    }

    /// Maps `frames` frames of the renderer's four signals (``renderSignals`` order,
    /// interleaved) into this layout's channels: for renders with a soundtrack, which must be
    /// added to the signals first, and for callers that need the signals too (the plot).
    /// O(frames); one loop per layout, so the per-frame work has no branch.
    public func mix(
        _ source: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>, frames: Int
    ) {
        let g = Self.auditionHapticGain
        switch self {
        case .audition:
            for f in 0..<frames {
                let acceleration = g * source[4 * f + 3]
                out[2 * f] = source[4 * f] + acceleration
                out[2 * f + 1] = source[4 * f + 1] + acceleration
            }
        case .haptic:
            for f in 0..<frames { out[f] = source[4 * f + 3] }
        case .drive:
            for f in 0..<frames { out[f] = source[4 * f + 2] }
        case .audio:
            for f in 0..<frames {
                out[2 * f] = source[4 * f]
                out[2 * f + 1] = source[4 * f + 1]
            }
        case .split:
            out.update(from: source, count: 4 * frames)
        case .android:
            for f in 0..<frames {
                out[3 * f] = source[4 * f]
                out[3 * f + 1] = source[4 * f + 1]
                out[3 * f + 2] = source[4 * f + 2]
            }
        }
    }
}
