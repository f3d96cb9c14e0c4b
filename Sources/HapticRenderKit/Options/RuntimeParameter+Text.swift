import HapticPattern
import HapticRender

extension DynamicParameterID {
    /// The ID whose AHAP name is `name`, ignoring case (`HapticIntensityControl`,
    /// `hapticintensitycontrol`), or nil: how `--param` and the C API read an ID. O(IDs).
    public init?(name: String) {
        let wanted = name.lowercased()
        guard let id = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else {
            return nil
        }
        self = id
    }
}

extension RuntimeParameter {
    /// Parses `ID=VALUE@SECONDS` (`HapticIntensityControl=0.3@0.5`), the form of
    /// `ahap-render render --param`. `@SECONDS` may be omitted
    /// (time 0). The ID is matched ignoring case; the value must be finite, the time finite
    /// and not negative. Returns nil for anything else. O(text).
    public init?(text: String) {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let rest = text[text.index(after: equals)...]
        let parts = rest.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let id = DynamicParameterID(name: String(text[..<equals])),
            let value = Double(parts[0]), value.isFinite
        else { return nil }
        var time = 0.0
        if parts.count == 2 {
            guard let t = Double(parts[1]), t.isFinite, t >= 0 else { return nil }
            time = t
        }
        self.init(id: id, value: value, time: time)
    }
}
