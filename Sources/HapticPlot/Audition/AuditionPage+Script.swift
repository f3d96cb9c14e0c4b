extension AuditionPage {
    /// The page's behaviour, in plain ES5 (no build step, no library):
    ///
    /// - **Audio**: `data-audio-ready="1"` and `data-audio-duration` (seconds, as decoded by
    ///   the browser) on `<body>` tell automated checks that the embedded audio decoded.
    /// - **Playhead**: a line inside the SVG (so it scales with it) follows `currentTime`
    ///   every animation frame while playing; while zoomed, the view turns the page when the
    ///   playhead leaves it. Click seeks; Space plays and pauses.
    /// - **Zoom and pan** (needs the `TimelineDetail` JSON in `#timeline-detail`): the wheel
    ///   zooms around the cursor (Shift or a horizontal wheel pans), dragging pans, `+`/`−`
    ///   zoom, `←`/`→` pan, `0` resets. At the full view the static SVG shows; zoomed, the
    ///   panels' marks, grid and time axis are redrawn from the detail data for the visible
    ///   range, signals from the coarsest pyramid level with at least one entry per pixel —
    ///   O(pixels) per redraw whatever the pattern's length. `#view=START,END` (seconds) in
    ///   the URL opens a zoomed view. The visible range is mirrored in the SVG's
    ///   `data-view-start`/`data-view-end`; `window.hapticTimeline` exposes `setView`,
    ///   `zoom` and `view` for scripting.
    /// - **Readout**: the time under the cursor and the panels' values there (effective
    ///   intensity and sharpness, drive, acceleration in g, audio as min…max in the pixel
    ///   column) in `#readout`, with a cursor line.
    ///
    /// The script is its own file, `audition.js` beside this one, compiled in by the
    /// `EmbedText` build plugin.
    static let script = auditionJS
}
