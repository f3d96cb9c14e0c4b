/// Sample-rate conversion over libsamplerate, for load time (e.g. bringing an AHAP
/// `AudioCustom` asset to the render rate). Not for a real-time loop: it allocates.
public struct Resampler: Sendable {
    /// The libsamplerate converter.
    public struct Quality: RawRepresentable, Hashable, Sendable {
        /// The `SRC_*` converter constant.
        public var rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// Band-limited sinc, best quality (slowest; ~97 dB SNR, 97 % bandwidth).
        ///
        /// The corresponding C constant is `SRC_SINC_BEST_QUALITY`.
        public static var sincBest: Self { Self(rawValue: SampleRateConstants.sincBest) }
        /// Band-limited sinc, medium quality (~97 dB SNR, 90 % bandwidth): the default.
        ///
        /// The corresponding C constant is `SRC_SINC_MEDIUM_QUALITY`.
        public static var sincMedium: Self { Self(rawValue: SampleRateConstants.sincMedium) }
        /// Band-limited sinc, fastest (80 % bandwidth).
        ///
        /// The corresponding C constant is `SRC_SINC_FASTEST`.
        public static var sincFastest: Self { Self(rawValue: SampleRateConstants.sincFastest) }
        /// Sample-and-hold; aliases. For tests and control signals only.
        ///
        /// The corresponding C constant is `SRC_ZERO_ORDER_HOLD`.
        public static var zeroOrderHold: Self { Self(rawValue: SampleRateConstants.zeroOrderHold) }
        /// Linear interpolation; aliases. For tests and control signals only.
        ///
        /// The corresponding C constant is `SRC_LINEAR`.
        public static var linear: Self { Self(rawValue: SampleRateConstants.linear) }
    }

    /// The converter used.
    public var quality: Quality

    public init(quality: Quality = .sincMedium) { self.quality = quality }

    /// Converts `audio` to `targetRate`.
    ///
    /// The result has exactly `round(frames × targetRate / audio.sampleRate)` frames:
    /// libsamplerate's flushed output can differ from that by a frame or so, so it is
    /// trimmed, or padded with silence. libsamplerate compensates its filter delay, so the
    /// result is time-aligned with the input. O(frames × filter length).
    /// - Throws: `invalidSampleRate` for non-positive rates; `resamplingFailed` for a ratio
    ///   outside 1/256…256 or a libsamplerate error.
    public func resample(_ audio: DecodedAudio, to targetRate: Double) throws(SoundFileError)
        -> DecodedAudio
    {
        guard audio.sampleRate > 0, audio.sampleRate.isFinite else {
            throw .invalidSampleRate(format: nil, sampleRate: audio.sampleRate, valid: nil)
        }
        guard targetRate > 0, targetRate.isFinite else {
            throw .invalidSampleRate(format: nil, sampleRate: targetRate, valid: nil)
        }
        let ratio = targetRate / audio.sampleRate
        if ratio == 1 { return audio }
        guard samplerate_is_valid_ratio(ratio) else {
            throw .resamplingFailed(
                message:
                    "ratio \(ratio) (\(audio.sampleRate) → \(targetRate) Hz) is outside 1/256…256")
        }
        let channels = audio.channels
        let inputFrames = audio.frames
        let expectedFrames = Int((Double(inputFrames) * ratio).rounded())
        if inputFrames == 0 {
            return DecodedAudio(sampleRate: targetRate, channels: channels, samples: [])
        }

        let state = try samplerate_new(quality.rawValue, channels).get()
        defer { samplerate_delete(state) }

        // Room for the expected length plus slack for the flush; anything beyond is cut.
        let capacity = expectedFrames + 64
        var output = [Float](repeating: 0, count: capacity * channels)
        var consumed = 0
        var produced = 0
        try audio.samples.withUnsafeBufferPointer { (input) throws(SoundFileError) in
            try output.withUnsafeMutableBufferPointer { (out) throws(SoundFileError) in
                // With end_of_input set, each call consumes what it can and flushes the
                // filter tail; repeat until nothing more comes out (or we have enough).
                while produced < capacity {
                    let step = try samplerate_process(
                        state, ratio: ratio,
                        input: input.baseAddress! + consumed * channels,
                        inputFrames: inputFrames - consumed,
                        output: out.baseAddress! + produced * channels,
                        outputFrames: capacity - produced
                    ).get()
                    consumed += step.used
                    produced += step.generated
                    if step.generated == 0 && step.used == 0 { break }
                }
            }
        }
        // Trim the surplus, or leave the zero padding, to the exact expected length.
        output.removeLast((capacity - expectedFrames) * channels)
        return DecodedAudio(sampleRate: targetRate, channels: channels, samples: output)
    }
}

extension DecodedAudio {
    /// This audio converted to `sampleRate` with libsamplerate. See `Resampler.resample(_:to:)`.
    public func resampled(to sampleRate: Double, quality: Resampler.Quality = .sincMedium)
        throws(SoundFileError) -> DecodedAudio
    {
        try Resampler(quality: quality).resample(self, to: sampleRate)
    }
}
