// Latency of OpenCoreHaptics' engine: from a dynamic parameter sent to the first output sample
// that reflects it, offline and live, in samples and milliseconds.
//
//     swift run -c release latency            (from Benchmarks/; live part on the default output)
//
// Offline it is measured: the same session is rendered with and without an intensity change
// sent "immediately" mid-way through a continuous event, and the first sample where the drive
// and the acceleration differ is compared with the engine's clock at the call. Live it is the
// sum of what the engine adds — a change lands one render slice past the render position, the
// device thread may be anywhere in its slice — and the buffer the host API reports between a
// rendered frame and the output (PortAudio's stream output latency), measured on the device.
import Foundation
import HapticRenderKit
import OpenCoreHaptics

let rate = 48_000.0

/// One offline session: a continuous player from 0, an intensity change sent at `sendAt`
/// (immediately, or not at all for nil); the split layout's frames.
func session(sendAt: Double?) throws -> [Float] {
    let engine = try CHHapticEngine(
        simulation: .init(sampleRate: rate, layout: .split, output: .offline))
    try engine.start()
    let event = CHHapticEvent(
        eventType: .hapticContinuous,
        parameters: [
            CHHapticEventParameter(parameterID: .hapticIntensity, value: 1),
            CHHapticEventParameter(parameterID: .hapticSharpness, value: 0.5),
        ],
        relativeTime: 0, duration: 1)
    let player = try engine.makePlayer(with: CHHapticPattern(events: [event], parameters: []))
    try player.start(atTime: CHHapticTimeImmediate)
    var frames = try engine.advance(to: sendAt ?? 0.5)
    if sendAt != nil {
        try player.sendParameters(
            [
                CHHapticDynamicParameter(
                    parameterID: .hapticIntensityControl, value: 0.3, relativeTime: 0)
            ],
            atTime: CHHapticTimeImmediate)
    }
    frames += try engine.advance(to: 1)
    return frames
}

func milliseconds(_ frames: Double) -> String { String(format: "%.2f ms", frames / rate * 1000) }

let sendAt = 0.5  // engine clock at the call
let sent = Int((sendAt * rate).rounded())
let reference = try session(sendAt: nil)
let changed = try session(sendAt: sendAt)
func firstDifference(channel: Int) -> Int? {
    stride(from: channel, to: reference.count, by: 4).first {
        reference[$0].bitPattern != changed[$0].bitPattern
    }.map { $0 / 4 }
}
print("offline (engine clock; the call at \(sent) = \(sendAt) s):")
for (name, channel) in [("drive", 2), ("acceleration", 3)] {
    guard let first = firstDifference(channel: channel) else {
        print("  \(name): no change")
        continue
    }
    print(
        "  \(name): first changed sample \(first), \(first - sent) samples = \(milliseconds(Double(first - sent))) after the call"
    )
}

// Live: the engine's share (a slice, plus the slice the device thread may be in) and the
// host's output buffer.
print("live (default output, \(Int(rate)) Hz):")
do {
    let engine = try CHHapticEngine(simulation: .init(sampleRate: rate, layout: .audition))
    try engine.start()
    Thread.sleep(forTimeInterval: 0.2)
    let lead = engine.schedulingLeadFrames
    let device = engine.outputLatency * rate
    engine.stop()
    print(
        "  engine: a change lands \(lead) samples past the render position (\(milliseconds(Double(lead)))), "
            + "up to \(2 * lead) after the last published one (\(milliseconds(Double(2 * lead))))")
    print(
        "  device: \(Int(device.rounded())) samples = \(milliseconds(device)) from a rendered frame to the output (PortAudio)"
    )
    print(
        "  total: \(Int((Double(lead) + device).rounded()))–\(Int((Double(2 * lead) + device).rounded())) samples = "
            + "\(milliseconds(Double(lead) + device))–\(milliseconds(Double(2 * lead) + device))")
} catch {
    print("  no live output: \(error)")
}
