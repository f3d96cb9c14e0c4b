// libFuzzer entry point: bytes → an LRA profile → LRAProfile.validate → for every
// profile it accepts, a short render through the whole driver and LRA model. Built by
// Scripts/fuzz.sh (target `actuator`).
//
// What counts as a finding: a trap (a Double → Int conversion out of range, an overflow), an
// ASan report, or a non-finite sample from a profile the validation accepted — the promise of
// its documented bounds.
import HapticPattern
import HapticRender

#if canImport(Glibc)
    import Glibc
#endif

/// The bounds of each field (lra-model.md's ranges as LRAProfile.validate documents
/// them); inputs map two bytes per field log-uniformly onto ten times beyond them, so both
/// sides of every bound are explored. A leading byte ≥ 0xF0 reads raw doubles instead (NaN,
/// infinities, subnormals).
let bounds: [(low: Double, high: Double)] = [
    (10, 1_000), (0.5, 1_000), (0.5, 10_000), (1e-5, 1), (1e-3, 100), (0.1, 10_000), (1e-9, 1),
    (1e-3, 100), (0.01, 100), (0.01, 1_000), (1e-6, 0.1), (1, 1_000), (1, 20_000),
    (1, 20_000), (0.01, 1_000),
]
let sampleRates: [Double] = [8_000, 48_000, 192_000]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return 0 }
    var values: [Double] = []
    if bytes[0] >= 0xF0 {
        var i = 2
        while values.count < bounds.count, i + 8 <= bytes.count {
            var bits: UInt64 = 0
            for k in 0..<8 { bits |= UInt64(bytes[i + k]) << (8 * k) }
            values.append(Double(bitPattern: bits))
            i += 8
        }
    } else {
        for (k, bound) in bounds.enumerated() {
            let a = 2 + 2 * k
            let u =
                a + 1 < bytes.count ? Double(UInt16(bytes[a]) << 8 | UInt16(bytes[a + 1])) : 32_768
            let logLow = log(bound.low / 10)
            let logHigh = log(bound.high * 10)
            values.append(exp(logLow + (logHigh - logLow) * u / 65_535))
        }
    }
    while values.count < bounds.count { values.append(bounds[values.count].low) }
    let rate = sampleRates[Int(bytes[1]) % sampleRates.count]
    var p = LRAProfile(
        name: "fuzz", resonanceHz: values[0], qLowZ: values[1], qHiZ: values[2],
        movingMass: values[3], forceFactor: values[4], coilResistance: values[5],
        coilInductance: values[6], bodyMass: values[7], locationFactor: values[8],
        voltageClamp: values[9], maxExcursion: values[10], endStopStiffnessRatio: values[11],
        driveBandMinHz: min(values[12], values[13]), driveBandMaxHz: max(values[12], values[13]),
        fullScaleG: values[14], transientMaxHalfCycles: Double(1 + Int(bytes[1] / 3) % 4))
    // Mostly a consistent Q_ts (the loader derives it when absent); sometimes the raw value.
    if bytes[1] & 0x80 == 0, p.derivedQLowZ.isFinite { p.qLowZ = p.derivedQLowZ }
    guard (try? p.validate(sampleRate: rate)) != nil else { return 0 }
    render(p, sampleRate: rate)
    return 0
}

/// A click, a continuous event sweeping sharpness and intensity, and a second click in its
/// ring: 0.12 s of every signal, every sample checked.
func render(_ p: LRAProfile, sampleRate: Double) {
    var loud = EventParameters()
    loud.hapticIntensity = 1
    loud.hapticSharpness = 1
    var pattern = HapticPattern()
    pattern.events = [
        HapticEvent(type: .hapticTransient, time: 0, parameters: loud),
        HapticEvent(type: .hapticContinuous, time: 0.02, duration: 0.06, parameters: loud),
        HapticEvent(type: .hapticTransient, time: 0.05),
    ]
    let timeline = Scheduler(sampleRate: sampleRate).schedule(pattern).timeline
    let configuration = RenderConfiguration(sampleRate: sampleRate, actuator: .lra(p))
    guard var renderer = try? PatternRenderer(timeline: timeline, configuration: configuration)
    else { fatalError("the renderer refused a validated profile: \(p)") }
    let channels = RenderSignal.allCases.count
    let frames = Int(0.12 * sampleRate)
    var block = [Float](repeating: 0, count: 1_024 * channels)
    var done = 0
    while done < frames, !renderer.isFinished {
        let n = block.withUnsafeMutableBufferPointer { renderer.render(into: $0) }
        if n == 0 { break }
        for i in 0..<(n * channels) where !block[i].isFinite {
            fatalError("non-finite sample \(block[i]) from a validated profile: \(p)")
        }
        done += n
    }
}
