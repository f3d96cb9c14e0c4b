import HapticPattern
import HapticRender

extension PatternOutline {
    /// The rate at which a pattern is scheduled to read its outline: the render rate, so an
    /// outline's times fall on the samples a render plays them at.
    public static let analysisRate = 48_000.0

    /// Largest intensity error of the outline's straight lines against the pattern's
    /// effective intensity (a product of a curve and an envelope is not straight).
    public static let intensityTolerance = 0.002

    /// The outline of an AHAP pattern as the renderer plays it: the pattern is scheduled
    /// (curves, parameters, envelopes, the 30 s cap: ``Scheduler``'s rules), then every
    /// continuous haptic voice's effective intensity (event × control × envelope) is traced
    /// and the voices merged (amplitudes, the intensities squared, add; the loudest voice's
    /// sharpness wins), and each transient keeps the intensity the controls give it at its
    /// start. Audio events are dropped (noted). O(breakpoints · voices sounding + transients).
    public init(pattern: HapticPattern) {
        let rate = Self.analysisRate
        let timeline = Scheduler(sampleRate: rate).schedule(pattern).timeline
        let sampler = OutlineSampler(timeline: timeline)
        var notes: [ConversionNote] = []
        let audio = pattern.events.filter { !$0.type.isHaptic }.count
        if audio > 0 {
            notes.append(
                ConversionNote(
                    .audioDropped, count: audio,
                    at: pattern.events.first { !$0.type.isHaptic }?.time,
                    "Audio events play on the speakers; the targets are haptic only."))
        }
        if sampler.overlapStart != nil {
            notes.append(
                ConversionNote(
                    .continuousMerged, at: sampler.overlapStart.map { Double($0) / rate },
                    "Continuous events that sound together are merged into one signal (their amplitudes add)."
                ))
        }
        let intensity = sampler.intensityPoints()
        self.init(
            intensity: intensity.map {
                OutlinePoint(time: Double($0.sample) / rate, value: $0.value)
            },
            sharpness: sampler.sharpnessPoints().map {
                OutlinePoint(time: Double($0.sample) / rate, value: $0.value)
            },
            transients: sampler.transients().map {
                OutlineTransient(
                    time: Double($0.sample) / rate, intensity: $0.intensity, sharpness: $0.sharpness
                )
            },
            duration: Double(max(timeline.patternDurationSamples, intensity.last?.sample ?? 0))
                / rate,
            notes: notes)
    }
}
