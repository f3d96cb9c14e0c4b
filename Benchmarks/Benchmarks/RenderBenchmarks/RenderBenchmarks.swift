// Render-loop benchmarks: frames per second of `PatternRenderer.render(into:)` per voice kind,
// for the dense haptic-only and mixed patterns, and of the actuator model alone.
//
// Each measured iteration renders 1,000,000 frames (the `.mega` scaling factor), so the
// throughput column, "(M)", reads directly in M frames/s. Names carry no spaces or slashes:
// `thresholds check` looks the files in Thresholds/ up by the raw name, while `thresholds
// update` writes them with spaces replaced. The only gate is the allocation count
// (p90 absolute 0, see Thresholds/): wall-clock numbers are reported, never enforced, because
// they are noise on a shared 2-core machine.
import Benchmark
import BenchmarkInputs
@_spi(Testing) import HapticRender  // LRAModel.process: the actuator alone

/// Holds the (non-copyable) renderer between iterations, so building it stays out of the
/// measurement.
final class RendererBox {
    var renderer: PatternRenderer
    let channels: Int
    let block: UnsafeMutableBufferPointer<Float>

    init(_ fixture: RenderFixture, blockFrames: Int = 512) {
        renderer = fixture.makeRenderer()
        channels = fixture.channelCount
        block = .allocate(capacity: blockFrames * channels)
        block.initialize(repeating: 0)
    }

    deinit { block.deallocate() }
}

let benchmarks: @Sendable () -> Void = {
    // Malloc metrics next to wall clock and throughput only: any OS metric would add the
    // framework's own /proc reads to the count.
    let loop = Benchmark.Configuration(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        scalingFactor: .mega,
        maxDuration: .seconds(2),
        maxIterations: 100,
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: 0])])

    /// One render-loop benchmark: every iteration restarts the renderer (no allocation) and
    /// renders the pattern's first 1,000,000 frames (≈ 21 s) in 512-frame blocks.
    func renderLoop(_ name: String, _ recipe: PatternRecipe) {
        Benchmark(name, configuration: loop) { benchmark, box in
            box.renderer.reset()
            benchmark.startMeasurement()
            blackHole(
                RenderFixture.render(
                    &box.renderer, frames: benchmark.scaledIterations.count,
                    into: box.block, channels: box.channels))
            benchmark.stopMeasurement()
        } setup: {
            RendererBox(RenderFixture(recipe))
        }
    }

    renderLoop("Render.HapticOnlyDense", .hapticDense)
    renderLoop("Render.MixedDense", .mixed12Minutes)
    renderLoop("Render.TransientsOnly", .transientsOnly)
    renderLoop("Render.ContinuousOnly", .continuousOnly)
    renderLoop("Render.ToneOnly", .toneOnly)
    renderLoop("Render.CustomAudioOnly", .clipOnly)

    // The actuator alone: a 170 Hz drive burst pattern through LRAModel.process, 1,000,000
    // frames per iteration in 512-frame blocks.
    Benchmark("LRAModel.process", configuration: loop) { benchmark, drive in
        var model = LRAModel(profile: .iphone)
        let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: drive.count)
        defer { out.deallocate() }
        benchmark.startMeasurement()
        var left = benchmark.scaledIterations.count
        while left > 0 {
            let n = min(left, drive.count)
            model.process(
                drive: UnsafeBufferPointer(rebasing: drive[0..<n]),
                acceleration: UnsafeMutableBufferPointer(rebasing: out[0..<n]))
            left -= n
        }
        blackHole(out[0])
        benchmark.stopMeasurement()
    } setup: {
        ActuatorDrive.bursts(frames: 512)
    }
}
