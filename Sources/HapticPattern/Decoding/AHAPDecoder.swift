/// Decodes AHAP bytes into a canonical ``HapticPattern`` plus diagnostics.
///
/// ## Policy
/// * **Strict** mode answers "would Core Haptics (iOS 26.1) load and play this file?".
///   Strict JSON (trailing commas are errors), required keys, and the Core Haptics error
///   codes of docs/ahap-format.md, Error codes, are errors. What Core Haptics silently accepts —
///   clamping, the 30 s continuous cap, unknown keys, integer or string `Version`,
///   numeric strings — is a warning or note, never an error.
/// * **Lenient** mode (default) renders everything that has one clear meaning and says
///   what it accepted: trailing commas, legacy `EventTime`/`ParameterTime`, numeric
///   strings, wrong-case type/parameter/key names, `Haptic…Time` aliases of the envelope
///   parameters, parameters that do not apply to the event type (ignored), out-of-range
///   values (clamped), over-long continuous events (capped), >16 curve points, unsorted
///   items.
/// * **Broken item** (lenient): an event, parameter or curve that Core Haptics would
///   reject and that has no clear meaning (no `EventType`, no or negative `Time`,
///   missing duration of a sustained continuous event, AudioCustom without a path …) is
///   **skipped with a warning** so the rest renders. In strict mode the same finding is an
///   error and the file is rejected.
/// * **Broken file** (both modes): invalid JSON other than trailing commas, top level not
///   an object, no `Pattern`, `Pattern` not an array, or nothing left to play fails with
///   one clear error and `pattern == nil`.
/// * In strict mode `pattern` is still returned (best effort, items with errors left out)
///   when the file structure is readable, so tools can inspect a rejected file;
///   ``PatternDecodeResult/accepted`` is what tells whether Core Haptics would play it.
/// * Values are stored as written (Doubles); Core Haptics' float32 rounding of times is
///   left to the renderer. Duplicate keys: the last occurrence wins, as in
///   `JSONSerialization`.
///
/// Complexity: O(n log n) in the number of items (parsing is O(bytes); sorting dominates).
public struct AHAPDecoder: Sendable {
    /// How tolerant the decoder is.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// Accept everything with one clear meaning and report it (default).
        case lenient
        /// Accept exactly what Core Haptics accepts.
        case strict
    }

    /// Decoder configuration.
    public struct Options: Hashable, Sendable {
        public var mode: Mode
        /// Resource caps; a file over one is rejected in both modes (see ``PatternLimits``).
        public var limits: PatternLimits

        public init(mode: Mode = .lenient, limits: PatternLimits = .default) {
            self.mode = mode
            self.limits = limits
        }
    }

    public var options: Options

    public init(options: Options = .init()) {
        self.options = options
    }

    /// Decodes one AHAP document.
    public func decode(_ bytes: [UInt8]) -> PatternDecodeResult {
        var context = DecodingContext(strict: options.mode == .strict, limits: options.limits)
        let pattern = context.decodeDocument(bytes)
        context.summarizeSuppressedDiagnostics()
        return PatternDecodeResult(
            pattern: pattern, diagnostics: context.diagnostics,
            waveformPathLocations: context.waveformPathLocations)
    }
}
