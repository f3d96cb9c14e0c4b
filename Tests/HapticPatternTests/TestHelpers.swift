import HapticPattern

/// Decodes a UTF-8 string fixture.
func decode(_ text: String, _ mode: AHAPDecoder.Mode = .lenient) -> PatternDecodeResult {
    AHAPDecoder(options: .init(mode: mode)).decode(Array(text.utf8))
}
