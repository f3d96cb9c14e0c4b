// The only place that calls libsamplerate: thin wrappers, no behaviour.
#if canImport(CSampleRateLazy)
    internal import CSampleRateLazy  // Linux: libsamplerate loaded by the first call
#else
    internal import CSampleRate
#endif

typealias SampleRateState = OpaquePointer

/// `src_new`. On failure returns libsamplerate's message.
func samplerate_new(_ converter: Int32, _ channels: Int) -> Result<SampleRateState, SoundFileError>
{
    var error: Int32 = 0
    if let state = src_new(converter, Int32(channels), &error) { return .success(state) }
    return .failure(.resamplingFailed(message: samplerate_strerror(error)))
}

/// `src_delete`.
func samplerate_delete(_ state: SampleRateState) {
    _ = src_delete(state)
}

/// One `src_process` call, with `end_of_input` set unless more input follows (`last` false).
/// Returns (input frames used, output frames generated) or libsamplerate's error code.
func samplerate_process(
    _ state: SampleRateState, ratio: Double,
    input: UnsafePointer<Float>, inputFrames: Int,
    output: UnsafeMutablePointer<Float>, outputFrames: Int, last: Bool = true
) -> Result<(used: Int, generated: Int), SoundFileError> {
    var data = SRC_DATA()
    data.data_in = input
    data.input_frames = inputFrames
    data.data_out = output
    data.output_frames = outputFrames
    data.end_of_input = last ? 1 : 0
    data.src_ratio = ratio
    let error = src_process(state, &data)
    guard error == 0 else {
        return .failure(.resamplingFailed(message: samplerate_strerror(error)))
    }
    return .success((Int(data.input_frames_used), Int(data.output_frames_gen)))
}

/// `src_is_valid_ratio`.
func samplerate_is_valid_ratio(_ ratio: Double) -> Bool {
    src_is_valid_ratio(ratio) != 0
}

/// `src_strerror`.
func samplerate_strerror(_ error: Int32) -> String {
    src_strerror(error).map { String(cString: $0) } ?? "libsamplerate error \(error)"
}

/// The `SRC_*` converter constants, surfaced to `Resampler.Quality`.
enum SampleRateConstants {
    static var sincBest: Int32 { Int32(SRC_SINC_BEST_QUALITY) }
    static var sincMedium: Int32 { Int32(SRC_SINC_MEDIUM_QUALITY) }
    static var sincFastest: Int32 { Int32(SRC_SINC_FASTEST) }
    static var zeroOrderHold: Int32 { Int32(SRC_ZERO_ORDER_HOLD) }
    static var linear: Int32 { Int32(SRC_LINEAR) }
}
