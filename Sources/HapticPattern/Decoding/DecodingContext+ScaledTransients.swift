/// The decoder's check for transients that their own pattern's intensity control plays
/// below half (``DiagnosticCode/patternTransientScaled``).
enum ScaledTransientCheck {
    /// Below this control value a transient plays at less than half of its intensity.
    static let minimumScale = 0.5

    /// A transient as decoded, with where it was written.
    struct Transient {
        var index: Int
        var position: JSONPosition?
        var time: Double
        var intensity: Double
    }
}

extension DecodingContext {
    /// A note for every transient that the intensity control plays below half of what it asks
    /// for: a common authoring trap (a continuous bed's curve and the hits in one pattern).
    /// O(transients · log breakpoints), nothing when no intensity control is written.
    mutating func noteScaledTransients(
        _ transients: [ScaledTransientCheck.Transient], in pattern: HapticPattern
    ) {
        guard !transients.isEmpty else { return }
        let lane = ControlLane(.hapticIntensityControl, in: pattern)
        guard !lane.isEmpty else { return }
        for t in transients where t.intensity > 0 {
            let scale = lane.value(at: t.time)
            guard scale < ScaledTransientCheck.minimumScale else { continue }
            add(
                .note, .patternTransientScaled, path: "Pattern[\(t.index)].Event", at: t.position,
                "This transient asks for intensity \(formatNumber(t.intensity)) but plays at \(formatNumber(thousandths(t.intensity * scale))): "
                    + "the HapticIntensityControl at \(formatNumber(t.time)) s is \(formatNumber(thousandths(scale))), and intensity controls multiply "
                    + "every event, transients included. Give the transients their own pattern, or divide the control out of their intensity."
            )
        }
    }
}

/// `x` rounded to 0.001 for a message.
private func thousandths(_ x: Double) -> Double { (x * 1_000).rounded() / 1_000 }
