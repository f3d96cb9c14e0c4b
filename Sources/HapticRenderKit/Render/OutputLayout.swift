import HapticRender

/// Which signals a rendered file holds, in which channel order and at which scale.
///
/// Every layout is built from four of the renderer's signals — audio left/right, haptic drive
/// and actuator acceleration (``RenderChannel`` documents their scales) — picked and mixed
/// into the file's channels:
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
///   full scale so a full-scale click and full-scale audio do not clip together, and the
///   150 Hz-ish body vibration stays clearly audible below the audio.
/// - `android` carries the *drive* signal: an Android phone feeds the haptic channel to its
///   own actuator, which adds its own physics; sending our simulated acceleration would
///   apply the actuator twice. AOSP's Ogg extractor reads the Vorbis comment
///   `ANDROID_HAPTIC=<n>` as "the last n channels are haptic".
///
/// The renderer writes a layout's channels itself (``outputChannels``), in one pass from its
/// signals to the file's frames. Only a soundtrack needs the four signals first
/// (``renderChannels``, then ``mix(_:into:frames:)``): it is added to the audio before the
/// acceleration is mixed in. Both ways give the same bits.
public enum OutputLayout: String, CaseIterable, Sendable {
    case audition, haptic, drive, audio, split, android

    /// Gain of the acceleration in the `audition` mix (−6 dB).
    public static let auditionHapticGain: Float = 0.5

    /// The renderer's signals, in the order ``mix(_:into:frames:)`` expects.
    public static let renderChannels: [RenderChannel] = [
        .audioLeft, .audioRight, .hapticDrive, .acceleration,
    ]

    /// This layout's channels as the renderer's output channels, so the renderer writes the
    /// file's frames directly. Bit-identical to ``mix(_:into:frames:)`` of the
    /// ``renderChannels`` signals: the `audition` mix is the same `Float` expression,
    /// `audio + auditionHapticGain * acceleration`. O(1); allocates the array.
    public var outputChannels: [OutputChannel] {
        let g = Self.auditionHapticGain
        switch self {
        case .audition:
            return [
                .mix(.audioLeft, plus: g, times: .acceleration),
                .mix(.audioRight, plus: g, times: .acceleration),
            ]
        case .haptic: return [.signal(.acceleration)]
        case .drive: return [.signal(.hapticDrive)]
        case .audio: return [.signal(.audioLeft), .signal(.audioRight)]
        case .split: return Self.renderChannels.map(OutputChannel.signal)
        case .android: return [.signal(.audioLeft), .signal(.audioRight), .signal(.hapticDrive)]
        }
    }

    /// Channels in the written file.
    public var channelCount: Int {
        switch self {
        case .haptic, .drive: return 1
        case .audition, .audio: return 2
        case .android: return 3
        case .split: return 4
        }
    }

    /// Names of the file's channels, in order (for `--help`, metadata and the README).
    public var channelNames: [String] {
        switch self {
        case .audition: return ["audio L + 0.5·acceleration", "audio R + 0.5·acceleration"]
        case .haptic: return ["acceleration"]
        case .drive: return ["drive"]
        case .audio: return ["audio L", "audio R"]
        case .split: return ["audio L", "audio R", "drive", "acceleration"]
        case .android: return ["audio L", "audio R", "haptic drive"]
        }
    }

    /// The WAV speaker mask (WAVE_FORMAT_EXTENSIBLE): the audio pair on front left and right,
    /// a mono signal front centre; the haptic channels of `split` and `android` come after the
    /// mask's bits, which assigns them to no speaker.
    public var channelMask: UInt32 {
        switch self {
        case .haptic, .drive: 0x4
        case .audition, .audio, .split, .android: 0x3
        }
    }

    /// Whether the layout contains the pattern's audio (and so can carry `--mix-with`).
    public var hasAudio: Bool { self != .haptic && self != .drive }

    /// Vorbis comments the file must carry (Android's haptic-channel tag).
    public var vorbisComments: [String] {
        self == .android ? ["ANDROID_HAPTIC=1"] : []
    }

    /// One line describing the channels and scales, stored in the file's metadata.
    public func scaleDescription(actuator: ActuatorProfile) -> String {
        let scales =
            "audio full scale 1.0; drive 1.0 = \(actuator.voltageClamp) V; "
            + "acceleration 1.0 = \(actuator.fullScaleG) g"
        return "channels: " + channelNames.joined(separator: ", ") + " (" + scales + ")"
    }

    /// Maps `frames` frames of the renderer's four signals (``renderChannels`` order,
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
