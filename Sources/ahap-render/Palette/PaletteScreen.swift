import FoundationEssentials

/// The palette on screen: the pad with the point, both values, whether the continuous player
/// sounds, and the actuator's output level.
struct PaletteScreen {
    /// The pad's inside, in cells.
    static let width = 41
    static let height = 11
    /// 1-based terminal row and column of the pad's top-left inside cell.
    static let top = 3
    static let left = 2

    /// The point (x = sharpness, y = intensity) a click at `column`, `row` means, if on the pad.
    static func point(column: Int, row: Int) -> (sharpness: Float, intensity: Float)? {
        let x = column - left
        let y = row - top
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        return (Float(x) / Float(width - 1), 1 - Float(y) / Float(height - 1))
    }

    /// The whole screen, drawn from the home position.
    static func frame(sharpness: Float, intensity: Float, playing: Bool, level: Float) -> String {
        let px = Int((sharpness * Float(width - 1)).rounded())
        let py = Int(((1 - intensity) * Float(height - 1)).rounded())
        var lines = [
            "HapticPalette: x = sharpness, y = intensity",
            "┌" + String(repeating: "─", count: width) + "┐",
        ]
        for y in 0..<height {
            var row = Array(repeating: Character(" "), count: width)
            if y == py { row[px] = playing ? "●" : "○" }
            lines.append("│" + String(row) + "│")
        }
        lines.append("└" + String(repeating: "─", count: width) + "┘")
        lines.append(
            "sharpness \(fixed(sharpness))   intensity \(fixed(intensity))   continuous \(playing ? "on " : "off")"
        )
        let filled = Int((min(max(level, 0), 1) * 30).rounded())
        lines.append(
            "output    " + String(repeating: "█", count: filled)
                + String(repeating: "░", count: 30 - filled)
                + " \(fixed(level))")
        lines.append("arrows or mouse: move · space: tap · c: continuous on/off · q: quit")
        return "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
    }

    /// `value` with two decimals.
    static func fixed(_ value: Float) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
