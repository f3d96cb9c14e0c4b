import Foundation

/// A single self-contained HTML page to *see and hear* a pattern: the timeline SVG inline,
/// the audition render as an embedded `<audio>` (base64 `data:audio/wav` URI), a playhead
/// that follows playback over the SVG, and the lint diagnostics and inspect summary as
/// tables.
///
/// Self-contained means no network and no neighbouring files: it works when double-clicked,
/// mailed or attached to a bug. The page contains no URL at all — even the SVG namespace
/// declaration is dropped, since the HTML parser puts an inline `<svg>` in the SVG namespace
/// by itself.
///
/// Size: the WAV grows by a third in base64; callers should audition long patterns at a
/// modest rate (e.g. 16-bit mono 22.05 kHz ≈ 2.6 MB per minute of page).
public enum AuditionPage {
    /// Builds the page.
    ///
    /// - Parameters:
    ///   - plot: the plotted data (title, duration).
    ///   - svg: `TimelinePlot.svg(for: plot)`; the playhead reads its `data-plot-*` attributes.
    ///   - wavBytes: a complete WAV file (header included).
    ///   - diagnostics: lint messages, one per row; a leading `error:`/`warning:`/`note:`
    ///     sets the row's severity badge.
    ///   - summary: inspect facts as (name, value) rows, in order.
    /// - Complexity: O(svg + wavBytes).
    public static func html(
        plot: PlotData, svg: String, wavBytes: Data, diagnostics: [String], summary: [(String, String)]
    ) -> String {
        let title = esc(plot.title)
        var page = ""
        page.reserveCapacity(svg.utf8.count + wavBytes.count * 4 / 3 + 16_384)
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
            <audio id="audition" controls preload="auto" src="data:audio/wav;base64,
            """
        page += wavBytes.base64EncodedString()
        page += """
            "></audio>
            <p class="hint">Click the timeline to seek · Space plays and pauses</p>
            </header>
            <figure id="timeline">

            """
        page += inlineSVG(svg)
        page += "</figure>\n<section class=\"tables\">\n"
        page += summaryTable(summary)
        page += diagnosticsTable(diagnostics)
        page += "</section>\n<script>\n\(script)</script>\n</body>\n</html>\n"
        return page
    }

    /// The SVG without its XML declaration (not allowed mid-document) and namespace URL.
    static func inlineSVG(_ svg: String) -> String {
        var s = Substring(svg)
        if s.hasPrefix("<?xml"), let end = s.range(of: "?>") {
            s = s[end.upperBound...].drop { $0 == "\n" }
        }
        return String(s).replacingOccurrences(of: " xmlns=\"http://www.w3.org/2000/svg\"", with: "")
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
        if messages.isEmpty { out += "<tr><td class=\"none\">No diagnostics — the pattern is clean.</td></tr>\n" }
        for (i, message) in messages.enumerated() {
            let lower = message.lowercased()
            let severity = ["error", "warning", "note"].first { lower.hasPrefix($0 + ":") || lower.contains(": \($0):") }
                ?? "info"
            out += "<tr class=\"\(severity)\"><td class=\"n\">\(i + 1)</td>"
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
        figure{margin:0;padding:8px 0}
        figure svg{display:block;width:100%;height:auto;cursor:crosshair}
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

    /// Moves a playhead line (created inside the SVG, so it scales with it) to the audio's
    /// `currentTime` every animation frame while playing and on seeks. Time → x uses the
    /// SVG's `data-plot-left`/`data-plot-width`/`data-duration`. `data-audio-ready` on
    /// `<body>` tells automated checks that the embedded WAV decoded.
    private static let script = """
        (function () {
          "use strict";
          var audio = document.getElementById("audition");
          var svg = document.querySelector("#timeline svg");
          function ready() { document.body.dataset.audioReady = "1"; }
          audio.addEventListener("loadedmetadata", ready);
          audio.addEventListener("error", function () { document.body.dataset.audioReady = "error"; });
          if (audio.readyState >= 1) ready();
          if (!svg) return;
          var left = +svg.dataset.plotLeft, width = +svg.dataset.plotWidth;
          var top = +svg.dataset.plotTop, bottom = +svg.dataset.plotBottom;
          var duration = +svg.dataset.duration;
          var line = document.createElementNS(svg.namespaceURI, "line");
          line.setAttribute("id", "playhead");
          line.setAttribute("y1", top - 4);
          line.setAttribute("y2", bottom + 4);
          line.setAttribute("stroke", "#cf222e");
          line.setAttribute("stroke-width", "1.5");
          line.setAttribute("pointer-events", "none");
          svg.appendChild(line);
          function place() {
            var t = Math.min(Math.max(audio.currentTime / duration, 0), 1);
            var x = (left + t * width).toFixed(1);
            line.setAttribute("x1", x);
            line.setAttribute("x2", x);
          }
          function frame() { place(); if (!audio.paused && !audio.ended) requestAnimationFrame(frame); }
          audio.addEventListener("play", function () { requestAnimationFrame(frame); });
          ["seeked", "timeupdate", "pause", "ended"].forEach(function (e) { audio.addEventListener(e, place); });
          svg.addEventListener("click", function (e) {
            var p = svg.createSVGPoint(); p.x = e.clientX; p.y = e.clientY;
            var local = p.matrixTransform(svg.getScreenCTM().inverse());
            var t = (local.x - left) / width * duration;
            if (t >= 0 && t <= duration) { audio.currentTime = t; place(); }
          });
          document.addEventListener("keydown", function (e) {
            if (e.code === "Space" && e.target === document.body) {
              e.preventDefault(); if (audio.paused) audio.play(); else audio.pause();
            }
          });
          place();
        })();

        """
}
