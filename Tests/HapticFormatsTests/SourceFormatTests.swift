import HapticFormats
import Testing

@Suite struct SourceFormatTests {
    /// Told apart by the top level's keys, whatever the values hold; anything else is AHAP
    /// (its decoder reports the problem).
    @Test(arguments: [
        (TestClips.valid, SourceFormat.haptic),
        ("\u{FEFF}" + TestClips.valid, .haptic),
        (#"{"version": {"major": 1}, "metadata": {}}"#, .haptic),
        (
            #"{"Version": 1, "Pattern": [{"Event": {"EventType": "HapticTransient", "Time": 0}}]}"#,
            .ahap
        ),
        (#"{"Metadata": {"signals": "x", "s": "a\"b}"}, "Pattern": []}"#, .ahap),
        (#"{"version": 1, "pattern": [], "signals": {}}"#, .ahap),
        (#"{"version": 1.0}"#, .ahap),
        ("[1, 2]", .ahap),
        (#"{"signals": "#, .ahap),
        ("", .ahap),
    ])
    func detect(text: String, format: SourceFormat) {
        #expect(SourceFormat.detect(Array(text.utf8)) == format)
    }
}
