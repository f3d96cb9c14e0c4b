import HapticPattern

/// One dynamic-parameter lane as the reference engine reads it: the scheduled
/// ``ParameterLane`` in Double, plus the runtime value a ``QueuedParameter`` set, which holds
/// from its sample until the parameter lane's next scheduled breakpoint after it.
struct ReferenceParameterLane {
    let lane: ParameterLane
    private var override: (value: Double, from: Int64, until: Int64)?

    init(_ lane: ParameterLane) { self.lane = lane }

    /// The value at sample `n`. O(log breakpoints).
    func value(at n: Int64) -> Double {
        if let o = override, n >= o.from, n < o.until { return o.value }
        return lane.value(at: n)
    }

    /// Holds `value` from sample `from` on, until the next scheduled breakpoint after it.
    mutating func override(value: Double, from: Int64) {
        let next = lane.sample.first { $0 > from } ?? .max
        override = (value, from, next)
    }

    mutating func clearOverride() { override = nil }
}
