// libFuzzer entry point: AHAP bytes → decode (lenient and strict) → schedule → render a short
// window. Built by Scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address`, outside the
// package, so `swift test` never sees it.
//
// What counts as a finding: a trap (overflow, precondition, bounds), an ASan report, a
// timeline that breaks its documented invariants, a diagnostic without a position or code
// when it should have one, or a non-finite rendered sample. The render window is capped
// (≤ 0.25 s at 8 kHz) so one input costs milliseconds, whatever times it asks for.
import HapticPattern
import HapticRender

/// Render rate: low, so a window is cheap, yet above 4 × the actuator's resonance.
let fuzzSampleRate = 8_000.0
/// At most this many frames are rendered per schedule (0.25 s).
let fuzzWindowFrames = 2_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for mode in AHAPDecoder.Mode.allCases {
        let result = AHAPDecoder(options: .init(mode: mode)).decode(bytes)
        checkDiagnostics(result)
        guard let pattern = result.pattern else { continue }
        // The duration is pure arithmetic over the model: it must not trap either.
        _ = pattern.duration
        // The documented round trip: the encoder writes the canonical model back unchanged.
        let again = AHAPDecoder(options: .init(mode: .lenient, limits: .unlimited)).decode(
            AHAPEncoder().encode(pattern))
        if again.pattern != pattern { fatalError("decode(encode(p)) != p") }
        exercise(pattern, options: PlayerOptions())
        if mode == .lenient {
            // Player options the CLI can set: seek, rate and unrolled loops.
            exercise(
                pattern,
                options: PlayerOptions(
                    startOffset: 0.01, playbackRate: 1.5,
                    loop: LoopOptions(loopEnd: 0, count: 3)))
        }
    }
    return 0
}

/// Every error and warning must carry a code and, except for whole-file findings, a path.
func checkDiagnostics(_ result: PatternDecodeResult) {
    if result.accepted && result.pattern == nil { fatalError("accepted without a pattern") }
    for d in result.diagnostics {
        if let line = d.line, line < 1 { fatalError("diagnostic with line \(line): \(d)") }
        if let column = d.column, column < 1 {
            fatalError("diagnostic with column \(column): \(d)")
        }
        if d.message.isEmpty { fatalError("diagnostic without a message: \(d.code)") }
    }
}

/// Schedules `pattern` (every custom audio file is 0.1 s long), checks the timeline's
/// invariants, and renders the first window of every channel.
func exercise(_ pattern: HapticPattern, options: PlayerOptions) {
    var lengths: [String: Double] = [:]
    for event in pattern.events { if let p = event.waveformPath { lengths[p] = 0.1 } }
    let scheduler = Scheduler(sampleRate: fuzzSampleRate, customAudioLengths: lengths)
    let result = scheduler.schedule(pattern, options: options)
    let timeline = result.timeline
    // The limited path must agree: refuse, or produce the same timeline.
    if let limited = try? scheduler.schedule(pattern, options: options, limits: .default),
        limited.timeline != timeline
    {
        fatalError("schedule(limits:) differs from schedule()")
    }
    let problems = timeline.validate()
    if !problems.isEmpty { fatalError("timeline invariants broken: \(problems)") }

    let clip = AudioResource(samples: (0..<800).map { Float($0 % 40) / 40 - 0.5 }, channels: 1)
    let audio = [AudioResource?](repeating: clip, count: timeline.audioResources.count)
    let configuration = RenderConfiguration(
        sampleRate: fuzzSampleRate, channels: RenderSignal.allCases)
    var renderer: PatternRenderer
    do {
        renderer = try PatternRenderer(
            timeline: timeline, audio: audio, configuration: configuration)
    } catch {
        fatalError("renderer refused a scheduled timeline: \(error)")
    }
    if let frames = try? RenderLimits.unlimited.renderFrameCount(
        for: timeline, configuration: configuration),
        frames != renderer.totalFrames
    {
        fatalError("renderFrameCount \(frames) != totalFrames \(renderer.totalFrames)")
    }
    let channels = RenderSignal.allCases.count
    var block = [Float](repeating: 0, count: 512 * channels)
    var rendered = 0
    while !renderer.isFinished && rendered < fuzzWindowFrames {
        let frames = block.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
        if frames == 0 { break }
        for i in 0..<(frames * channels) where !block[i].isFinite {
            fatalError("non-finite sample \(block[i]) at frame \(rendered + i / channels)")
        }
        rendered += frames
    }
}
