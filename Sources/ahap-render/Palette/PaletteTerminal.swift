import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The palette's terminal: raw keys (no echo, no line buffering), xterm mouse reports, the
/// alternate screen; everything restored by ``restore()``.
final class PaletteTerminal {
    /// What a read of the keyboard and mouse gave.
    enum Input: Equatable {
        case up, down, left, right, tap, toggle, quit
        /// A mouse press or drag at 1-based column and row.
        case mouse(column: Int, row: Int)
    }

    private var original = termios()

    init() {
        tcgetattr(STDIN_FILENO, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        // Alternate screen, hidden cursor, button and drag reports in SGR form.
        show("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[2J")
    }

    func restore() {
        show("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }

    func show(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { break }
                offset += n
            }
        }
    }

    /// What was typed or clicked since the last read (never waits).
    func poll() -> [Input] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        return n > 0 ? Self.parse(buffer[..<n]) : []
    }

    /// Keys and SGR mouse reports (`ESC [ < b ; x ; y M`) in `bytes`.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [Input] {
        var inputs: [Input] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == 0x1B, i + 2 < bytes.endIndex, bytes[i + 1] == UInt8(ascii: "[") {
                let kind = bytes[i + 2]
                switch kind {
                case UInt8(ascii: "A"): inputs.append(.up)
                case UInt8(ascii: "B"): inputs.append(.down)
                case UInt8(ascii: "C"): inputs.append(.right)
                case UInt8(ascii: "D"): inputs.append(.left)
                case UInt8(ascii: "<"):
                    var end = i + 3
                    while end < bytes.endIndex && bytes[end] != UInt8(ascii: "M")
                        && bytes[end] != UInt8(ascii: "m")
                    { end += 1 }
                    guard end < bytes.endIndex else { return inputs }
                    let fields = String(decoding: bytes[(i + 3)..<end], as: UTF8.self).split(
                        separator: ";"
                    ).compactMap { Int($0) }
                    // Button 0 pressed, or dragged with it (32): a move. Releases ("m") and
                    // other buttons are ignored.
                    if bytes[end] == UInt8(ascii: "M"), fields.count == 3, fields[0] & ~32 == 0 {
                        inputs.append(.mouse(column: fields[1], row: fields[2]))
                    }
                    i = end + 1
                    continue
                default: break
                }
                i += 3
                continue
            }
            switch b {
            case UInt8(ascii: " "): inputs.append(.tap)
            case UInt8(ascii: "c"): inputs.append(.toggle)
            case UInt8(ascii: "q"), 0x03, 0x1B: inputs.append(.quit)
            default: break
            }
            i += 1
        }
        return inputs
    }
}
