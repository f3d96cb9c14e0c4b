// A plain driver for profiling the render loop without the benchmark harness:
//
//     swift build -c release --product render-profile
//     valgrind --tool=callgrind .build/release/render-profile hapticDense 480000
//
// Arguments: recipe (hapticDense, mixed12Minutes, transientsOnly, continuousOnly, toneOnly,
// clipOnly, or `actuator` for LRAModel.process alone, `actuatorRun` for the renderer's kernel
// with the output stage and all three outputs), frames to render (default 4,800,000 = 100 s),
// block frames (default 512), and
// `--hash` to print an FNV-1a hash of every output bit (to check that a change kept the
// samples bit-identical).
import BenchmarkInputs
@_spi(Testing) import HapticRender  // LRAModel.process: the actuator alone

#if canImport(Glibc)
    import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("--") }
let hashing = CommandLine.arguments.contains("--hash")
let recipes: [String: PatternRecipe] = [
    "hapticDense": .hapticDense, "mixed12Minutes": .mixed12Minutes,
    "transientsOnly": .transientsOnly,
    "continuousOnly": .continuousOnly, "toneOnly": .toneOnly, "clipOnly": .clipOnly,
    "small100": .small100,
]
let name = arguments.first ?? "hapticDense"
if name == "actuator" {
    // LRAModel.process alone on the actuator benchmark's drive bursts.
    let frames = arguments.count > 1 ? Int(arguments[arguments.startIndex + 1])! : 4_800_000
    let drive = ActuatorDrive.bursts(frames: 512)
    let out = UnsafeMutableBufferPointer<Float>.allocate(capacity: 512)
    var model = LRAModel(profile: .iphone)
    let clock = ContinuousClock()
    let start = clock.now
    var left = frames
    while left > 0 {
        let n = min(left, 512)
        model.process(
            drive: UnsafeBufferPointer(rebasing: drive[0..<n]),
            acceleration: UnsafeMutableBufferPointer(rebasing: out[0..<n]))
        left -= n
    }
    let elapsed = clock.now - start
    let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    print(
        "actuator: \(frames) frames in \(seconds) s = \(Double(frames) / seconds / 1e6) M frames/s (sink \(out[0]))"
    )
    exit(0)
}
if name == "actuatorRun" {
    // The renderer's kernel (output stage and model) on the same drive, in 256-frame chunks.
    let frames = arguments.count > 1 ? Int(arguments[arguments.startIndex + 1])! : 4_800_000
    let drive = ActuatorDrive.bursts(frames: 512)
    let out = UnsafeMutablePointer<Float>.allocate(capacity: 3 * 256)
    var model = LRAModel(profile: .iphone)
    let clock = ContinuousClock()
    let start = clock.now
    var left = frames
    var at = 0
    while left > 0 {
        let n = min(left, 256)
        model.process(
            drive: drive.baseAddress! + at, count: n,
            into: HapticSignalBuffers(
                volts: out, voltsScale: 0.1, acceleration: out + 256, accelerationScale: 0.33,
                excursion: out + 512, excursionScale: 1_000))
        left -= n
        at = (at + n) % 512
    }
    let elapsed = clock.now - start
    let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    print(
        "actuatorRun: \(frames) frames in \(seconds) s = \(Double(frames) / seconds / 1e6) M frames/s (sink \(out[256]))"
    )
    exit(0)
}
guard let recipe = recipes[name] else {
    fatalError("unknown recipe \(name); one of \(recipes.keys.sorted())")
}
let frames = arguments.count > 1 ? Int(arguments[arguments.startIndex + 1])! : 4_800_000
let blockFrames = arguments.count > 2 ? Int(arguments[arguments.startIndex + 2])! : 512

let fixture = RenderFixture(recipe)
var renderer = fixture.makeRenderer()
let channels = fixture.channelCount
let block = UnsafeMutableBufferPointer<Float>.allocate(capacity: blockFrames * channels)
block.initialize(repeating: 0)
var hash: UInt64 = 0xcbf2_9ce4_8422_2325
let clock = ContinuousClock()
let start = clock.now
var left = frames
var sink: Float = 0
while left > 0 {
    if hashing {
        let n = min(left, blockFrames)
        let part = UnsafeMutableBufferPointer(rebasing: block[0..<(n * channels)])
        if renderer.isFinished { break }
        let done = renderer.render(into: part)
        for i in 0..<(done * channels) {
            hash = (hash ^ UInt64(part[i].bitPattern)) &* 0x100_0000_01b3
        }
        left -= done
    } else {
        sink += RenderFixture.render(
            &renderer, frames: min(left, blockFrames * 64), into: block, channels: channels)
        left -= min(left, blockFrames * 64)
    }
}
let elapsed = clock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
print(
    "\(name): \(frames - left) frames in \(seconds) s = \(Double(frames - left) / seconds / 1e6) M frames/s"
        + (hashing ? ", hash \(String(hash, radix: 16))" : " (sink \(sink))"))
if CommandLine.arguments.contains("--stats") {
    let v = fixture.timeline.voices
    var busy = [Double](repeating: 0, count: 4)
    for i in 0..<v.count { busy[Int(v.kind[i].rawValue)] += Double(v.end[i] - v.start[i]) }
    let total = Double(fixture.timeline.patternDurationSamples)
    print(
        "mean sounding voices per kind:", busy.map { $0 / total }, "max polyphony:",
        fixture.timeline.maxPolyphony)
}
if CommandLine.arguments.contains("--ahap-sizes") {
    for (label, recipe) in [
        ("tiny", PatternRecipe.tiny), ("small100", .small100), ("mixed12Minutes", .mixed12Minutes),
    ] {
        for indent in [0, 1, 2, 4] {
            let bytes = GeneratedAHAP.bytes(recipe, indent: indent)
            print(
                "\(label) indent \(indent): \(bytes.count) bytes, \(PatternGenerator.make(recipe).events.count) events"
            )
        }
    }
}
