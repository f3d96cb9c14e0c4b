import ArgumentParser
import HapticPattern
import HapticRender
import HapticRenderKit

/// `--param ID=VALUE@SECONDS`: one runtime dynamic parameter (`sendParameters(_:atTime:)`),
/// e.g. `HapticIntensityControl=0.3@0.1`. `@SECONDS` may be omitted (time 0). Times are
/// player time: wall-clock seconds from the start of playback, after `--start`, not scaled
/// by `--rate`. Parsed by ``RuntimeParameter/init(text:)`` (HapticRenderKit).
struct RuntimeParameterArgument: ExpressibleByArgument {
    var parameter: RuntimeParameter

    init?(argument: String) {
        guard let parameter = RuntimeParameter(text: argument) else { return nil }
        self.parameter = parameter
    }

    static var defaultCompletionKind: CompletionKind {
        .list(DynamicParameterID.allCases.map { $0.rawValue + "=" })
    }
}
