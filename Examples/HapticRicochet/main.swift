// haptic-ricochet: Apple's HapticRicochet sample as a simulation — a ball rolling in a tilting
// box drives OpenCoreHaptics' CHHapticEngine through RicochetHaptics (Core Haptics' API only):
// a looping texture that follows the ball's speed, collisions as strong as the hits, and a
// shield (with its own sound, a registered custom audio resource) from 3 s to 6 s.
//
//     swift run haptic-ricochet [OUTPUT-FOLDER]     (default: out/haptic-ricochet)
//     swift run haptic-ricochet --help
//
// The engine is offline, so the session renders the same on every run: it writes
// `session.wav` (audition layout: audio + ½·acceleration), `session.html` (an audition page:
// the timeline of collisions and shield, the signals, and the audio to play), and the
// shield's sound in `Sounds/Shield.wav`. Each collision is printed with its time.
import ArgumentParser
import Foundation
import HapticPlot
import HapticRender
import HapticRenderKit
import OpenCoreHaptics
import SoundFile

/// The command line: one optional folder. `--help` prints this and writes nothing; an unknown
/// option is a usage error (exit 64), as with every executable of the package (docs/cli.md).
struct HapticRicochetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "haptic-ricochet",
        abstract:
            "Play Apple's HapticRicochet sample offline on OpenCoreHaptics and write the session.",
        discussion:
            "A ball rolls and collides for 8 s; OUTPUT-FOLDER receives session.wav, session.html and Sounds/Shield.wav, and each collision is printed."
    )
    @Argument(help: ArgumentHelp("The folder to write into.", valueName: "output-folder"))
    var folder = "out/haptic-ricochet"

    /// Usage errors read like ahap-render's: `haptic-ricochet: error: …`.
    static var _errorPrefix: String { "haptic-ricochet: error: " }
}

let folder = HapticRicochetCommand.parseOrExit().folder
try FileManager.default.createDirectory(
    atPath: folder + "/Sounds", withIntermediateDirectories: true)
let rate = 48_000.0

// The shield's sound: a rising two-tone sweep, 0.6 s.
let shieldSound = folder + "/Sounds/Shield.wav"
var sweep: [Float] = []
var phase = 0.0
for n in 0..<Int(0.6 * rate) {
    let t = Double(n) / rate
    phase += 2 * .pi * (220 + 330 * t / 0.6) / rate
    let fade = min(t / 0.05, 1) * min((0.6 - t) / 0.1, 1)
    sweep.append(Float(0.4 * fade * (sin(phase) + 0.5 * sin(2.01 * phase))))
}
try writeWAV(sweep, channels: 1, to: shieldSound)

// The session: 8 s at 60 frames a second, offline, every signal recorded (split layout).
let engine = try CHHapticEngine(
    simulation: .init(sampleRate: rate, layout: .split, output: .offline))
try engine.start()
let haptics = try RicochetHaptics(engine: engine, shieldSound: URL(fileURLWithPath: shieldSound))
var ball = Ball()
var signals: [Float] = []
var hapticEvents: [PlotEvent] = []
var audioEvents: [PlotEvent] = []
let frameSeconds = 1.0 / 60
try haptics.startTexture()
for frame in 0..<480 {
    let t = Double(frame) * frameSeconds
    if frame == 180 || frame == 360 {
        try haptics.setShield(frame == 180)
        if frame == 180 {
            hapticEvents.append(
                PlotEvent(
                    time: t, duration: 0.5,
                    kind: .hapticContinuous(
                        intensity: 0.9, sharpness: 0.4,
                        envelope: [PlotPoint(time: 0, value: 0), PlotPoint(time: 0.5, value: 0.9)]))
            )
            audioEvents.append(
                PlotEvent(
                    time: t, duration: 0.6, kind: .audioCustom(fileName: "Shield.wav", volume: 0.8))
            )
        }
        print(String(format: "shield %@ at %.3f s", frame == 180 ? "on" : "off", t))
    }
    for impact in ball.step(at: t, dt: frameSeconds) {
        let strength = Float(min(impact / Ball.hardestHit, 1))
        try haptics.collision(impact: strength)
        hapticEvents.append(
            PlotEvent(
                time: t,
                kind: .hapticTransient(
                    intensity: Double(0.375 + strength * 0.625),
                    sharpness: haptics.shieldIsOn ? 0.95 : 0.5)))
        print(String(format: "collision at %.3f s, impact %.2f", t, strength))
    }
    try haptics.rolling(speed: Float(ball.speed / Ball.topSpeed))
    signals += try engine.advance(by: frameSeconds)
}
try haptics.stop()
signals += try engine.advance(by: 0.3)

// session.wav: the audition mix of the recorded signals.
let frames = signals.count / 4
var audition = [Float](repeating: 0, count: frames * 2)
signals.withUnsafeBufferPointer { source in
    audition.withUnsafeMutableBufferPointer {
        OutputLayout.audition.mix(source.baseAddress!, into: $0.baseAddress!, frames: frames)
    }
}
let wav = folder + "/session.wav"
try writeWAV(audition, channels: 2, to: wav)

// session.html: the audition page.
let recorded = signals
func channel(_ c: Int) -> [Float] {
    stride(from: c, to: recorded.count, by: 4).map { recorded[$0] }
}
let plot = PlotData(
    title: "HapticRicochet session", duration: Double(frames) / rate,
    actuatorName: ActuatorProfile.iphone.name,
    accelerationFullScaleG: ActuatorProfile.iphone.fullScaleG, hapticEvents: hapticEvents,
    audioEvents: audioEvents,
    sampleRate: rate, drive: channel(2), acceleration: channel(3), audioLeft: channel(0),
    audioRight: channel(1))
let page = AuditionPage.html(
    plot: plot, svg: TimelinePlot.svg(for: plot),
    audio: AuditionPage.Audio(
        bytes: try Data(contentsOf: URL(fileURLWithPath: wav)), mimeType: "audio/wav"),
    diagnostics: [],
    summary: [("collisions", "\(hapticEvents.count - 1)"), ("shield", "3.0 s to 6.0 s")])
try page.write(toFile: folder + "/session.html", atomically: true, encoding: .utf8)
print(
    "wrote \(wav) and \(folder)/session.html (\(String(format: "%.2f", Double(frames) / rate)) s)")

/// Writes interleaved `samples` to a float WAV file at `path`.
func writeWAV(_ samples: [Float], channels: Int, to path: String) throws {
    var writer = try SoundFileWriter(
        path: path, format: .wav, sampleRate: Int(rate), channels: channels, overwrite: true)
    try writer.write(samples)
    try writer.finish()
}
