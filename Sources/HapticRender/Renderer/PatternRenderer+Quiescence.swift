extension PatternRenderer {
    /// Whether the rest of the render depends only on the position: no voice sounds and the
    /// actuator is at exact rest (``LRAModel/isAtRest``). Continuing from here then gives the
    /// same samples, bit for bit, as a renderer that ``seek(toSample:)``s here — which is what
    /// lets one file be rendered in segments on several threads. O(1).
    package func isQuiescent() -> Bool {
        haptics.isSilent && audio.isSilent && actuator.isAtRest
    }
}
