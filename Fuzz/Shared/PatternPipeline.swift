// What every pattern fuzz target checks of a decode and does with its pattern: the
// diagnostics' positions, then schedule → validate → render a short window. Compiled into
// each target by Scripts/fuzz.sh.
import HapticPattern
import HapticRender

/// Render rate: low, so a window is cheap, yet above 4 × the actuator's resonance.
let fuzzSampleRate = 8_000.0
/// At most this many frames are rendered per schedule (0.25 s).
let fuzzWindowFrames = 2_000

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
