/// Which engine renders: the fast one (``PatternRenderer``: real-time safe, thousands × real
/// time) or the reference (``ReferenceRenderer``: per sample in Double, the definition the fast
/// one is tested against). Both produce the same signals within the published tolerances.
public enum RenderEngine: String, CaseIterable, Sendable {
    case fast
    case reference
}
