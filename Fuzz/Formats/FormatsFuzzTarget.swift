// libFuzzer entry point: bytes as every pattern format the package reads but AHAP (`.haptic`,
// `.hjif`; the `ahap` target owns AHAP) → decode (lenient and strict) → schedule → render a
// short window; and the file as `convert` reads it (the format detected) → every target →
// the targets the package reads, decoded back as `convert` checks them. Built by
// Scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address`, outside the package.
//
// What counts as a finding: a trap, an ASan report, a diagnostic without a position or
// message, an accepted decode without a pattern, a broken timeline invariant, a non-finite
// sample, or a conversion its readers refuse without saying why.
import HapticFormats
import HapticPattern
import HapticRender

/// Longest pattern converted, s: the Android targets sample the outline every millisecond,
/// and a hostile file may ask for hours; the decoders' and the scheduler's limits are what
/// the longer ones exercise.
let convertedSeconds = 10.0

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for format in PatternFormats.readable where format != PatternFormats.fallback {
        for mode in AHAPDecoder.Mode.allCases {
            let decoded = format.decode(bytes, options: .init(mode: mode))
            checkDiagnostics(decoded.result)
            if let pattern = decoded.result.pattern { exercise(pattern, options: PlayerOptions()) }
        }
    }
    let source = ConversionSource(bytes: bytes)
    guard source.accepted, let longest = source.playback.map(\.duration).max(),
        longest <= convertedSeconds
    else { return 0 }
    for target in PatternFormats.writable {
        let output = FormatConverter().convert(source, to: target, name: "fuzz")
        guard target.reader != nil else { continue }
        let errors = FormatConverter.readBackErrors(
            output.bytes, target: target, options: .init())
        for e in errors where e.message.isEmpty { fatalError("read-back error without a message") }
        if errors.isEmpty {
            let back = target.decode(output.bytes, options: .init(mode: .strict))
            guard let again = back.result.pattern else {
                fatalError("\(target) read back without errors and without a pattern")
            }
            exercise(again, options: PlayerOptions())
        }
    }
    return 0
}
