import Foundation
import HapticPattern
import HapticRenderKit
import HapticTestSupport
import Testing

/// The file layer's half of ``PatternLimits/maxInputBytes``: files are refused from their
/// size before a byte is read.
@Suite struct BoundedFileReadTests {
    @Test func aFileOverTheSizeLimitIsNotRead() throws {
        // A 100 GB sparse file: refused from fstat, without reading.
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let path = folder.file("huge.ahap")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 << 30)
        try handle.close()
        let start = ContinuousClock.now
        let document = PatternDocument.load(contentsOf: URL(fileURLWithPath: path))
        #expect(ContinuousClock.now - start < .milliseconds(500))
        #expect(document.result.pattern == nil)
        #expect(document.result.diagnostics.map(\.code) == [.limitInputSize])
    }
}
