#!/bin/sh
# Release-mode timing of AHAPDecoder on a generated ~2 MB, 5,000-event AHAP file.
# Compiles HapticPattern's sources together with a tiny driver using `swiftc -O -wmo`
# (cheaper than a full `swift build -c release` of the package on a shared machine).
set -e
cd "$(dirname "$0")/.."
out=$(mktemp -d)
cat > "$out/main.swift" <<'SWIFT'
import Foundation
var text = "{\n    \"Version\": 1.0,\n    \"Metadata\": {\"Project\": \"bench\"},\n    \"Pattern\": [\n"
var items: [String] = []
for i in 0..<5000 {
    let t = Double(i) * 0.0123456
    // Transients get no envelope parameters (Core Haptics ignores them there, and the
    // decoder would add a note per entry).
    let type = i % 3 == 0 ? "HapticTransient" : "HapticContinuous"
    let envelope = type == "HapticTransient" ? "" : """
    ,
                  {"ParameterID": "AttackTime", "ParameterValue": 0.1},
                  {"ParameterID": "ReleaseTime", "ParameterValue": 0.3}
    """
    items.append("""
        {
          "Event": {
            "Time": \(t),
            "EventType": "\(type)",
            "EventDuration": 0.25,
            "EventParameters": [
              {"ParameterID": "HapticIntensity", "ParameterValue": \(Double(i % 97) / 97)},
              {"ParameterID": "HapticSharpness", "ParameterValue": \(Double(i % 13) / 13)}\(envelope)
            ]
          }
        }
    """)
}
text += items.joined(separator: ",\n") + "\n    ]\n}\n"
let bytes = Array(text.utf8)
let decoder = AHAPDecoder()
var best = Double.infinity
var events = 0
var diagnostics = 0
for _ in 0..<20 {
    let start = DispatchTime.now().uptimeNanoseconds
    let r = decoder.decode(bytes)
    let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    best = min(best, ms)
    events = r.pattern?.events.count ?? -1
    diagnostics = r.diagnostics.count
}
let encodeStart = DispatchTime.now().uptimeNanoseconds
let encoded = AHAPEncoder().encode(decoder.decode(bytes).pattern!)
let encodeMs = Double(DispatchTime.now().uptimeNanoseconds - encodeStart) / 1e6
var parseBest = Double.infinity
for _ in 0..<20 {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = JSONParser().parse(bytes)
    parseBest = min(parseBest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}
print("JSON parse only best of 20: \(String(format: "%.2f", parseBest)) ms")
print("bytes=\(bytes.count) events=\(events) diagnostics=\(diagnostics) decode best of 20: \(String(format: "%.2f", best)) ms; encode: \(String(format: "%.2f", encodeMs)) ms (\(encoded.count) bytes)")
SWIFT
swiftc -O -wmo -module-name Bench -package-name HapticRender $(find Sources/HapticPattern -name '*.swift') "$out/main.swift" -o "$out/bench"
"$out/bench"
rm -rf "$out"
