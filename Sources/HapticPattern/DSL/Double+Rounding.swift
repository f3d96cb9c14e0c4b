extension Double {
    /// The nearest integer (halves away from zero), or `nil` when out of `Int64` range or
    /// not finite. Implemented with an integer conversion rather than `rounded()`, which
    /// lowers to libm's `round` and this target does not link libm on Linux.
    var nearestInteger: Int64? {
        guard magnitude < 9.0e18 else { return nil }
        return Int64(self + (self < 0 ? -0.5 : 0.5))
    }
}
