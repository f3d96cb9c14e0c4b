import ArgumentParser
import HapticPattern
import HapticRender

/// `--param ID=VALUE@SECONDS`: one runtime dynamic parameter (`sendParameters(_:atTime:)`),
/// e.g. `HapticIntensityControl=0.3@0.5`. `@SECONDS` may be omitted (time 0). Times are
/// player time: wall-clock seconds from the start of playback, after `--start`, not scaled
/// by `--rate`.
struct RuntimeParameterArgument: ExpressibleByArgument {
    var parameter: RuntimeParameter

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let name = String(argument[..<equals])
        let rest = argument[argument.index(after: equals)...]
        let parts = rest.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let id = DynamicParameterID.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }),
              let value = Double(parts[0]), value.isFinite else { return nil }
        var time = 0.0
        if parts.count == 2 {
            guard let t = Double(parts[1]), t.isFinite, t >= 0 else { return nil }
            time = t
        }
        parameter = RuntimeParameter(id: id, value: value, time: time)
    }

    static var defaultCompletionKind: CompletionKind {
        .list(DynamicParameterID.allCases.map { $0.rawValue + "=" })
    }
}
