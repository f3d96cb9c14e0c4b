import HapticPattern
import HapticRender
import HapticRenderKit
import Synchronization

/// `hr_options`: the settings of `ahap-render render`'s flags, kept until a render resolves
/// them. The actuator stays a name, path or JSON text until then because a profile is checked
/// against the sample rate, which may be set after it. Behind a lock, so a setter racing a
/// render on another thread is safe (the render takes a snapshot).
final class COptions: Sendable {
    /// How `hr_options_set_actuator*` named the actuator.
    enum Actuator: Sendable {
        /// A preset or a JSON profile's path, resolved like `--actuator`.
        case named(String)
        /// JSON profile text.
        case json(String)
    }

    struct Settings: Sendable {
        var render = RenderOptions()
        var actuator = Actuator.named("iphone")
    }

    private let settings = Mutex(Settings())

    /// The most channels a channel list may name (`hr_options_set_channels`): the one-shot
    /// render holds frames × channels floats in memory, and 16 is four copies of every signal.
    static let maxChannels = 16

    /// The settings now (a copy).
    var snapshot: Settings { settings.withLock { $0 } }

    /// Changes the settings under the lock.
    func change(_ body: (inout Settings) throws(CError) -> Void) throws(CError) {
        try settings.withLock { (s) throws(CError) in try body(&s) }
    }

    /// The render options with the actuator loaded at the sample rate, checked as the CLI
    /// checks its flags (``RenderOptions/validateRendering()``). O(profile size).
    func resolved() throws(CError) -> RenderOptions {
        let settings = snapshot
        var options = settings.render
        do {
            switch settings.actuator {
            case .named(let name):
                options.actuator = try ActuatorProfileLoader.resolve(
                    name, sampleRate: options.sampleRate)
            case .json(let text):
                options.actuator = try ActuatorProfileLoader.decode(
                    Array(text.utf8), path: "<actuator json>",
                    sampleRate: options.sampleRate)
            }
        } catch {
            throw CError(error)
        }
        do { try options.validateRendering() } catch { throw CError(error) }
        return options
    }

    /// The options behind a possibly NULL handle: NULL means the defaults.
    static func resolved(_ handle: OpaquePointer?) throws(CError) -> RenderOptions {
        guard handle != nil else { return try COptions().resolved() }
        let options: COptions = try object(handle, "options")
        return try options.resolved()
    }
}

/// Applies `change` to the settings behind `handle` under their lock, reporting what it throws.
private func setting(
    _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ change: (inout COptions.Settings) throws(CError) -> Void
) -> Int32 {
    catching(out) { () throws(CError) in
        let options: COptions = try object(handle, "options")
        try options.change(change)
    }
}

/// A finite number, or an argument error naming `what`.
private func finite(_ value: Double, _ what: String) throws(CError) -> Double {
    guard value.isFinite else { throw .argument("\(what) must be a finite number, not \(value)") }
    return value
}

@_cdecl("hr_options_create")
public func hr_options_create() -> OpaquePointer? { try? handle(COptions()) }

@_cdecl("hr_options_free")
public func hr_options_free(_ options: OpaquePointer?) {
    CHandles.release(options, as: COptions.self)
}

@_cdecl("hr_options_set_layout")
public func hr_options_set_layout(
    _ options: OpaquePointer?, _ layout: UnsafePointer<CChar>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        let name = try string(layout, "layout")
        guard let value = OutputLayout(rawValue: name) else {
            let names = OutputLayout.allCases.map(\.rawValue).joined(separator: ", ")
            throw .argument("unknown layout '\(name)': use \(names)")
        }
        o.render.layout = value
        o.render.channels = nil
    }
}

@_cdecl("hr_options_set_channels")
public func hr_options_set_channels(
    _ options: OpaquePointer?, _ channels: UnsafePointer<CChar>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        let list = try string(channels, "channels")
        var result: [RenderSignal] = []
        let parts = list.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= COptions.maxChannels else {
            throw .argument(
                "the channel list has \(parts.count) channels; at most \(COptions.maxChannels)")
        }
        for part in parts {
            let name = part.trimmingWhitespace()
            guard let channel = RenderSignal(rawValue: name) else {
                let names = RenderSignal.allCases.map(\.rawValue).joined(separator: ", ")
                throw .argument(
                    "unknown channel '\(name)' in '\(list)': use a comma-separated list of \(names)"
                )
            }
            result.append(channel)
        }
        o.render.channels = result
    }
}

@_cdecl("hr_options_set_sample_rate")
public func hr_options_set_sample_rate(
    _ options: OpaquePointer?, _ hz: Double,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        o.render.sampleRate = try finite(hz, "the sample rate")
    }
}

