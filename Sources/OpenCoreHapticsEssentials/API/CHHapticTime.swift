// FoundationEssentials, not Foundation (the project's rule for modules above HapticRender):
// Core Haptics' signatures take `URL`, `Data` and `TimeInterval`, which it provides — the same
// types an app's `import Foundation` sees.
import FoundationEssentials

/// The time "as soon as possible": the next sample the engine renders
/// (`CHHapticTimeImmediate`, 0). Any time at or before ``CHHapticEngine/currentTime`` means the
/// same.
public let CHHapticTimeImmediate: TimeInterval = 0

/// A custom audio resource registered with ``CHHapticEngine/registerAudioResource(_:options:)``.
public typealias CHHapticAudioResourceID = Int

/// Keys of ``CHHapticEngine/registerAudioResource(_:options:)``'s options.
public typealias CHHapticAudioResourceKey = String

/// Whether the resource fades in and out (default true), as `EventWaveformUseVolumeEnvelope`.
public let CHHapticAudioResourceKeyUseVolumeEnvelope: CHHapticAudioResourceKey = "UseVolumeEnvelope"

/// Whether the resource loops for its event's duration (default false), as
/// `EventWaveformLoopEnabled`.
public let CHHapticAudioResourceKeyLoopEnabled: CHHapticAudioResourceKey = "LoopEnabled"
