/// Everything `ahap-render plot` draws, as plain values.
///
/// The plot layer deliberately knows nothing about the pattern model or the renderer: the
/// caller (the CLI) fills this from a parsed pattern, the scheduler's timeline and a render,
/// so the pictures can be built, tested and changed without touching those stages.
///
/// Times are seconds from the start of the pattern. Signals start at time 0 and have one
/// sample per `1 / sampleRate` seconds; they may be shorter or longer than `duration` (the
/// plot shows `0…duration` and crops the rest). Signal arrays may be tens of millions of
/// samples long — the plot reduces them to one min/max pair per pixel column.
public struct PlotData: Sendable {
    /// Shown in the title, usually the pattern's file name.
    public var title: String
    /// Seconds covered by the shared time axis (`0…duration`). Must be positive to plot.
    public var duration: Double
    /// The simulated actuator's name, shown in the title.
    public var actuatorName: String
    /// The acceleration that `acceleration == ±1` stands for, in g (labels the panel's axis).
    public var accelerationFullScaleG: Double
    /// `HapticTransient` and `HapticContinuous` events (kinds `.hapticTransient`, `.hapticContinuous`).
    public var hapticEvents: [PlotEvent]
    /// `AudioContinuous` and `AudioCustom` events (kinds `.audioContinuous`, `.audioCustom`).
    public var audioEvents: [PlotEvent]
    /// Effective haptic intensity (0…1) after dynamic parameters and parameter curves, as a
    /// piecewise-linear function: points in time order, held constant before the first and
    /// after the last point. Empty hides the curve.
    public var effectiveIntensity: [PlotPoint]
    /// Effective haptic sharpness (0…1), same conventions as `effectiveIntensity`.
    public var effectiveSharpness: [PlotPoint]
    /// Samples per second of `drive`, `acceleration`, `audioLeft` and `audioRight`.
    public var sampleRate: Double
    /// The rate the signals were rendered at, shown in the title when the signals were
    /// reduced before plotting (nil: `sampleRate`).
    public var renderSampleRate: Double?
    /// The actuator drive signal, normalized to −1…1.
    public var drive: [Float]
    /// The simulated actuator acceleration divided by `accelerationFullScaleG` (so −1…1).
    public var acceleration: [Float]
    /// The rendered audio, left channel (or mono), −1…1.
    public var audioLeft: [Float]
    /// The rendered audio, right channel; empty for a mono render (then one waveform is drawn).
    public var audioRight: [Float]

    /// Creates plot data; every collection defaults to empty so callers fill what they have.
    public init(
        title: String,
        duration: Double,
        actuatorName: String,
        accelerationFullScaleG: Double,
        hapticEvents: [PlotEvent] = [],
        audioEvents: [PlotEvent] = [],
        effectiveIntensity: [PlotPoint] = [],
        effectiveSharpness: [PlotPoint] = [],
        sampleRate: Double,
        drive: [Float] = [],
        acceleration: [Float] = [],
        audioLeft: [Float] = [],
        audioRight: [Float] = []
    ) {
        self.title = title
        self.duration = duration
        self.actuatorName = actuatorName
        self.accelerationFullScaleG = accelerationFullScaleG
        self.hapticEvents = hapticEvents
        self.audioEvents = audioEvents
        self.effectiveIntensity = effectiveIntensity
        self.effectiveSharpness = effectiveSharpness
        self.sampleRate = sampleRate
        self.drive = drive
        self.acceleration = acceleration
        self.audioLeft = audioLeft
        self.audioRight = audioRight
    }
}

/// One point of a piecewise-linear curve: a time in seconds and a value.
public struct PlotPoint: Sendable, Hashable {
    /// Seconds (absolute for panels, relative to the event's start for envelopes).
    public var time: Double
    /// The curve's value at `time`.
    public var value: Double

    public init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }
}

/// One pattern event as the plot draws it.
public struct PlotEvent: Sendable, Hashable {
    /// What the event is, with the parameters that decide how it is drawn.
    public enum Kind: Sendable, Hashable {
        /// A `HapticTransient`: a stem of height `intensity`, coloured by `sharpness` (both 0…1).
        case hapticTransient(intensity: Double, sharpness: Double)
        /// A `HapticContinuous`: a filled shape coloured by `sharpness`. `envelope` is the
        /// drawn amplitude (0…1, intensity already applied) at times relative to the event's
        /// start, e.g. the attack/decay/release corners; empty draws a flat box of height
        /// `intensity`.
        case hapticContinuous(intensity: Double, sharpness: Double, envelope: [PlotPoint])
        /// An `AudioContinuous` tone at `volume` (0…1).
        case audioContinuous(volume: Double)
        /// An `AudioCustom` event, labelled with `fileName`, at `volume` (0…1).
        case audioCustom(fileName: String, volume: Double)
    }

    /// Start, in seconds from the pattern's start.
    public var time: Double
    /// Length in seconds (0 for transients).
    public var duration: Double
    public var kind: Kind

    public init(time: Double, duration: Double = 0, kind: Kind) {
        self.time = time
        self.duration = duration
        self.kind = kind
    }
}

extension PlotData {
    /// Whether panel `kind` has anything to draw: events for the event and parameter panels, a
    /// non-zero sample for the signal panels. O(samples) for a silent signal, O(1) usually.
    func hasContent(_ kind: TimelinePlot.Panel.Kind) -> Bool {
        switch kind {
        case .hapticEvents, .intensity, .sharpness: !hapticEvents.isEmpty
        case .audioEvents: !audioEvents.isEmpty
        case .drive: drive.contains { $0 != 0 }
        case .acceleration: acceleration.contains { $0 != 0 }
        case .audio: audioLeft.contains { $0 != 0 } || audioRight.contains { $0 != 0 }
        }
    }
}
