import Foundation
import HapticFormats
import HapticRender
import HapticRenderKit
import HapticTestSupport
import Testing

/// The C header and the Python package restate what the tables hold — the output layouts and
/// signals (``OutputLayout``, ``RenderSignal``), the pattern formats read and the conversion
/// targets (``PatternFormats``) — in their comments, docstrings and type hints, where nothing
/// can generate them. These tests read those files and fail when they disagree with the tables,
/// so a layout or a format added in Swift cannot leave them stale.
@Suite struct SurfaceTablesTests {
    static func source(_ path: String) throws -> String {
        try String(contentsOf: Corpus.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    static let header = "Sources/HapticRenderC/include/hapticrender.h"

    /// The comment block right before the prototype of `function` (a line that starts with its
    /// return type).
    static func comment(before function: String, in text: String) throws -> String {
        let prototype = try #require(
            text.range(
                of: #"(?m)^[A-Za-z_][A-Za-z0-9_ ]*\*? ?"# + function + #"\("#,
                options: .regularExpression),
            "\(function)'s prototype in the header")
        let head = text[..<prototype.lowerBound]
        let open = try #require(head.range(of: "/*", options: .backwards))
        return String(head[open.lowerBound...])
    }

    /// A C comment's words on one line: the `/*`, `*/` and each line's leading ` * ` dropped,
    /// whitespace collapsed.
    static func prose(_ comment: String) -> String {
        comment.split(separator: "\n").map { line in
            var l = line.drop { $0 == " " }
            if l.hasPrefix("/*") {
                l = l.dropFirst(2)
            } else if l.hasPrefix("*") {
                l = l.dropFirst()
            }
            if l.hasSuffix("*/") { l = l.dropLast(2) }
            return String(l)
        }.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The quoted names in `text`, in order ("audition" (…), "haptic" …).
    static func quoted(_ text: String) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The strings of the `Literal[…]` that `name` is in a Python file.
    static func literal(_ name: String, in text: String) throws -> [String] {
        let start = try #require(text.range(of: "\(name) = Literal["), "\(name) = Literal[…]")
        let end = try #require(text[start.upperBound...].firstIndex(of: "]"))
        return quoted(String(text[start.upperBound..<end]))
    }

    /// `"name" (contents)` for every layout, in the table's order.
    @Test func theHeaderListsEveryLayoutWithItsContents() throws {
        let comment = try Self.comment(
            before: "hr_options_set_layout", in: try Self.source(Self.header))
        let listed = Self.quoted(comment)
        #expect(listed == OutputLayout.allCases.map(\.rawValue))
        for layout in OutputLayout.allCases {
            let text = "\"\(layout.rawValue)\" (\(layout.spec.contents))"
            #expect(Self.prose(comment).contains(text), "hapticrender.h should say \(text)")
        }
    }

    @Test func theHeaderListsEverySignal() throws {
        let comment = try Self.comment(
            before: "hr_options_set_channels", in: try Self.source(Self.header))
        let names = RenderSignal.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(Self.prose(comment).contains(names), "hapticrender.h should list \(names)")
    }

    @Test func theHeaderNamesTheFormatsAndTargets() throws {
        let header = try Self.source(Self.header)
        let convert = try Self.comment(before: "hr_convert_file", in: header)
        #expect(
            Self.quoted(convert).filter { PatternFormats.named($0) != nil }
                == PatternFormats.writable.map(\.name))
        let reads = "the \(PatternFormats.readableNames) file"
        #expect(
            Self.prose(convert).contains(reads), "hr_convert_file's comment should say \(reads)")
        let bytes = try Self.comment(before: "hr_convert_bytes", in: header)
        #expect(Self.prose(bytes).contains("\(PatternFormats.readableNames) text"))
    }

    @Test func pythonsLayoutsAndSignalsAreTheTables() throws {
        let options = try Self.source("python/hapticrender/_options.py")
        #expect(try Self.literal("Layout", in: options) == OutputLayout.allCases.map(\.rawValue))
        #expect(try Self.literal("Channel", in: options) == RenderSignal.allCases.map(\.rawValue))
        let doc = options.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let layouts = OutputLayout.allCases.map { "\($0.rawValue) (\($0.spec.contents))" }
        #expect(doc.contains("The output channels: " + layouts.joined(separator: ", ") + "."))
        let signals = RenderSignal.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        #expect(doc.contains("in order: " + signals))
    }

    @Test func pythonsTargetsAndFormatsAreTheRegistrys() throws {
        let convert = try Self.source("python/hapticrender/_convert.py")
        #expect(try Self.literal("Target", in: convert) == PatternFormats.writable.map(\.name))
        let text = convert.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Converts the \(PatternFormats.readableNames) file"))
        let targets = PatternFormats.writable.map { "``\"\($0.name)\"``" }
        #expect(
            Self.quoted(text).isEmpty == false
                && targets.allSatisfy { text.contains($0) }, "the docstring lists every target")
    }
}
