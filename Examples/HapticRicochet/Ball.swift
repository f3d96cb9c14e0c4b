import Foundation

/// A ball in a square box whose tilt swings slowly from side to side: it rolls, speeds up,
/// hits the walls and bounces. Deterministic: the same steps give the same motion.
struct Ball {
    /// The box's side, metres; the ball's radius.
    static let box = 0.3
    static let radius = 0.02
    /// The fastest roll and the hardest hit the haptics scale to, m/s.
    static let topSpeed = 1.2
    static let hardestHit = 1.5

    var x = 0.15, y = 0.05
    var vx = 0.0, vy = 0.0

    /// Speed, m/s.
    var speed: Double { (vx * vx + vy * vy).squareRoot() }

    /// Moves the ball `dt` seconds at time `t` and returns the impact speeds (m/s, normal to
    /// the wall) of the walls it hit.
    mutating func step(at t: Double, dt: Double) -> [Double] {
        // The tilt: ±0.5 rad around "down", a swing every 3.2 s, plus a slow wobble.
        let tilt = 0.5 * sin(2 * .pi * t / 3.2) + 0.15 * sin(2 * .pi * t / 1.1)
        let g = 9.81 * 0.35
        vx += g * sin(tilt) * dt
        vy -= g * cos(tilt) * dt
        let damping = 1 - 0.4 * dt  // rolling friction
        vx *= damping
        vy *= damping
        x += vx * dt
        y += vy * dt
        var impacts: [Double] = []
        let low = Self.radius
        let high = Self.box - Self.radius
        if x < low {
            impacts.append(abs(vx))
            x = low
            vx = -0.6 * vx
        }
        if x > high {
            impacts.append(abs(vx))
            x = high
            vx = -0.6 * vx
        }
        if y < low {
            // Resting on the floor is rolling, not a hit.
            if abs(vy) > 0.15 { impacts.append(abs(vy)) }
            y = low
            vy = abs(vy) > 0.15 ? -0.6 * vy : 0
        }
        if y > high {
            impacts.append(abs(vy))
            y = high
            vy = -0.6 * vy
        }
        return impacts
    }
}
