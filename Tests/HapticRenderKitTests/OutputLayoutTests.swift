import HapticRender
import HapticRenderKit
import Testing

@Suite struct OutputLayoutTests {
    /// Four frames of (L, R, drive, acceleration) with distinct values.
    let source: [Float] = [0.1, 0.2, 0.3, 0.4, -0.1, -0.2, -0.3, -0.4, 1, 0, 0.5, -1, 0, 0, 0, 0.8]

    func mix(_ layout: OutputLayout) -> [Float] {
        var out = [Float](repeating: .nan, count: 4 * layout.channelCount)
        source.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer {
                layout.mix(s.baseAddress!, into: $0.baseAddress!, frames: 4)
            }
        }
        return out
    }

    @Test func channelOrderAndScale() {
        let f = (0..<4).map { Array(source[(4 * $0)..<(4 * $0 + 4)]) }
        #expect(mix(.split) == source)
        #expect(mix(.haptic) == f.map { $0[3] })
        #expect(mix(.drive) == f.map { $0[2] })
        #expect(mix(.audio) == f.flatMap { [$0[0], $0[1]] })
        #expect(mix(.android) == f.flatMap { [$0[0], $0[1], $0[2]] })
        #expect(mix(.audition) == f.flatMap { [$0[0] + 0.5 * $0[3], $0[1] + 0.5 * $0[3]] })
        for layout in OutputLayout.allCases {
            #expect(layout.channelNames.count == layout.channelCount)
        }
    }

    /// The layouts as the renderer's output channels: the same table (the bits are compared
    /// with `mix` in PreparedRenderTests).
    @Test func outputChannelsFollowTheTable() {
        let g = OutputLayout.auditionHapticGain
        #expect(
            OutputLayout.audition.outputChannels == [
                .mix(.audioLeft, plus: g, times: .acceleration),
                .mix(.audioRight, plus: g, times: .acceleration),
            ])
        #expect(
            OutputLayout.split.outputChannels
                == OutputLayout.renderSignals.map(OutputChannel.signal))
        #expect(
            OutputLayout.android.outputChannels == [
                .signal(.audioLeft), .signal(.audioRight), .signal(.hapticDrive),
            ])
        for layout in OutputLayout.allCases {
            #expect(layout.outputChannels.count == layout.channelCount)
        }
    }

    @Test func androidTag() {
        #expect(OutputLayout.android.vorbisComments == ["ANDROID_HAPTIC=1"])
        #expect(OutputLayout.allCases.filter { !$0.vorbisComments.isEmpty } == [.android])
    }

    @Test func scaleDescriptionNamesTheActuatorScales() {
        let text = OutputLayout.split.scaleDescription(actuator: .pixel)
        #expect(text.contains("acceleration 1.0 = 1.5 g"))
        #expect(text.contains("drive 1.0 = 11.0 V"))
    }
}
