import FoundationEssentials
import SoundFile

/// A single self-contained HTML page to *see and hear* a pattern: the timeline SVG inline,
/// the audition render as an embedded `<audio>` (a base64 `data:` URI, MP3 by default), a
/// playhead that follows playback, zoom and pan with a cursor readout (from the
/// `TimelineDetail` data), and the lint diagnostics and inspect summary as tables.
///
/// Self-contained means no network and no neighbouring files: it works when double-clicked,
/// mailed or attached to a bug. The page contains no URL at all — even the SVG namespace
/// declaration is dropped, since the HTML parser puts an inline `<svg>` in the SVG namespace
/// by itself.
///
/// Size: the audio grows by a third in base64 — MP3 (≈ 0.8 MB per minute of page) keeps a
/// 12-minute film pattern's page at 19 MB (9 MB audio, 9.5 MB zoom data) where a 16-bit WAV
/// made it 179 MB; the detail data is bounded (see `TimelineDetail`).
public enum AuditionPage {
    /// Audio to embed: a complete file and its MIME type.
    public struct Audio: Sendable {
        /// `audio/mpeg` for MP3, `audio/wav` for WAV.
        public var mimeType: String
        /// The file's size in bytes.
        public let byteCount: Int
        /// Passes the file's bytes to `body` in order, a piece at a time.
        let forEachChunk: @Sendable (_ body: ([UInt8]) throws -> Void) throws -> Void

        /// Audio in memory.
        public init(bytes: Data, mimeType: String) {
            self.mimeType = mimeType
            byteCount = bytes.count
            forEachChunk = { body in try body(Array(bytes)) }
        }

        /// Audio in a file no one sees, read a piece at a time as the page is written: a
        /// long render's audio is never in memory whole.
        public init(file: UnnamedFile, mimeType: String) {
            self.mimeType = mimeType
            byteCount = file.size
            forEachChunk = { body in try file.forEachChunk(of: AuditionPage.audioChunkBytes, body) }
        }

        /// The whole file (for tests and small pages).
        public var bytes: Data {
            var all = Data()
            try? forEachChunk { all.append(contentsOf: $0) }
            return all
        }
    }

    /// Bytes of audio encoded per piece: a multiple of 3, so the pieces' base64 joins into
    /// the whole file's.
    static let audioChunkBytes = 3 << 16

    /// Builds the page in memory (``write(plot:svg:audio:detail:diagnostics:summary:to:)``
    /// collected). O(page).
    public static func html(
        plot: PlotData, svg: String, audio: Audio, detail: TimelineDetail? = nil,
        diagnostics: [String], summary: [(String, String)]
    ) -> String {
        var page = ""
        page.reserveCapacity(
            svg.utf8.count + audio.byteCount * 4 / 3 + (detail?.json.utf8.count ?? 0) + 65_536)
        try? write(
            plot: plot, svg: svg, audio: audio, detail: detail, diagnostics: diagnostics,
            summary: summary
        ) { page += $0 }
        return page
    }

    /// Writes the page, a piece at a time, to `output`: the audio's base64 as it is read, so
    /// memory holds the picture, the zoom data and one piece of audio, however long the
    /// pattern (an hour of WAV makes a page of 1.2 GB).
    ///
    /// - Parameters:
    ///   - plot: the plotted data (title, duration).
    ///   - svg: `TimelinePlot.svg(for: plot)`; the playhead reads its `data-plot-*` attributes.
    ///   - audio: the audio file to play.
    ///   - detail: the zoom data for the same plot and width; nil leaves the page unzoomable.
    ///   - diagnostics: lint messages, one per row; a leading `error:`/`warning:`/`note:`
    ///     sets the row's severity badge.
    ///   - summary: inspect facts as (name, value) rows, in order.
    ///   - output: takes each piece of the page, in order; an error it throws stops the page.
    /// - Complexity: O(svg + audio + detail).
    public static func write(
        plot: PlotData, svg: String, audio: Audio, detail: TimelineDetail? = nil,
        diagnostics: [String], summary: [(String, String)], to output: (String) throws -> Void
    ) throws {
        let title = esc(plot.title)
        var page = ""
        let hint =
            detail == nil
            ? "Click the timeline to seek · Space plays and pauses"
            : "Wheel zooms · drag or ←/→ pans · +/− zoom · 0 shows all · click seeks · Space plays"
        page += """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) — HapticRender audition</title>
            <style>\(css)</style>
            </head>
            <body>
            <header>
            <h1>\(title)</h1>
            <audio id="audition" controls preload="auto" src="data:\(esc(audio.mimeType));base64,
            """
        try output(page)
        try audio.forEachChunk { try output(Data($0).base64EncodedString()) }
        page = """
            "></audio>
            <div><p class="hint">\(hint)</p><p id="readout" aria-live="off"></p></div>
            </header>
            <figure id="timeline">

            """
        page += inlineSVG(svg)
        page += "</figure>\n"
        if let detail {
            // Written as it is, not appended: the zoom data grows with the pattern (tens of MB
            // for an hour), and a page in one string would hold it twice more.
            try output(page + "<script type=\"application/json\" id=\"timeline-detail\">")
            try output(detail.json)
            page = "</script>\n"
        }
        page += "<section class=\"tables\">\n"
        page += summaryTable(summary)
        page += diagnosticsTable(diagnostics)
        page += "</section>\n<script>\n\(script)</script>\n</body>\n</html>\n"
        try output(page)
    }

