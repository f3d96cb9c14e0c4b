/// The version written into rendered and generated files, returned by the C API's
/// `hr_version()` and printed by `ahap-render --version`.
public enum HapticRenderKitVersion {
    public static let current = "0.2.0"
}
