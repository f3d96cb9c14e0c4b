import Foundation
import HapticRender
import SoundFile

/// A 1 s full-intensity continuous haptic event and a 0.5 s tone from 0.2 s: every signal
/// of every layout is non-zero. Pattern duration 1 s.
let renderFixture = """
    {"Version": 1, "Pattern": [
      {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1,
        "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1},
                            {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
      {"Event": {"Time": 0.2, "EventType": "AudioContinuous", "EventDuration": 0.5,
        "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.8}]}}
    ]}
    """

/// The iphone preset's ring-down in frames at 48 kHz (added after the pattern).
let ringDownFrames = Int((ActuatorProfile.iphone.ringDownSeconds * 48_000).rounded())

/// Frames of the fixture's default render: the haptic event's end at 1 s, its 20 ms
/// release, then the ring-down.
let fixtureFrames = 48_000 + 960 + ringDownFrames

/// Reads a rendered file back with libsndfile.
func readBack(_ path: String) throws -> DecodedAudio { try SoundFile.read(path: path) }

/// Channel `c` of a decoded file.
func channel(_ audio: DecodedAudio, _ c: Int) -> [Float] {
    stride(from: c, to: audio.samples.count, by: audio.channels).map { audio.samples[$0] }
}

func rms(_ x: ArraySlice<Float>) -> Double {
    (x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(x.count, 1))).squareRoot()
}

/// Files in a folder, sorted (to prove no partial or stray file is left).
func listing(_ folder: String) -> [String] {
    ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
}
