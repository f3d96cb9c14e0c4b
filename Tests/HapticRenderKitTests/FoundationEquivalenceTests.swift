import Foundation
import Testing

@testable import HapticRenderKit

/// The Kit's Foundation-free stand-ins give what the Foundation calls they replace gave
/// (swift-corelibs-foundation, which this test links), so outputs and messages are unchanged.
@Suite("Foundation equivalence")
struct FoundationEquivalenceTests {
    static let paths = [
        "", "/", "//", "a", "ab", "/a", "a/b", "a//b///c", "/a/b/", "a/b/c.ahap", "c.ahap/",
        "dir/.hidden",
        ".hidden", "x/..", "..", "x/.", "a.b.c", "a.", "dir.d/file", "/tmp/out/Heartbeat.wav",
        "./rel/x.json",
        "ünï/cödé.ahap", "a/b.tar.gz", "name..ext", "/.x",
    ]

    @Test("PathString matches NSString for last component, extension and their removal")
    func pathString() {
        for path in Self.paths {
            let ns = path as NSString
            #expect(PathString.lastComponent(path) == ns.lastPathComponent, "\(path)")
            #expect(PathString.pathExtension(path) == ns.pathExtension, "\(path)")
            #expect(PathString.deletingExtension(path) == ns.deletingPathExtension, "\(path)")
            #expect(
                PathString.appending("x.wav", to: path) == ns.appendingPathComponent("x.wav"),
                "\(path)")
            #expect(PathString.appending("", to: path) == ns.appendingPathComponent(""), "\(path)")
            // corelibs traps on a one-character relative path here (its precondition); skip those.
            if PathString.fixingSlashes(path).utf16.count > 1 || path.hasPrefix("/") || path.isEmpty
            {
                #expect(
                    PathString.deletingLastComponent(path) == ns.deletingLastPathComponent,
                    "\(path)")
            }
        }
    }

    @Test("StableJSON writes JSONSerialization's bytes (sorted keys, no escaped slashes)")
    func stableJSON() throws {
        let value: [String: Any] = [
            "b": 1, "B2": [1.0, 0.5, 1e-7, 123456789.0, 1e21, -0.25, Float(0.1)], "a10": true,
            "a9": false,
            "_x": "é/\u{1}\u{1f}\"\\\n\r\t\u{8}\u{c}", "empty": [String: Any](), "none": [Any](),
            "file2": "x",
            "file10": ["line": 3, "column": -1, "nested": ["z": "y", "Y": "z"] as [String: Any]]
                as [String: Any],
            "Zeta": 0, "alpha": Int64.max, "file": "/tmp/a.ahap",
        ]
        for pretty in [true, false] {
            var options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
            if pretty { options.insert(.prettyPrinted) }
            let foundation = try JSONSerialization.data(withJSONObject: value, options: options)
            let ours = try StableJSON.data(value, pretty: pretty)
            #expect(
                String(decoding: ours, as: UTF8.self) == String(decoding: foundation, as: UTF8.self)
            )
        }
        let withNull: [Any] = [["line": JSONNull()]]
        #expect(
            String(decoding: try StableJSON.data(withNull, pretty: false), as: UTF8.self)
                == #"[{"line":null}]"#)
        #expect(throws: StableJSON.InvalidValue.self) { try StableJSON.data([Double.nan]) }
    }

    @Test("trimmingWhitespace trims what .whitespaces trims")
    func whitespace() {
        for text in ["", " ", "\t a b \t", "\u{00A0}x\u{2003}", " \n x \n ", "x", "  ünï  "] {
            #expect(
                text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces),
                "\(text.debugDescription)")
        }
    }

    @Test("fileErrorText reads like localizedDescription for file errors")
    func fileErrors() {
        for code in [
            4, 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 512, 513, 514, 516, 517, 518, 640,
            642,
        ] {
            let error = CocoaError(CocoaError.Code(rawValue: code))
            #expect(fileErrorText(error) == error.localizedDescription, "code \(code)")
        }
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/list.txt"))
            Issue.record("read of a missing file succeeded")
        } catch {
            #expect(fileErrorText(error) == error.localizedDescription)
        }
    }

    @Test("the Kit, SoundFile and the CLI import FoundationEssentials, never Foundation")
    func noFoundationImport() throws {
        // Foundation would link FoundationInternationalization and ICU into the release CLI and
        // slow every start (docs/performance.md, "Start-up").
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var checked = 0
        for module in ["HapticRenderKit", "SoundFile", "ahap-render"] {
            let folder = root.appendingPathComponent(module)
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            for file in files where file.hasSuffix(".swift") {
                let text = try String(
                    contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    if words.first?.hasPrefix("//") == true { continue }
                    if let i = words.firstIndex(of: "import"), i + 1 < words.count,
                        words[i + 1] == "Foundation"
                    {
                        Issue.record("\(module)/\(file) imports Foundation")
                    }
                }
                checked += 1
            }
        }
        #expect(checked > 50)
    }
}
