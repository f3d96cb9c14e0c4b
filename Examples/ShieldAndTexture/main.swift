// shield-and-texture: a small pattern set in the spirit of Apple's Ricochet sample,
// written with the HapticPattern DSL.
//
//     swift run shield-and-texture [OUTPUT-FOLDER]     (default: out/shield-and-texture)
//     swift run shield-and-texture --help
//
// For each pattern it prints the resolved timeline, writes `<Name>.ahap` with AHAPEncoder
// and renders it to `<Name>.wav` (audition layout: audio + actuator acceleration) with
// HapticRenderKit. The two sound effects the patterns play are synthesized here, so the
// example needs no asset.
import ArgumentParser
import Foundation
import HapticPattern
import HapticRenderKit
import SoundFile

/// The shield switching on: a swelling buzz with its sound, capped by a crisp click.
let shieldOn = Pattern(gap: 0.05) {
    Parallel {
        Continuous(duration: 0.6, intensity: 0.8, sharpness: 0.4)
            .attack(0.3)
            .release(0.2)
        AudioFile("Sounds/ShieldOn.wav", duration: 0.6, volume: 0.8)
        Curve(.hapticSharpness) {
            Point(0, -0.3)
            Point(0.6, 0.3)
        }
    }
    Transient(intensity: 1, sharpness: 0.9)
}

/// A collision: a hard hit, its sound, and a short decaying ring.
func impact(strength: Double) -> Pattern {
    Pattern {
        Parallel {
            Transient(intensity: strength, sharpness: 0.8)
            AudioFile("Sounds/Impact.wav", volume: strength, pitch: strength > 0.5 ? -0.2 : 0.2)
            Continuous(duration: 0.25, intensity: strength * 0.6, sharpness: 0.2)
                .decay(0.2)
                .sustained(false)
        }
    }
}

/// A rolling texture: a train of light, uneven taps over a low rumble.
let rolling = Pattern {
    Parallel {
        Continuous(duration: 1.2, intensity: 0.25, sharpness: 0.1)
        AudioTone(duration: 1.2, volume: 0.3, pitch: -0.6, brightness: 0.2)
        Sequential(gap: 0.05) {
            for i in 0..<24 {
                // A fixed, irregular-feeling intensity cycle (no randomness: reproducible).
                Transient(intensity: 0.3 + 0.1 * Double((i * 7) % 4), sharpness: 0.3)
            }
        }
    }
    Control(.hapticIntensity, 0.6).at(0.6)  // the ball slows down halfway
}

/// The ball growing: intensity and sharpness ramp up together, then a release.
let grow = Pattern(gap: 0.1) {
    Parallel {
        Continuous(duration: 1.5, intensity: 1, sharpness: 0.5).release(0.3)
        AudioTone(duration: 1.5, volume: 0.6)
        Curve(.hapticIntensity) {
            Point(0, 0.2)
            Point(1.2, 1)
            Point(1.5, 0.6)
        }
        Curve(.hapticSharpness) {
            for step in 0...5 { Point(Double(step) * 0.3, -0.5 + Double(step) * 0.2) }
        }
        Curve(.audioPitch) {
            Point(0, -0.5)
            Point(1.5, 0.5)
        }
    }
    Transient(intensity: 0.8, sharpness: 1)
}

/// A game moment: shield on, three impacts of falling strength, then rolling away.
let sequence = Pattern(gap: 0.2) {
    shieldOn
    for strength in [1.0, 0.7, 0.4] {
        impact(strength: strength)
    }
    rolling.scaled(by: 0.75)
}

let patterns: [(name: String, pattern: Pattern)] = [
    ("ShieldOn", shieldOn),
    ("Impact", impact(strength: 1)),
    ("Rolling", rolling),
    ("Grow", grow),
    ("Sequence", sequence),
]

/// The command line: one optional folder. `--help` prints this and writes nothing; an unknown
/// option is a usage error (exit 64), as with every executable of the package (docs/cli.md).
struct ShieldAndTextureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shield-and-texture",
        abstract:
            "Write the shield-and-texture example patterns as AHAP files and render each to WAV.",
        discussion:
            "Each pattern's timeline is printed; <Name>.ahap, <Name>.wav and the Sounds/ they play are written into OUTPUT-FOLDER."
    )
    @Argument(help: ArgumentHelp("The folder to write into.", valueName: "output-folder"))
    var folder = "out/shield-and-texture"

    /// Usage errors read like ahap-render's: `shield-and-texture: error: …`.
    static var _errorPrefix: String { "shield-and-texture: error: " }
}

let folder = ShieldAndTextureCommand.parseOrExit().folder
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
try SoundEffects.write(to: folder)

var options = RenderOptions()
options.overwrite = true
for (name, pattern) in patterns {
    let model = pattern.hapticPattern
    print(
        "== \(name): \(model.events.count) events, \(model.parameters.count) parameters, "
            + "\(model.curves.count) curves")
    print(pattern.timelineListing())

    let ahap = "\(folder)/\(name).ahap"
    try Data(AHAPEncoder().encode(model)).write(to: URL(fileURLWithPath: ahap))
    let report = try RenderJob(input: ahap, output: "\(folder)/\(name).wav", options: options)
        .prepare().write()
    print("wrote \(ahap) and \(report.output) (\(String(format: "%.2f", report.seconds)) s)\n")
}
