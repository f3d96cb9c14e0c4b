import Foundation

/// A minimal Standard MIDI File writer (format 0, 960 ticks per second at 120 BPM) so the
/// quality tests can render music whose every onset is known.
struct MIDIFile {
    struct Note {
        var channel: UInt8
        var key: UInt8
        var velocity: UInt8
        var start: Double
        var duration: Double
    }

    var programs: [UInt8: UInt8] = [:]  // channel → GM program
    var notes: [Note] = []

    /// The note-on times, merged within 30 ms (chords and unisons are one onset).
    var onsets: [Double] {
        var result: [Double] = []
        for t in notes.map(\.start).sorted() where result.last.map({ t - $0 >= 0.03 }) ?? true {
            result.append(t)
        }
        return result
    }

    func bytes() -> [UInt8] {
        let ticksPerSecond = 960.0  // division 480 per quarter, tempo 500,000 µs per quarter
        var events: [(tick: Int, order: Int, data: [UInt8])] = []
        for (channel, program) in programs.sorted(by: { $0.key < $1.key }) {
            events.append((0, 0, [0xC0 | channel, program]))
        }
        for n in notes {
            let on = Int((n.start * ticksPerSecond).rounded())
            let off = Int(((n.start + n.duration) * ticksPerSecond).rounded())
            events.append((off, 1, [0x80 | n.channel, n.key, 0]))
            events.append((on, 2, [0x90 | n.channel, n.key, n.velocity]))
        }
        events.sort { ($0.tick, $0.order) < ($1.tick, $1.order) }
        var track: [UInt8] = [0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20]  // tempo 500,000 µs
        var last = 0
        for e in events {
            track += variableLength(e.tick - last) + e.data
            last = e.tick
        }
        track += [0x00, 0xFF, 0x2F, 0x00]
        var file: [UInt8] = Array("MThd".utf8) + be32(6) + [0, 0, 0, 1, 0x01, 0xE0]
        file += Array("MTrk".utf8) + be32(track.count) + track
        return file
    }

    private func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    private func variableLength(_ value: Int) -> [UInt8] {
        var v = value
        var out: [UInt8] = [UInt8(v & 0x7F)]
        v >>= 7
        while v > 0 {
            out.insert(UInt8(v & 0x7F) | 0x80, at: 0)
            v >>= 7
        }
        return out
    }
}
