import HapticPattern

extension DynamicParameterID {
    /// The effective event parameter under this control (Apple, `CHHapticDynamicParameter`):
    /// intensity and volume multiply, every other control adds; the result is clamped to the
    /// event parameter's range (e.g. sharpness 0…1, pan −1…1). Used by the scheduler for the
    /// envelope-time controls and by the synthesizer for the per-sample controls. O(1).
    ///
    /// Note for the synthesizer: `HapticSharpnessControl` modulates continuous haptics only
    /// (Apple's article); intensity control and curves also scale transients.
    @inlinable package func combine(event: Double, control: Double) -> Double {
        let r = target.range
        let v = combination == .multiply ? event * control : event + control
        return min(max(v, r.lowerBound), r.upperBound)
    }
}
