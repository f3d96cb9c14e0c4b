/// The decoder's check for transients that their own pattern's intensity control plays
/// below half (``DiagnosticCode/patternTransientScaled``).
enum ScaledTransientCheck {
    /// Below this control value a transient plays at less than half of its intensity.
    static let minimumScale = 0.5
}

extension DecodingContext {
    /// A note for every transient that the intensity control plays below half of what it asks
    /// for: a common authoring trap (a continuous bed's curve and the hits in one pattern).
    /// Transients at indices in `silent` (of `events`) are left to their warning
    /// (``warnSilentEvents(_:in:intensity:)``). O(transients · log breakpoints), nothing
    /// when no intensity control is written.
    mutating func noteScaledTransients(
        _ events: [DecodedEvent], intensity lane: ControlLane, silent: Set<Int>
    ) {
        guard !lane.isEmpty else { return }
        for (k, decoded) in events.enumerated()
        where decoded.event.type == .hapticTransient && !silent.contains(k) {
            let time = decoded.event.time
            let intensity = decoded.event.parameters.value(.hapticIntensity)
            let scale = lane.value(at: time)
            guard intensity > 0, scale < ScaledTransientCheck.minimumScale else { continue }
            add(
                .note, .patternTransientScaled, path: "Pattern[\(decoded.index)].Event",
                at: decoded.position,
                "This transient asks for intensity \(formatNumber(intensity)) but plays at \(formatNumber(thousandths(intensity * scale))): "
                    + "the HapticIntensityControl at \(formatNumber(time)) s is \(formatNumber(thousandths(scale))), and intensity controls multiply "
                    + "every event, transients included. Give the transients their own pattern, or divide the control out of their intensity."
            )
        }
    }
}

/// `x` rounded to 0.001 for a message.
private func thousandths(_ x: Double) -> Double { (x * 1_000).rounded() / 1_000 }
