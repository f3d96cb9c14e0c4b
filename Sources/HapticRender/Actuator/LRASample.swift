/// What the actuator model produces for one sample.
package struct LRASample: Sendable, Hashable {
    /// Body acceleration in g (docs/physics.md, Model equations; signs as in Discrete-time
    /// model).
    package var acceleration: Double
    /// Moving-mass displacement relative to the housing, m.
    package var excursion: Double
    /// Moving-mass velocity, m/s (what back-EMF braking feeds back).
    package var velocity: Double
    /// Drive voltage actually applied after the rail clamp, V (0 while Hi-Z).
    package var volts: Double

    package init(acceleration: Double, excursion: Double, velocity: Double, volts: Double) {
        self.acceleration = acceleration
        self.excursion = excursion
        self.velocity = velocity
        self.volts = volts
    }
}
