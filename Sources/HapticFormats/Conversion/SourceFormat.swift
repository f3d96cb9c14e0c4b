import HapticPattern

/// The formats a conversion reads, told apart by content.
public enum SourceFormat: String, Sendable, Hashable, CaseIterable {
    /// Apple Haptic and Audio Pattern.
    case ahap
    /// Meta Haptics SDK / Lofelt Studio clip.
    case haptic

    /// `.haptic` when the bytes are a JSON object with a `signals` key, or with an object-valued
    /// `version` and no `Pattern` key (any case); AHAP otherwise (the AHAP decoder then
    /// reports what is wrong). O(bytes).
    public static func detect(_ bytes: [UInt8], limits: PatternLimits = .default) -> SourceFormat {
        guard bytes.count <= limits.maxInputBytes,
            case .success(let document) = JSONParser(maximumValues: limits.maxJSONValues).parse(
                bytes),
            let members = document.root.objectMembers
        else { return .ahap }
        if members.contains(where: { $0.key.lowercased() == "pattern" }) { return .ahap }
        let versionIsObject = members.contains {
            $0.key == "version" && $0.value.objectMembers != nil
        }
        return members.contains(where: { $0.key == "signals" }) || versionIsObject ? .haptic : .ahap
    }
}
