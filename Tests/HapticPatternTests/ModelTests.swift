import HapticPattern
import Testing

@Suite struct ModelTests {
    @Test func dynamicParameterCombinationFollowsApple() {
        for id in DynamicParameterID.allCases {
            let multiplies = id == .hapticIntensityControl || id == .audioVolumeControl
            #expect((id.combination == .multiply) == multiplies, "\(id)")
            #expect(id.range == (multiplies ? 0...1 : -1...1), "\(id)")
        }
        #expect(Set(DynamicParameterID.allCases.map(\.index)) == Set(0..<12))
    }

    @Test func canonicalizeIsStableByTime() {
        var p = HapticPattern(events: [
            HapticEvent(type: .hapticTransient, time: 0.5),
            HapticEvent(type: .hapticContinuous, time: 0.1, duration: 1),
            HapticEvent(type: .audioContinuous, time: 0.5, duration: 1),
        ])
        p.canonicalize()
        #expect(p.events.map(\.type) == [.hapticContinuous, .hapticTransient, .audioContinuous])
    }

    @Test func onlyExplicitZeroIsNonSustained() {
        var params = EventParameters()
        #expect(params.isSustained)
        params.sustained = 0.5
        #expect(params.isSustained)
        params.sustained = 0
        #expect(!params.isSustained)
    }
}