@_cdecl("hr_options_set_actuator")
public func hr_options_set_actuator(
    _ options: OpaquePointer?, _ presetOrPath: UnsafePointer<CChar>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setActuator(options, error) { () throws(CError) in try string(presetOrPath, "actuator") }
}

@_cdecl("hr_options_set_actuator_n")
public func hr_options_set_actuator_n(
    _ options: OpaquePointer?, _ presetOrPath: UnsafePointer<CChar>?, _ length: UInt,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setActuator(options, error) { () throws(CError) in
        try string(presetOrPath, length: length, "actuator")
    }
}

/// `hr_options_set_actuator` with the name read by `name`.
private func setActuator(
    _ options: OpaquePointer?, _ error: UnsafeMutablePointer<OpaquePointer?>?,
    _ name: () throws(CError) -> String
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        let name = try name()
        guard
            ActuatorProfile.preset(named: name) != nil || name.hasSuffix(".json")
                || name.contains("/")
        else {
            throw .argument(ActuatorProfileLoader.unknownPreset(name))
        }
        o.actuator = .named(name)
    }
}

@_cdecl("hr_options_set_actuator_json")
public func hr_options_set_actuator_json(
    _ options: OpaquePointer?, _ json: UnsafePointer<CChar>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        o.actuator = .json(try string(json, "actuator json"))
    }
}

@_cdecl("hr_options_set_rate")
public func hr_options_set_rate(
    _ options: OpaquePointer?, _ rate: Double,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        guard rate.isFinite, rate > 0 else {
            throw .argument("the playback rate must be a positive number, not \(rate)")
        }
        o.render.player.playbackRate = rate
    }
}

@_cdecl("hr_options_set_loops")
public func hr_options_set_loops(
    _ options: OpaquePointer?, _ count: Int64,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        guard (0...100_000).contains(count) else {
            throw .argument(
                "the loop count must be between 1 and 100000 (0: no loop), not \(count)")
        }
        o.render.player.loop = count == 0 ? nil : LoopOptions(count: Int(count))
    }
}

@_cdecl("hr_options_set_start")
public func hr_options_set_start(
    _ options: OpaquePointer?, _ seconds: Double,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        guard seconds.isFinite, seconds >= 0 else {
            throw .argument("the start must be zero or more seconds, not \(seconds)")
        }
        o.render.player.startOffset = seconds
    }
}

@_cdecl("hr_options_set_duration")
public func hr_options_set_duration(
    _ options: OpaquePointer?, _ seconds: Double,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        guard seconds.isFinite, seconds >= 0 else {
            throw .argument(
                "the duration must be a positive number of seconds (0: natural length), not \(seconds)"
            )
        }
        o.render.duration = seconds == 0 ? nil : seconds
    }
}

@_cdecl("hr_options_add_parameter")
public func hr_options_add_parameter(
    _ options: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ value: Double,
    _ seconds: Double, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        let name = try string(id, "parameter id")
        guard let parameterID = DynamicParameterID(name: name) else {
            let names = DynamicParameterID.allCases.map(\.rawValue).joined(separator: ", ")
            throw .argument("unknown dynamic parameter '\(name)': use \(names)")
        }
        guard seconds.isFinite, seconds >= 0 else {
            throw .argument("the parameter time must be zero or more seconds, not \(seconds)")
        }
        let parameter = RuntimeParameter(
            id: parameterID, value: try finite(value, "the parameter value"), time: seconds)
        o.render.player.runtimeParameters.append(parameter)
    }
}

@_cdecl("hr_options_clear_parameters")
public func hr_options_clear_parameters(_ options: OpaquePointer?) {
    _ = setting(options, nil) { (o: inout COptions.Settings) throws(CError) in
        o.render.player.runtimeParameters = []
    }
}

@_cdecl("hr_options_set_strict")
public func hr_options_set_strict(
    _ options: OpaquePointer?, _ strict: Int32,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        guard strict == 0 || strict == 1 else {
            throw .argument("strict must be 0 or 1, not \(strict)")
        }
        o.render.strict = strict == 1
    }
}

@_cdecl("hr_options_add_search_root")
public func hr_options_add_search_root(
    _ options: OpaquePointer?, _ folder: UnsafePointer<CChar>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        o.render.searchRoots.append(try string(folder, "search root"))
    }
}

@_cdecl("hr_options_add_search_root_n")
public func hr_options_add_search_root_n(
    _ options: OpaquePointer?, _ folder: UnsafePointer<CChar>?, _ length: UInt,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    setting(options, error) { (o: inout COptions.Settings) throws(CError) in
        o.render.searchRoots.append(try string(folder, length: length, "search root"))
    }
}
