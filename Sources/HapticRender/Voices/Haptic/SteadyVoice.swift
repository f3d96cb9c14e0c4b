/// One steady voice in the steady block loop
/// (``ContinuousHapticVoice/renderGroups(_:_:origin:free:glides:held:from:count:into:slewStep:)``):
/// its carrier and its slew limiter's last output, held in locals across a chunk so the loop
/// keeps them in registers, and the line of the drive period being rendered.
///
/// The carrier law (``carrierSample(volts:sine:output:slewStep:)``) with the line's volts and
/// the carrier's sine in Float (see ``RotatingCarrier``); the slew limit in Double, as in the
/// per-sample path.
struct SteadyVoice {
    var wave: RotatingCarrier
    var output: Double
    /// The period's first sample, and `Float(volts)` and `Float(slope)` of its line in each of
    /// the four SIMD lanes (see ``enter(_:)``).
    var from: Int64 = 0
    var start = SIMD4<Float>(repeating: 0)
    var slope = SIMD4<Float>(repeating: 0)

    init(wave: RotatingCarrier, output: Double) {
        self.wave = wave
        self.output = output
    }

    /// Whether the line is flat with a start of positive sign, so its volts `start + (±0)` are
    /// the bits of `start` at every offset (only −0 + +0 would not be). O(1).
    @inline(__always)
    var isHeld: Bool { slope[0] == 0 && start[0].sign == .plus }

    /// Renders `period` from here on. O(1).
    @inline(__always)
    mutating func enter(_ period: DriveRamp) {
        from = period.from
        start = SIMD4(repeating: Float(period.volts))
        slope = SIMD4(repeating: Float(period.slope))
    }
}

/// What the steady group loop asks of each of its two voice slots: a voice (``SteadyVoice``), or
/// no voice (``NoSteadyVoice``) when a voice renders alone. The loop is written once and the
/// compiler specializes it for both, so a lone voice pays nothing for the empty slot.
protocol SteadyVoiceSlot {
    associatedtype Targets
    /// The group's four targets at `offsets` (samples from the line's origin, exact in Float);
    /// `held`: the line is flat (``SteadyVoice/isHeld``), the offsets do not matter.
    func targets(_ offsets: SIMD4<Float>, held: Bool) -> Targets
    /// Whether the group's first target is within the slew limit of the last output.
    func startsWithinLimit(_ targets: Targets, slewStep: Double) -> Bool
    /// `sum + targets`, SIMD lane by lane.
    static func add(_ targets: Targets, to sum: SIMD4<Float>) -> SIMD4<Float>
    /// Moves the carrier to the next group; `glides` is the carrier's ``RotatingCarrier/chirping``.
    mutating func nextGroup(glides: Bool)
    /// The last group went out unchecked: the limiter's output is its last target.
    mutating func settle(_ last: Targets)
    /// Samples `n … n + count − 1`, all in one group, through the slew limiter one by one,
    /// added to `sum[0 ..< count]`; moves the carrier on if they end the group.
    mutating func renderLimited(
        from n: Int64, count: Int, into sum: UnsafeMutablePointer<Float>, slewStep: Double)
}

extension SteadyVoice: SteadyVoiceSlot {
    @inline(__always)
    func targets(_ offsets: SIMD4<Float>, held: Bool) -> SIMD4<Float> {
        held ? start * wave.sines : (start + slope * offsets) * wave.sines
    }

    @inline(__always)
    func startsWithinLimit(_ targets: SIMD4<Float>, slewStep: Double) -> Bool {
        let first = Double(targets[0]) - output
        return first <= slewStep && first >= -slewStep
    }

    @inline(__always)
    static func add(_ targets: SIMD4<Float>, to sum: SIMD4<Float>) -> SIMD4<Float> { sum + targets }

    @inline(__always)
    mutating func nextGroup(glides: Bool) {
        wave.rotate()
        if glides { wave.glide() }
    }

    @inline(__always)
    mutating func settle(_ last: SIMD4<Float>) { output = Double(last[3]) }

    /// The volts are the line equation in Float, SIMD lane by lane as in ``targets(_:held:)``.
    /// O(count).
    @inline(__always)
    mutating func renderLimited(
        from n: Int64, count: Int, into sum: UnsafeMutablePointer<Float>, slewStep: Double
    ) {
        let lane = Int(n & 3)
        let offset = Float(n &- from)
        for q in 0..<count {
            let volts = start[0] + slope[0] * (offset + Float(q))
            sum[q] += carrierSample(
                volts: volts, sine: wave.sines[lane &+ q], output: &output, slewStep: slewStep)
        }
        if lane &+ count == 4 { wave.nextGroup() }
    }
}

/// The empty slot beside a voice rendered alone: adds nothing and never limits. O(1).
///
/// It holds one unused byte so that it has an address: ThreadSanitizer instruments the generic
/// loop's `inout` accesses with the slot's address, an empty type's address is unspecified,
/// and `__tsan::MemoryAccess` faults on it (the compiler leaves out the instrumentation only
/// for types it knows to be empty, not for a generic `B`). Specialized and inlined, the byte
/// is never touched.
struct NoSteadyVoice: SteadyVoiceSlot {
    private var addressable: UInt8 = 0
    @inline(__always) func targets(_ offsets: SIMD4<Float>, held: Bool) {}
    @inline(__always) func startsWithinLimit(_ targets: Void, slewStep: Double) -> Bool { true }
    @inline(__always) static func add(_ targets: Void, to sum: SIMD4<Float>) -> SIMD4<Float> { sum }
    @inline(__always) mutating func nextGroup(glides: Bool) {}
    @inline(__always) mutating func settle(_ last: Void) {}
    @inline(__always)
    mutating func renderLimited(
        from n: Int64, count: Int, into sum: UnsafeMutablePointer<Float>, slewStep: Double
    ) {}
}
