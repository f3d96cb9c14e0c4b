/// Failures of the analysis stage.
public enum AnalysisError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A library refused the input's format (rate, channels).
    case unsupported(String)

    public var description: String {
        switch self {
        case .unsupported(let message): message
        }
    }
}
