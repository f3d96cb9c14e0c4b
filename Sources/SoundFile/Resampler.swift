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

extension Resampler {
    /// A conversion fed a block at a time (a soundtrack as it is decoded), whose output is
    /// that of ``Resampler/resample(_:to:)`` over the whole input: the same converter state
    /// carried from block to block, and the same exact length, `round(frames × ratio)`
    /// (libsamplerate's last few frames held back until the input's end is known, then
    /// trimmed or padded with silence). O(frames × filter length); memory O(block).
    public struct Stream: ~Copyable {
        private let state: SampleRateState
        private let ratio: Double
        private let channels: Int
        private var inputFrames = 0
        private var emitted = 0
        /// Output produced but not yet given out (at most ``holdFrames`` frames).
        private var held: [Float] = []
        private var scratch: [Float] = []

        /// Output frames held back until the end: more than libsamplerate's flush can differ
        /// from the exact length by.
        static let holdFrames = 64

        /// - Throws: `invalidSampleRate`, or `resamplingFailed` for a ratio outside 1/256…256.
        public init(quality: Quality, channels: Int, from inputRate: Double, to outputRate: Double)
            throws(SoundFileError)
        {
            guard inputRate > 0, inputRate.isFinite else {
                throw .invalidSampleRate(format: nil, sampleRate: inputRate, valid: nil)
            }
            guard outputRate > 0, outputRate.isFinite else {
                throw .invalidSampleRate(format: nil, sampleRate: outputRate, valid: nil)
            }
            let ratio = outputRate / inputRate
            guard samplerate_is_valid_ratio(ratio) else {
                throw .resamplingFailed(
                    message: "ratio \(ratio) (\(inputRate) → \(outputRate) Hz) is outside 1/256…256"
                )
            }
            let state = try samplerate_new(quality.rawValue, channels).get()
            self.ratio = ratio
            self.channels = channels
            self.state = state
        }

        deinit { samplerate_delete(state) }

        /// Converts the next `input` frames (interleaved; `last` for the final block, which
        /// may be empty) and returns the output that is final (interleaved).
        public mutating func process(_ input: UnsafeBufferPointer<Float>, last: Bool)
            throws(SoundFileError) -> [Float]
        {
            let frames = input.count / channels
            inputFrames += frames
            let room = Int((Double(frames) * ratio).rounded(.up)) + 2 * Self.holdFrames
            if scratch.count < room * channels {
                scratch = [Float](repeating: 0, count: room * channels)
            }
            var consumed = 0
            while true {
                let step = try scratch.withUnsafeMutableBufferPointer {
                    (out) throws(SoundFileError) -> (used: Int, generated: Int) in
                    let start = input.baseAddress.map { $0 + consumed * channels }
                    return try samplerate_process(
                        state, ratio: ratio, input: start ?? UnsafePointer(out.baseAddress!),
                        inputFrames: frames - consumed, output: out.baseAddress!,
                        outputFrames: room, last: last
                    ).get()
                }
                consumed += step.used
                held += scratch[0..<(step.generated * channels)]
                // The last block: until the flush is over. Others: until the block is used up.
                if step.generated == 0 && step.used == 0 { break }
                if !last, consumed == frames, step.generated < room { break }
            }
            if last {
                let wanted = max(0, Int((Double(inputFrames) * ratio).rounded()) - emitted)
                if held.count < wanted * channels {
                    held += [Float](repeating: 0, count: wanted * channels - held.count)
                }
                emitted += wanted
                defer { held = [] }
                return Array(held[0..<(wanted * channels)])
            }
            let ready = held.count / channels - Self.holdFrames
            guard ready > 0 else { return [] }
            emitted += ready
            defer { held.removeFirst(ready * channels) }
            return Array(held[0..<(ready * channels)])
        }
    }
}
