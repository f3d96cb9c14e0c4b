// A plain driver for profiling the AHAP decoder without the benchmark harness:
//
//     swift build -c release --product decode-profile
//     valgrind --tool=callgrind .build/release/decode-profile mixed12Minutes 1
//     .build/release/decode-profile mixed12Minutes 200          # wall clock per decode
//     .build/release/decode-profile --write big.ahap mixed12Minutes   # the input, for ahap-render
//
// Arguments: recipe (mixed12Minutes = the 2.19 MB `Decode.Large5000Events` input, tiny =
// `Decode.Small8Events`, small100) and the number of decodes (default 100). `--strict`
// decodes in strict mode. Prints the fastest and the median decode, which on a busy
// machine say more than the mean.
import BenchmarkInputs
import HapticPattern

#if canImport(Glibc)
    import Glibc
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
var writePath: String?
if let w = arguments.firstIndex(of: "--write"), w + 1 < arguments.count {
    writePath = arguments[w + 1]
    arguments.removeSubrange(w...(w + 1))
}
let strict = arguments.contains("--strict")
arguments.removeAll { $0.hasPrefix("--") }

let recipes: [String: (PatternRecipe, Int)] = [
    "mixed12Minutes": (.mixed12Minutes, 0), "tiny": (.tiny, 2), "small100": (.small100, 2),
]
let name = arguments.first ?? "mixed12Minutes"
guard let (recipe, indent) = recipes[name] else {
    fatalError("unknown recipe \(name); one of \(recipes.keys.sorted())")
}
let bytes = GeneratedAHAP.bytes(recipe, indent: indent)
if let writePath {
    guard let file = fopen(writePath, "wb"), fwrite(bytes, 1, bytes.count, file) == bytes.count
    else {
        fatalError("cannot write \(writePath)")
    }
    fclose(file)
    print("wrote \(bytes.count) bytes to \(writePath)")
    exit(0)
}
let runs = arguments.count > 1 ? Int(arguments[1])! : 100
let decoder = AHAPDecoder(options: .init(mode: strict ? .strict : .lenient))
let clock = ContinuousClock()
var times: [Double] = []
var sink = 0
for _ in 0..<runs {
    let start = clock.now
    let result = decoder.decode(bytes)
    let elapsed = clock.now - start
    sink &+= result.diagnostics.count &+ (result.pattern?.events.count ?? -1)
    times.append(
        Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
}
times.sort()
print(
    "\(name): \(bytes.count) bytes, \(runs) decodes: fastest \(times[0]) ms, median \(times[times.count / 2]) ms (sink \(sink))"
)
