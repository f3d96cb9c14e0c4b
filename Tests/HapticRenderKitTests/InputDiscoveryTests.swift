import Foundation
import HapticRenderKit
import HapticTestSupport
import Testing

@Suite struct InputDiscoveryTests {
    @Test func foldersYieldAHAPAndPatternJSONOnlyWithRelativePaths() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        try dir.write("a/One.ahap", "{}")
        try dir.write("a/b/Two.json", #"{"Version": 1, "pattern": []}"#)
        try dir.write("a/b/package.json", #"{"name": "x"}"#)
        try dir.write("a/.hidden/Three.ahap", "{}")
        let files = try InputDiscovery.discoverFiles([dir.path + "/a"])
        #expect(files.map(\.relativePath) == ["One.ahap", "b/Two.json"])
        #expect(files.map(\.path) == [dir.path + "/a/One.ahap", dir.path + "/a/b/Two.json"])
    }

    @Test func fifosAndOversizeJSONAreSkippedWithoutBlocking() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        #expect(mkfifo(dir.path + "/pipe.json", 0o644) == 0)
        // Over the decoder's 64 MiB input limit: refused from its size, never parsed.
        let big = dir.path + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 65 << 20) == 0)
        try dir.write("ok.json", #"{"Pattern": []}"#)
        #expect(try InputDiscovery.discover([dir.path]) == [dir.path + "/ok.json"])
    }
}
