extension Double {
    /// √self by Newton iteration from a bit-level guess — `squareRoot()` is rejected by
    /// `@_noLocks` in debug builds here. Relative error < 1e-15 for positive normal inputs;
    /// returns 0 for self ≤ 0. Used at voice start only, not per sample.
    @inlinable @_noLocks
    public func squareRootNoLocks() -> Double {
        if !(self > 0) { return 0 }
        // Halving the exponent gives a guess within a factor √2.
        var y = Double(bitPattern: (self.bitPattern >> 1) &+ (1023 << 51))
        for _ in 0..<6 { y = 0.5 * (y + self / y) }
        return y
    }
}
