import HapticPattern
import HapticTestSupport
import Testing

@Suite struct JSONParserTests {
    func parse(_ s: String) -> Result<JSONDocument, JSONSyntaxError> {
        JSONParser().parse(Array(s.utf8))
    }

    /// Each literal, alone in an array, parses to the standard library's `Double` bit for bit.
    func expectParsedLikeTheStandardLibrary(_ literals: [String]) throws {
        for literal in literals {
            let doc = try parse("[\(literal)]").get()
            guard case .number(let d, _)? = doc.root.arrayElements?.first?.kind else {
                Issue.record("no number for \(literal)")
                continue
            }
            #expect(d.bitPattern == Double(literal)?.bitPattern, "\(literal)")
        }
    }

    @Test func recordsPositionsOfKeysAndValues() throws {
        let text = "{\n  \"a\": [1, 2.5],\n\t\"é\": \"x\", \"b\": true\n}"
        let doc = try parse(text).get()
        let members = try #require(doc.root.objectMembers)
        #expect(members.map(\.key) == ["a", "é", "b"])
        #expect(members[0].keyPosition.description == "2:3")
        let elements = try #require(members[0].value.arrayElements)
        #expect(elements[1].position.description == "2:12")
        // Tab is one column; "é" is one column although two bytes.
        #expect(members[1].keyPosition.description == "3:2")
        #expect(members[2].keyPosition.description == "3:12")
        #expect(members[2].value.position.description == "3:17")
    }

    @Test func keepsDuplicateKeysInOrder() throws {
        let doc = try parse(#"{"a": 1, "a": 2}"#).get()
        #expect(doc.root.objectMembers?.map(\.key) == ["a", "a"])
    }

    @Test func toleratesAndReportsTrailingCommas() throws {
        let doc = try parse("[1,\n [2,],\n {\"a\": 1 , }]").get()
        #expect(doc.trailingCommas.map(\.description) == ["2:4", "3:10"])
    }

    @Test(arguments: [
        ("", JSONSyntaxError.Kind.empty), ("   ", .empty), ("{", .syntax), ("[1 2]", .syntax),
        ("{\"a\" 1}", .syntax), ("{'a': 1}", .syntax), ("[01]", .syntax), ("[1.]", .syntax),
        ("[NaN]", .nonFiniteLiteral), ("[Infinity]", .nonFiniteLiteral),
        ("[-Infinity]", .nonFiniteLiteral),
        ("[1e309]", .numberOverflow), ("[-1e400]", .numberOverflow), ("// c\n{}", .comment),
        ("{} x", .syntax), ("[\"abc]", .syntax), ("[\"\\x\"]", .syntax), ("[\"\\ud800\"]", .syntax),
        ("[tru]", .syntax), ("{\"a\":1,,}", .syntax), ("[,]", .syntax),
    ])
    func rejectsInvalidJSON(text: String, kind: JSONSyntaxError.Kind) {
        guard case .failure(let e) = parse(text) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(e.kind == kind, "\(text): \(e.message)")
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = Array("[\"a".utf8) + [0xFF, 0xFE] + Array("\"]".utf8)
        guard case .failure(let e) = JSONParser().parse(bytes) else {
            Issue.record("accepted")
            return
        }
        #expect(e.kind == .invalidUTF8)
        guard case .failure(let e2) = JSONParser().parse([0x5B, 0xC3, 0x5D]) else {
            Issue.record("accepted")
            return
        }
        #expect(e2.kind == .invalidUTF8)
    }

    @Test func skipsByteOrderMark() throws {
        let doc = try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8)).get()
        #expect(doc.hadByteOrderMark)
        #expect(doc.root.objectMembers?.first?.keyPosition.description == "1:2")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let e) = parse(deep) else {
            Issue.record("accepted")
            return
        }
        #expect(e.kind == .tooDeep)
        let ok = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? parse(ok).get()) != nil)
    }

    @Test func numbersMatchTheStandardLibrary() throws {
        var rng = SplitMix64(seed: 42)
        var literals = [
            "0", "-0", "1", "0.5", "1e-7", "123456789012345678901234567890", "0.30000001192092896",
            "4.9e-324", "1.7976931348623157e308", "2.2250738585072014e-308", "9007199254740993",
            "0.1", "1E+2", "-12.5e-3", "1e-400",
        ]
        for _ in 0..<2000 {
            let mantissa = rng.next() % 100_000_000_000
            let scale = Int(rng.next() % 40) - 20
            literals.append("\(mantissa)e\(scale)")
            literals.append("0.\(rng.next() % 1_000_000_000_000)")
        }
        try expectParsedLikeTheStandardLibrary(literals)
    }

    /// Shapes that exercise each conversion path: the exact fast path, eight digits per
    /// step, Eisel–Lemire (≤ 19 significant digits) and the standard library (more digits,
    /// far exponents, subnormals), including halfway cases.
    @Test func longNumbersMatchTheStandardLibrary() throws {
        var rng = SplitMix64(seed: 7)
        func digits(_ n: Int) -> String {
            String((0..<n).map { _ in Character(String(rng.next() % 10)) })
        }
        var literals = [
            "9007199254740993", "9007199254740993.0", "0.000000000000000000001",
            "1.7976931348623157e308",
            "2.2250738585072011e-308", "4.9406564584124654e-324",
            "0.1000000000000000055511151231257827",
            "123456789012345678901234567890.5", "0.30000000000000004",
            "-0.0000001234567890123456789e-5",
        ]
        for _ in 0..<20_000 {
            let integer =
                rng.next() % 3 == 0 ? "0" : String(rng.next() % 9 + 1) + digits(Int(rng.next() % 8))
            let zeros = String(repeating: "0", count: Int(rng.next() % 4) * Int(rng.next() % 2))
            let fraction = zeros + digits(Int(rng.next() % 22) + 1)
            let exponent = rng.next() % 3 == 0 ? "e\(Int(rng.next() % 90) - 45)" : ""
            literals.append((rng.next() % 4 == 0 ? "-" : "") + integer + "." + fraction + exponent)
            // Exactly halfway between two Doubles (odd integers just above 2^53), three ways.
            let halfway = String((UInt64(1) << 53) + 2 * (rng.next() % 1_000_000) + 1)
            literals += [
                halfway, halfway + "0e-1",
                String(halfway.dropLast()) + "." + String(halfway.last!) + "e1",
            ]
        }
        try expectParsedLikeTheStandardLibrary(literals)
    }

    @Test func decodesEscapes() throws {
        let doc = try parse(#"["a\"b\\c\/d\n\t\u00e9\ud83d\ude00"]"#).get()
        #expect(doc.root.arrayElements?.first?.stringValue == "a\"b\\c/d\n\té😀")
    }
}
