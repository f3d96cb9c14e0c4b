internal import CEBUR128

/// Integrated loudness (ITU-R BS.1770 / EBU R 128, gated) over libebur128 (MIT).
///
/// The generator measures the whole file while it streams it and then expresses every level
/// relative to this loudness, so its thresholds do not depend on the mastering level.
/// Channel weights follow libebur128's defaults for up to six channels (L, R, C, LFE unused,
/// Ls, Rs); a mono file counts as dual mono, as BS.1770 recommends for a centre speaker.
public final class LoudnessMeter {
    private let state: UnsafeMutablePointer<ebur128_state>
    public let channels: Int

    /// - Throws: `AnalysisError.unsupported` when libebur128 refuses the rate or channel count.
    public init(channels: Int, sampleRate: Int) throws(AnalysisError) {
        guard channels > 0, sampleRate > 0,
            let s = ebur128_init(UInt32(channels), UInt(sampleRate), Int32(EBUR128_MODE_I.rawValue))
        else {
            throw .unsupported("libebur128 cannot measure \(channels) channels at \(sampleRate) Hz")
        }
        state = s
        self.channels = channels
        if channels == 1 { _ = ebur128_set_channel(state, 0, Int32(EBUR128_DUAL_MONO.rawValue)) }
    }

    deinit {
        var s: UnsafeMutablePointer<ebur128_state>? = state
        ebur128_destroy(&s)
    }

    /// Adds interleaved frames. O(frames · channels).
    public func add(interleaved samples: UnsafeBufferPointer<Float>) {
        guard let base = samples.baseAddress, samples.count >= channels else { return }
        _ = ebur128_add_frames_float(state, base, samples.count / channels)
    }

    /// The gated integrated loudness in LUFS; `-infinity` for silence (every block below the
    /// absolute gate of −70 LUFS).
    public var integratedLoudness: Double {
        var value = -Double.infinity
        guard ebur128_loudness_global(state, &value) == Int32(EBUR128_SUCCESS.rawValue) else {
            return -.infinity
        }
        return value
    }
}
