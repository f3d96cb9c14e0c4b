// Decode, schedule and time to first buffer. These allocate by nature (they build the
// model and the timeline), so allocations are reported but not gated; wall-clock numbers are
// reported, never enforced.
import Benchmark
import BenchmarkInputs
import HapticPattern
import HapticRender

let benchmarks: @Sendable () -> Void = {
    let timing = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2),
        maxIterations: 1_000)

    Benchmark("Decode.Small8Events", configuration: timing) { benchmark, bytes in
        blackHole(AHAPDecoder().decode(bytes))
    } setup: {
        GeneratedAHAP.bytes(.tiny)  // 6.2 kB
    }

    Benchmark("Decode.Large5000Events", configuration: timing) { benchmark, bytes in
        blackHole(AHAPDecoder().decode(bytes))
    } setup: {
        GeneratedAHAP.bytes(.mixed12Minutes, indent: 0)  // one item per line: 2.19 MB
    }

    Benchmark("Schedule.5000Events", configuration: timing) { benchmark, pattern in
        blackHole(
            Scheduler(
                sampleRate: 48_000,
                customAudioLengths: [PatternGenerator.clipPath: SyntheticClip.seconds]
            )
            .schedule(pattern))
    } setup: {
        PatternGenerator.make(.mixed12Minutes)
    }

    // Open-and-play latency: decode a 100-event file, schedule it, prepare a renderer and
    // render the first 512-frame buffer (all five channels).
    Benchmark("FirstBuffer.100Events", configuration: timing) { benchmark, bytes in
        guard let pattern = AHAPDecoder().decode(bytes).pattern else {
            fatalError("generated AHAP rejected")
        }
        let timeline = Scheduler(sampleRate: 48_000).schedule(pattern).timeline
        var renderer = try! PatternRenderer(
            timeline: timeline, configuration: RenderConfiguration())
        var block = [Float](repeating: 0, count: 512 * RenderSignal.allCases.count)
        blackHole(block.withUnsafeMutableBufferPointer { renderer.render(into: $0) })
        blackHole(block[0])
    } setup: {
        GeneratedAHAP.bytes(.small100)  // 68 kB
    }
}
