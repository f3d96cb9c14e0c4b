import HapticPattern
import HapticRender
import Testing

/// ``RenderLimits``: what player options make of a pattern (loops, rate, seek) is refused
/// before anything is unrolled, and the exact render length matches the renderer's.
@Suite struct RenderLimitsTests {
    typealias F = SchedulerFixtures
    let oneSecond = HapticPattern(events: [F.transient(0), F.continuous(0.5, 0.5)])

    /// The ``RenderLimitError`` `body` throws, or `nil` when it succeeds.
    func refusal(_ body: () throws -> Void) -> RenderLimitError? {
        do {
            try body()
            return nil
        } catch let error as RenderLimitError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func aBillionLoopsAreRefusedUpFrontInMicroseconds() throws {
        let scheduler = Scheduler(sampleRate: 48_000)
        let options = PlayerOptions(loop: LoopOptions(count: 1_000_000_000))
        let start = ContinuousClock.now
        let error = try #require(
            refusal { _ = try scheduler.schedule(oneSecond, options: options, limits: .default) })
        #expect(ContinuousClock.now - start < .milliseconds(100))
        #expect(error.limit == .duration)
        #expect(error.requested == 1e9)
        #expect(error.code == .limitDuration)
        #expect(error.diagnostic.severity == .error)
        // With the duration allowed, the voice count (2 × 10⁹) still refuses it.
        let voices = try #require(
            refusal {
                _ = try scheduler.schedule(
                    oneSecond, options: options, limits: RenderLimits(maxDurationSeconds: .infinity)
                )
            })
        #expect(voices.limit == .voices && voices.requested == 2e9 && voices.code == .limitVoices)
    }

    @Test func aSlowPlaybackRateStretchesTheDurationPastTheLimit() throws {
        let scheduler = Scheduler(sampleRate: 1_000)
        let slow = PlayerOptions(playbackRate: 1e-4)  // 1 s → 10,000 s
        let error = try #require(
            refusal { _ = try scheduler.schedule(oneSecond, options: slow, limits: .default) })
        #expect(error.limit == .duration)
        #expect(abs(error.requested - 10_000) < 1)
        #expect(error.message.contains("maxDurationSeconds"))
        #expect(
            (try? scheduler.schedule(
                oneSecond, options: PlayerOptions(playbackRate: 0.5), limits: .default)) != nil)
    }

    @Test func laneBreakpointsCountLoopIterations() throws {
        let curve = F.curve(.hapticIntensityControl, 0, [(0, 0), (0.5, 1), (1, 0)])
        let pattern = HapticPattern(events: [F.transient(0)], curves: [curve])
        let options = PlayerOptions(loop: LoopOptions(count: 10))
        let limits = RenderLimits(maxLaneBreakpoints: 29)
        let error = try #require(
            refusal {
                _ = try Scheduler(sampleRate: 1_000).schedule(
                    pattern, options: options, limits: limits)
            })
        #expect(error.limit == .laneBreakpoints && error.requested == 30)
        #expect(
            (try? Scheduler(sampleRate: 1_000).schedule(
                pattern, options: options, limits: RenderLimits(maxLaneBreakpoints: 30))) != nil)
    }

    @Test func polyphonyIsCheckedOnTheScheduledTimeline() throws {
        let pattern = HapticPattern(events: (0..<5).map { _ in F.continuous(0, 1, audio: true) })
        let error = try #require(
            refusal {
                _ = try Scheduler(sampleRate: 1_000).schedule(
                    pattern, limits: RenderLimits(maxPolyphony: 4))
            })
        #expect(error.limit == .polyphony && error.requested == 5 && error.code == .limitPolyphony)
        #expect(
            (try? Scheduler(sampleRate: 1_000).schedule(
                pattern, limits: RenderLimits(maxPolyphony: 5))) != nil)
    }

    @Test func renderFrameCountIsWhatTheRendererRenders() throws {
        let timeline = F.timeline(oneSecond, sampleRate: 8_000)
        let configuration = RenderConfiguration(sampleRate: 8_000, channels: [.acceleration])
        let frames = try RenderLimits.default.renderFrameCount(
            for: timeline, configuration: configuration)
        let renderer = try PatternRenderer(timeline: timeline, configuration: configuration)
        #expect(frames == renderer.totalFrames)
        #expect(frames > 8_000)  // the pattern plus the ring-down
        // The ring-down alone can push a render just under the limit over it.
        let limit = RenderLimits(maxDurationSeconds: 1.01)
        let error = try #require(
            refusal { _ = try limit.renderFrameCount(for: timeline, configuration: configuration) })
        #expect(error.limit == .duration && error.message.contains("ring-down"))
    }

    @Test func absurdRingDownsSaturateInsteadOfTrapping() {
        let timeline = Timeline(
            sampleRate: 48_000, patternDurationSamples: 4_000_000_000_000_000_000,
            voicesEndSample: 10)
        #expect(timeline.renderFrameCount(ringDownSeconds: .infinity) == 4_000_000_000_000_000_000)
        #expect(timeline.renderFrameCount(ringDownSeconds: .nan) == 4_000_000_000_000_000_000)
        // saturated samples
        #expect(timeline.renderFrameCount(ringDownSeconds: 1e300) == 8_000_000_000_000_000_000)
        #expect(timeline.renderFrameCount(ringDownSeconds: -5) == 4_000_000_000_000_000_000)
        let end = Timeline(sampleRate: 48_000, patternDurationSamples: .max - 1)
        #expect(end.renderFrameCount(ringDownSeconds: 1) == .max)
    }

    @Test func anHourRendersAndUnlimitedLiftsEverything() throws {
        let hour = HapticPattern(events: [F.transient(0), F.continuous(3_599, 0.5, audio: true)])
        let scheduler = Scheduler(sampleRate: 1_000)
        let result = try scheduler.schedule(hour, limits: .default)
        let configuration = RenderConfiguration(
            sampleRate: 1_000, channels: [.audioLeft], ringDownSeconds: 0)
        #expect(
            try RenderLimits.default.renderFrameCount(
                for: result.timeline, configuration: configuration) <= 3_600_000)
        let looped = PlayerOptions(loop: LoopOptions(count: 3))
        #expect((try? scheduler.schedule(hour, options: looped, limits: .default)) == nil)
        #expect(
            (try? scheduler.checkLimits(
                [PatternLayer(pattern: hour, options: looped)], limits: .unlimited)) != nil)
    }
}
