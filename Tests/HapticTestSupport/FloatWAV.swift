import Foundation

/// A mono 32-bit float WAV file's bytes, written by hand: the package's writer refuses NaN and
/// infinite samples, which tests of the readers need to put in a file.
public func floatWAVData(_ samples: [Float], sampleRate: Int = 48_000) -> Data {
    var data = Data()
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8))
    u32(UInt32(4 + 8 + 18 + 8 + samples.count * 4))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    u32(18)
    u16(3)  // WAVE_FORMAT_IEEE_FLOAT
    u16(1)
    u32(UInt32(sampleRate))
    u32(UInt32(sampleRate * 4))
    u16(4)
    u16(32)
    u16(0)
    data.append(contentsOf: Array("data".utf8))
    u32(UInt32(samples.count * 4))
    for s in samples { u32(s.bitPattern) }
    return data
}
