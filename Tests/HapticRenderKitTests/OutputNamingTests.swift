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

    /// The base `--output-dir` mirrors the command line's inputs below: the deepest folder
    /// they share, a folder counting as itself and a file as its folder.
    @Test func theBaseIsTheDeepestFolderTheInputsShare() {
        let folders: Set<String> = ["in/a", "in/b", "in", "/data", "."]
        func base(_ inputs: [String]) -> String {
            OutputNaming.mirrorBase(
                of: inputs, isFolder: { folders.contains($0) }, currentDirectory: "/work/cat")
        }
        #expect(base(["Examples/Patterns/Heartbeat.ahap"]) == "/work/cat/Examples/Patterns")
        #expect(base(["/abs/Examples/Heartbeat.ahap"]) == "/abs/Examples")
        #expect(base(["in/a", "in/b"]) == "/work/cat/in")
        #expect(base(["in/a/x.ahap", "in/b/x.ahap"]) == "/work/cat/in")
        #expect(base(["in/a"]) == "/work/cat/in/a")
        #expect(base(["in", "in/a/x.ahap"]) == "/work/cat/in")
        #expect(base(["/data", "in/a"]) == "/")
        #expect(base(["../x.ahap", "y.ahap"]) == "/work")
        #expect(base(["-", "in/a/x.ahap"]) == "/work/cat/in/a")
        #expect(base([]) == "/work/cat")
        #expect(base(["."]) == "/work/cat")
        func mirrored(_ path: String, below: String) -> String {
            OutputNaming.mirroredPath(of: path, below: below, currentDirectory: "/work/cat")
        }
        #expect(
            mirrored("Examples/Patterns/Heartbeat.ahap", below: "/work/cat/Examples/Patterns")
                == "Heartbeat.ahap")
        #expect(mirrored("in/a/x.ahap", below: "/work/cat/in") == "a/x.ahap")
        #expect(mirrored("/data/x.ahap", below: "/work/cat/in") == "data/x.ahap")
        #expect(OutputNaming.isBelow("in/a/x.ahap", base: "in", currentDirectory: "/work/cat"))
        #expect(!OutputNaming.isBelow("in/a/x.ahap", base: "in/b", currentDirectory: "/work/cat"))
        #expect(!OutputNaming.isBelow("in", base: "in", currentDirectory: "/work/cat"))
    }
}
