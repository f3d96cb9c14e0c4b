/// What the actuator model produces for one sample.
public struct LRASample: Sendable, Hashable {
    /// Body acceleration in g (docs/physics.md, Model equations; signs as in Discrete-time
    /// model).
    public var acceleration: Double
    /// Moving-mass displacement relative to the housing, m.
    public var excursion: Double
    /// Moving-mass velocity, m/s (what back-EMF braking feeds back).
    public var velocity: Double
    /// Drive voltage actually applied after the rail clamp, V (0 while Hi-Z).
    public var volts: Double

    @inlinable
    public init(acceleration: Double, excursion: Double, velocity: Double, volts: Double) {
        self.acceleration = acceleration
        self.excursion = excursion
        self.velocity = velocity
        self.volts = volts
    }
}
