import FoundationEssentials
import HapticPattern
import HapticRenderKit

/// The facts `inspect` reports about a pattern. Custom-audio lengths are unknown here
/// (the audio is not read), so AudioCustom events count from their start only in
/// `duration`.
struct PatternSummary {
    var version: Double
    var duration: Double
    var eventCounts: [String: Int]
    var parameterCounts: [String: Int]
    var curves: [String: (count: Int, points: Int)]
    var resources: [(path: String, resolution: ResourceResolution)]
    var intensity: ClosedRange<Double>?
    var sharpness: ClosedRange<Double>?

    init(pattern: HapticPattern, resources: [String: ResourceResolution]) {
        version = pattern.version
        duration = pattern.duration
        eventCounts = Dictionary(grouping: pattern.events, by: \.type.rawValue).mapValues(\.count)
        parameterCounts = Dictionary(grouping: pattern.parameters, by: \.id.rawValue).mapValues(
            \.count)
        curves = Dictionary(grouping: pattern.curves, by: \.id.rawValue)
            .mapValues { (count: $0.count, points: $0.reduce(0) { $0 + $1.points.count }) }
        self.resources = resources.keys.sorted().compactMap { key in
            resources[key].map { (key, $0) }
        }
        func range(_ values: [Double]) -> ClosedRange<Double>? {
            guard let lo = values.min(), let hi = values.max() else { return nil }
            return lo...hi
        }
        intensity = range(pattern.events.compactMap(\.parameters.hapticIntensity))
        sharpness = range(pattern.events.compactMap(\.parameters.hapticSharpness))
    }

    var jsonObject: [String: Any] {
        func range(_ r: ClosedRange<Double>?) -> Any {
            r.map { ["min": $0.lowerBound, "max": $0.upperBound] as [String: Any] } ?? JSONNull()
        }
        return [
            "version": version,
            "duration": duration,
            "events": eventCounts,
            "eventCount": eventCounts.values.reduce(0, +),
            "parameters": parameterCounts,
            "curves": curves.mapValues { ["count": $0.count, "points": $0.points] },
            "resources": resources.map { item -> [String: Any] in
                var o: [String: Any] = ["path": item.path, "resolved": item.resolution.path != nil]
                switch item.resolution {
                case .resolved(let p): o["resolvedPath"] = p
                case .notFound(let tried): o["tried"] = tried
                case .refused(let reason): o["refused"] = reason
                }
                return o
            },
            "intensity": range(intensity),
            "sharpness": range(sharpness),
        ]
    }

    func text(file: String) -> String {
        func f(_ d: Double) -> String { AHAPNumberFormatter.string((d * 1000).rounded() / 1000) }
        var lines = ["\(file)", "  version:    \(f(version))", "  duration:   \(f(duration)) s"]
        let events = eventCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        lines.append(
            "  events:     \(eventCounts.values.reduce(0, +))"
                + (events.isEmpty ? "" : " (\(events.joined(separator: ", ")))"))
        for (id, n) in parameterCounts.sorted(by: { $0.key < $1.key }) {
            lines.append("  parameter:  \(id) ×\(n)")
        }
        for (id, c) in curves.sorted(by: { $0.key < $1.key }) {
            lines.append("  curve:      \(id) ×\(c.count), \(c.points) points")
        }
        if let intensity {
            lines.append("  intensity:  \(f(intensity.lowerBound))…\(f(intensity.upperBound))")
        }
        if let sharpness {
            lines.append("  sharpness:  \(f(sharpness.lowerBound))…\(f(sharpness.upperBound))")
        }
        for (path, resolution) in resources {
            switch resolution {
            case .resolved(let p): lines.append("  audio:      \(path) → \(p)")
            case .notFound: lines.append("  audio:      \(path) → NOT FOUND")
            case .refused(let reason): lines.append("  audio:      \(path) → REFUSED (\(reason))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
