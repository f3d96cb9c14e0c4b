/// Short names for the dynamic parameters, used by ``Control`` and ``Curve``:
/// `Control(.hapticIntensity, 0.5)` means `Control(.hapticIntensityControl, 0.5)`.
extension DynamicParameterID {
    /// `HapticIntensityControl` (multiplies the event's intensity).
    public static var hapticIntensity: Self { .hapticIntensityControl }
    /// `HapticSharpnessControl` (adds to the event's sharpness).
    public static var hapticSharpness: Self { .hapticSharpnessControl }
    /// `HapticAttackTimeControl`.
    public static var hapticAttackTime: Self { .hapticAttackTimeControl }
    /// `HapticDecayTimeControl`.
    public static var hapticDecayTime: Self { .hapticDecayTimeControl }
    /// `HapticReleaseTimeControl`.
    public static var hapticReleaseTime: Self { .hapticReleaseTimeControl }
    /// `AudioVolumeControl` (multiplies the event's volume).
    public static var audioVolume: Self { .audioVolumeControl }
    /// `AudioPanControl`.
    public static var audioPan: Self { .audioPanControl }
    /// `AudioPitchControl`.
    public static var audioPitch: Self { .audioPitchControl }
    /// `AudioBrightnessControl`.
    public static var audioBrightness: Self { .audioBrightnessControl }
    /// `AudioAttackTimeControl`.
    public static var audioAttackTime: Self { .audioAttackTimeControl }
    /// `AudioDecayTimeControl`.
    public static var audioDecayTime: Self { .audioDecayTimeControl }
    /// `AudioReleaseTimeControl`.
    public static var audioReleaseTime: Self { .audioReleaseTimeControl }
}