    /// The SVG without its XML declaration (not allowed mid-document) and namespace URL.
    static func inlineSVG(_ svg: String) -> String {
        var s = Substring(svg)
        if s.hasPrefix("<?xml"), let end = s.firstRange(of: "?>") {
            s = s[end.upperBound...].drop { $0 == "\n" }
        }
        return String(s).replacing(" xmlns=\"http://www.w3.org/2000/svg\"", with: "")
    }

    private static func summaryTable(_ rows: [(String, String)]) -> String {
        var out = "<div><h2>Summary</h2>\n<table id=\"summary\">\n"
        if rows.isEmpty { out += "<tr><td class=\"none\">No summary.</td></tr>\n" }
        for (name, value) in rows {
            out += "<tr><th scope=\"row\">\(esc(name))</th><td>\(esc(value))</td></tr>\n"
        }
        return out + "</table></div>\n"
    }

    private static func diagnosticsTable(_ messages: [String]) -> String {
        var out = "<div><h2>Diagnostics (\(messages.count))</h2>\n<table id=\"diagnostics\">\n"
        if messages.isEmpty {
            out += "<tr><td class=\"none\">No diagnostics — the pattern is clean.</td></tr>\n"
        }
        for (i, message) in messages.enumerated() {
            let lower = message.lowercased()
            let severity =
                ["error", "warning", "note"].first {
                    lower.hasPrefix($0 + ":") || lower.contains(": \($0):")
                }
                ?? "info"
            out +=
                "<tr class=\"\(severity)\"><td class=\"n\">\(i + 1)</td>"
                + "<td><span class=\"badge\">\(severity)</span></td><td>\(esc(message))</td></tr>\n"
        }
        return out + "</table></div>\n"
    }

    private static func esc(_ s: String) -> String { SVGBuilder.escape(s) }

    private static let css = """
        :root{color-scheme:light;font-family:Inter,'Helvetica Neue',Helvetica,Arial,sans-serif;color:#1f2328}
        body{margin:0;background:#fff}
        header{position:sticky;top:0;z-index:1;display:flex;gap:24px;align-items:center;padding:12px 24px;
        background:#ffffffee;border-bottom:1px solid #e1e4e8}
        h1{font-size:18px;margin:0;font-weight:600}
        h2{font-size:14px;margin:0 0 8px}
        audio{width:420px}
        .hint{margin:0;font-size:12px;color:#6e7781}
        #readout{margin:2px 0 0;min-height:1.3em;font:12px ui-monospace,'DejaVu Sans Mono',monospace;color:#1f2328;white-space:pre}
        figure{margin:0;padding:8px 0}
        figure svg{display:block;width:100%;height:auto;cursor:crosshair;touch-action:none;user-select:none}
        .tables{display:flex;flex-wrap:wrap;gap:32px;padding:8px 24px 32px}
        .tables>div{flex:1 1 420px}
        table{border-collapse:collapse;font-size:13px;width:100%}
        th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eaeef2;vertical-align:top}
        th{font-weight:500;color:#57606a;white-space:nowrap}
        td.n{color:#8c959f;width:2em}
        td.none{color:#6e7781;font-style:italic}
        .badge{display:inline-block;font-size:11px;padding:1px 6px;border-radius:8px;background:#eaeef2}
        tr.error .badge{background:#ffebe9;color:#cf222e}
        tr.warning .badge{background:#fff8c5;color:#9a6700}
        tr.note .badge{background:#ddf4ff;color:#0969da}
        """
}
