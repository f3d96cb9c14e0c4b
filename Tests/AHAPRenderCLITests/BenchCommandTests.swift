import Foundation
import HapticTestSupport
import Testing

@Suite struct BenchCommandTests {
    @Test func jsonReportsTimingsThroughputAndMemory() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let r = try CLI.run([
            "bench", input, "--iterations", "3", "--block-size", "256", "--format", "json",
            "--write-dir", dir.path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let array = try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let o = try #require(array.first)
        #expect(o["frames"] as? Int == fixtureFrames)
        #expect(o["iterations"] as? Int == 3 && o["blockFrames"] as? Int == 256)
        for key in ["firstBufferSeconds", "renderSeconds", "fileSeconds", "silentWriteSeconds"] {
            let spread = try #require(o[key] as? [String: Double], "\(key)")
            let (lo, mid, hi) = (spread["min"]!, spread["median"]!, spread["max"]!)
            #expect(lo > 0 && lo <= mid && mid <= hi, "\(key): \(spread)")
        }
        let first = (o["firstBufferSeconds"] as! [String: Double])["median"]!
        let render = (o["renderSeconds"] as! [String: Double])["median"]!
        #expect(first < render)  // one block of 256 frames vs all 54,000
        let fps = try #require(o["framesPerSecond"] as? Double)
        #expect(abs(fps - Double(fixtureFrames) / render) < 1e-6 * fps)
        #expect((o["peakMemoryBytes"] as? Int ?? 0) > 1_000_000)
        // The timed file is removed.
        #expect(listing(dir.path) == ["p.ahap"])
    }

    @Test func textNamesEveryMeasure() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let input = try dir.write("p.ahap", renderFixture)
        let r = try CLI.run(["bench", input, "--iterations", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        for label in [
            "render length:", "first buffer:", "render:", "M frames/s", "× realtime",
            "peak memory:",
        ] {
            #expect(r.stdout.contains(label), "\(label)")
        }
        let bad = try CLI.run(["bench", input, "--iterations", "0"])
        #expect(bad.status == 64)
    }
}
