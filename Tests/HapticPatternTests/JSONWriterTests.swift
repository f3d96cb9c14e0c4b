import Testing

@testable import HapticPattern

/// The package's one JSON writer: its three layouts, its one number format and its one string
/// escape, written out byte for byte (every JSON output's bytes depend on them).
@Suite struct JSONWriterTests {
    /// `{"a": [1, 0.5], "b": {}, "c": [{"d": null}], "e": []}` in `layout`.
    static func sample(_ layout: JSONWriter.Layout, inline: Bool = false) -> String {
        var w = JSONWriter(layout: layout)
        w.beginObject()
        w.key("a")
        w.beginArray(inline: inline)
        w.element()
        w.number(1.0)
        w.element()
        w.number(0.5)
        w.endArray()
        w.key("b")
        w.beginObject()
        w.endObject()
        w.key("c")
        w.beginArray()
        w.element()
        w.beginObject()
        w.key("d")
        w.null()
        w.endObject()
        w.endArray()
        w.key("e")
        w.beginArray()
        w.endArray()
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    @Test func layouts() {
        #expect(Self.sample(.compact) == #"{"a":[1,0.5],"b":{},"c":[{"d":null}],"e":[]}"#)
        #expect(Self.sample(.indented(0)) == Self.sample(.compact))
        #expect(
            Self.sample(.indented(2)) == """
                {
                  "a": [
                    1,
                    0.5
                  ],
                  "b": {},
                  "c": [
                    {
                      "d": null
                    }
                  ],
                  "e": []
                }
                """)
        #expect(Self.sample(.indented(4), inline: true).hasPrefix("{\n    \"a\": [1, 0.5],\n"))
        // JSONSerialization's .prettyPrinted: " : ", every array broken, empty containers too.
        #expect(
            Self.sample(.foundationPretty, inline: true) == """
                {
                  "a" : [
                    1,
                    0.5
                  ],
                  "b" : {

                  },
                  "c" : [
                    {
                      "d" : null
                    }
                  ],
                  "e" : [

                  ]
                }
                """)
    }

    /// One number format: the shortest text that reads back to the same value.
    @Test(arguments: [
        (1.0, "1"), (-0.0, "-0"), (0.5, "0.5"), (0.1 + 0.2, "0.30000000000000004"),
        (1e-5, "1e-05"), (123456789.0, "123456789"), (1e15, "1000000000000000"), (1e16, "1e+16"),
        (1e21, "1e+21"),
        (.nan, "0"), (.infinity, "0"),
    ])
    func numbers(value: Double, text: String) {
        var w = JSONWriter(layout: .compact)
        w.number(value)
        #expect(String(decoding: w.bytes, as: UTF8.self) == text)
        #expect(JSONNumberFormatter.string(value) == text)
    }

    @Test func floatsAndIntegersInTheirOwnDigits() {
        #expect(JSONNumberFormatter.string(Float(0.1)) == "0.1")
        #expect(JSONNumberFormatter.string(Float(3)) == "3")
        #expect(JSONNumberFormatter.string(Float.nan) == "0")
        var w = JSONWriter(layout: .compact)
        w.integer(Int64.max)
        #expect(String(decoding: w.bytes, as: UTF8.self) == "9223372036854775807")
    }

    /// One escape: `"` `\` and control characters (short forms where JSON has them), nothing
    /// else; for a `<script>` element also `<`, U+2028 and U+2029.
    @Test func strings() {
        func quoted(_ s: String, forScript: Bool = false) -> String {
            var out: [UInt8] = []
            JSONWriter.quote(s, into: &out, forScript: forScript)
            return String(decoding: out, as: UTF8.self)
        }
        let text = "é/\u{1}\u{1f}\"\\\n\r\t\u{8}\u{c}</x>\u{2028}"
        #expect(quoted(text) == #""é/\u0001\u001f\"\\\n\r\t\b\f</x>"# + "\u{2028}\"")
        #expect(
            quoted(text, forScript: true) == #""é/\u0001\u001f\"\\\n\r\t\b\f\u003c/x>\u2028""#)
        #expect(quoted("plain") == #""plain""#)
    }

    /// A value tree prints through the writer: rows of numbers on one line when indented.
    @Test func values() {
        let value = JSONText.object([
            ("t", .array([.integer(1), .number(2.5)])), ("s", .array([.string("x")])),
            ("n", .null), ("b", .bool(true)),
        ])
        #expect(value.text(indent: 0) == #"{"t":[1,2.5],"s":["x"],"n":null,"b":true}"#)
        #expect(
            value.text() == """
                {
                  "t": [1, 2.5],
                  "s": [
                    "x"
                  ],
                  "n": null,
                  "b": true
                }

                """)
    }
}
