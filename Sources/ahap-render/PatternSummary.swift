import FoundationEssentials
import HapticPattern
import HapticRenderKit

/// The facts `inspect` (and the audition page) report about a pattern, in one vocabulary:
/// the **pattern duration** is Core Haptics' `CHHapticPattern.duration` (AudioCustom events
/// last as long as their audio, when its length is known); the **render length** is what a
/// render with `renderSettings` (`48 kHz, iphone actuator`) writes: envelope tails and the
/// ring-down added. Nil when the pattern cannot be scheduled.
struct PatternSummary {
    var version: Double
    var duration: Double
    var renderLength: Double?
    var renderSettings: String
    var eventCounts: [String: Int]
    var parameterCounts: [String: Int]
    var curves: [String: (count: Int, points: Int)]
    var resources: [(path: String, resolution: ResourceResolution)]
    var intensity: ClosedRange<Double>?
    var sharpness: ClosedRange<Double>?

    init(
        pattern: HapticPattern, resources: [String: ResourceResolution],
        customAudioLengths: [String: Double], renderLength: Double?,
        renderSettings: String = "48 kHz, iphone actuator"
    ) {
        version = pattern.version
        duration = pattern.duration(customAudioDurations: customAudioLengths)
        self.renderLength = renderLength
        self.renderSettings = renderSettings
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
            "patternDuration": duration,
            "renderLength": renderLength.map { $0 as Any } ?? JSONNull(),
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
        func f(_ d: Double) -> String { JSONNumberFormatter.string((d * 1000).rounded() / 1000) }
        func row(_ label: String, _ value: String) -> String {
            "  " + (label + ":").padding(to: 18) + value
        }
        var lines = [
            "\(file)", row("version", f(version) + (version == version.rounded() ? ".0" : "")),
            row("pattern duration", "\(f(duration)) s"),
        ]
        if let renderLength {
            lines.append(row("render length", "\(f(renderLength)) s (\(renderSettings))"))
        }
        let events = eventCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        lines.append(
            row("events", "\(eventCounts.values.reduce(0, +))")
                + (events.isEmpty ? "" : " (\(events.joined(separator: ", ")))"))
        for (id, n) in parameterCounts.sorted(by: { $0.key < $1.key }) {
            lines.append(row("parameter", "\(id) ×\(n)"))
        }
        for (id, c) in curves.sorted(by: { $0.key < $1.key }) {
            lines.append(row("curve", "\(id) ×\(c.count), \(plural(c.points, "point"))"))
        }
        if let intensity {
            lines.append(row("intensity", "\(f(intensity.lowerBound))…\(f(intensity.upperBound))"))
        }
        if let sharpness {
            lines.append(row("sharpness", "\(f(sharpness.lowerBound))…\(f(sharpness.upperBound))"))
        }
        for (path, resolution) in resources {
            switch resolution {
            case .resolved(let p): lines.append(row("audio", "\(path) → \(p)"))
            case .notFound: lines.append(row("audio", "\(path) → NOT FOUND"))
            case .refused(let reason): lines.append(row("audio", "\(path) → REFUSED (\(reason))"))
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The string followed by spaces up to `width` characters (never cut).
    fileprivate func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
