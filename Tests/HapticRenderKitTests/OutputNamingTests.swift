import HapticRenderKit
import Testing

/// `--output-dir` names: a pure function of the input path, so slices of one list never collide.
@Suite struct OutputNamingTests {
    func mirrored(_ path: String) -> String {
        OutputNaming.mirroredPath(of: path, currentDirectory: "/work/cat")
    }

    @Test func listedPathsMirrorAsGivenAndNeverEscape() {
        #expect(mirrored("in/a/x.ahap") == "in/a/x.ahap")
        #expect(mirrored("./in//b/./x.ahap") == "in/b/x.ahap")
        #expect(mirrored("in/a/../b/x.ahap") == "in/b/x.ahap")
        #expect(mirrored("x.ahap") == "x.ahap")
        // Absolute paths below the current folder read as the relative path would...
        #expect(mirrored("/work/cat/in/a/x.ahap") == "in/a/x.ahap")
        // ... elsewhere the whole path, never leaving the output folder.
        #expect(mirrored("/data/in/x.ahap") == "data/in/x.ahap")
        #expect(mirrored("../other/x.ahap") == "work/other/x.ahap")
        #expect(mirrored("/../../etc/x.ahap") == "etc/x.ahap")
    }

    @Test func twoFilesOfOneNameInDifferentFoldersGetDifferentOutputs() {
        let files = ["in/a/x.ahap", "in/b/x.ahap"].map {
            DiscoveredFile(path: $0, relativePath: OutputNaming.mirroredPath(of: $0))
        }
        let outputs = files.map {
            OutputNaming.output(
                for: $0, outputFile: nil, outputDirectory: "out", fileExtension: "wav")
        }
        #expect(outputs == ["out/in/a/x.wav", "out/in/b/x.wav"])
    }
}
