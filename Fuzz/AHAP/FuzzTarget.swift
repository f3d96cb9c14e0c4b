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
