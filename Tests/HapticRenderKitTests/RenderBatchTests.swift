import Foundation
import HapticRenderKit
import HapticTestSupport
import SoundFile
import Synchronization
import Testing

/// `RenderBatch` in-process: many short jobs on two workers while the caller polls progress
/// as fast as it can, so the workers and the poller contend for the batch's lock on almost
/// every access. Under ThreadSanitizer (`.ci/run`) this is the test that proves the lock is
/// one TSan understands (see `LockedValue`).
@Suite struct RenderBatchTests {
    let pattern = """
        {"Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
            {"ParameterID": "HapticIntensity", "ParameterValue": 0.9}]}},
          {"Event": {"Time": 0.01, "EventType": "HapticContinuous", "EventDuration": 0.05, "EventParameters": []}}
        ]}
        """

    /// `count` jobs rendering the same pattern to `out<i>.wav` at 8 kHz; job 3 reads a
    /// file that does not exist.
    func jobs(in dir: TempFolder, count: Int) throws -> [RenderJob] {
        let input = try dir.write("p.ahap", pattern)
        var options = RenderOptions()
        options.sampleRate = 8_000
        return (0..<count).map { i in
            RenderJob(
                input: i == 3 ? dir.path + "/missing.ahap" : input,
                output: dir.path + "/out\(i).wav", options: options)
        }
    }

    @Test func resultsComeBackInInputOrderWhileProgressIsPolled() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let jobs = try jobs(in: dir, count: 40)
        let batch = RenderBatch(jobs: jobs, workers: 2)
        var snapshots: [BatchProgress] = []
        let results = batch.run(tickInterval: 0.000_1) { snapshots.append($0) }

        #expect(results.count == 40)
        for (i, result) in results.enumerated() {
            switch result {
            case .success(let report):
                #expect(i != 3 && report.output == jobs[i].output && report.frames > 0)
                #expect(try SoundFile.info(path: jobs[i].output).frames == report.frames)
            case .failure(let error):
                #expect(i == 3 && error.stage == .decode && error.input == jobs[3].input)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/out3.wav"))
        // Counters only grow, never pass the file count, and end complete.
        for (a, b) in zip(snapshots, snapshots.dropFirst()) {
            #expect(
                a.started <= b.started && a.finished <= b.finished && a.framesDone <= b.framesDone)
        }
        #expect(snapshots.allSatisfy { $0.finished <= $0.started && $0.started <= 40 })
        let last = try #require(snapshots.last)
        #expect(last.started == 40 && last.finished == 40 && last.failed == 1 && last.fraction == 1)
    }

    @Test func aCancelledBatchStartsNothingAndWritesNothing() throws {
        let dir = try TempFolder()
        defer { dir.cleanUp() }
        let batch = RenderBatch(jobs: try jobs(in: dir, count: 6), workers: 2)
        batch.cancellation.store(true, ordering: .relaxed)
        let results = batch.run()
        for result in results {
            guard case .failure(let error) = result else {
                Issue.record("a job ran after cancellation")
                continue
            }
            #expect(error.stage == .cancelled)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["p.ahap"])
    }
}
