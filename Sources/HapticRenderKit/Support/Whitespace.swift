extension StringProtocol {
    /// The text without leading and trailing tabs and space separators (Unicode category Zs),
    /// what `trimmingCharacters(in: .whitespaces)` gives, without Foundation. O(length).
    public func trimmingWhitespace() -> String {
        func isWhitespace(_ s: Unicode.Scalar) -> Bool {
            s == "\t" || s.properties.generalCategory == .spaceSeparator
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isWhitespace($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
