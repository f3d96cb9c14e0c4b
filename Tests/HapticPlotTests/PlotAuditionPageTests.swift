import Foundation
import HapticRenderKit
import Testing

@testable import HapticPlot

@Suite("Audition page HTML")
struct PlotAuditionPageTests {
    static func page(_ data: PlotData = PlotFixtures.demo()) -> (html: String, wav: Data) {
        let wav = PlotFixtures.wav(
            Array(data.audioLeft.prefix(Int(data.sampleRate * data.duration))),
            sampleRate: Int(data.sampleRate))
        let html = AuditionPage.html(
            plot: data, svg: TimelinePlot.svg(for: data),
            audio: .init(bytes: wav, mimeType: "audio/wav"),
            detail: TimelineDetail(data: data),
            diagnostics: [
                "warning: Event 3: EventDuration 40 s exceeds 30 s", "error: <bad> & \"worse\"",
            ],
            summary: [("Events", "12"), ("Duration", "4.000 s")])
        return (html, wav)
    }

    @Test("is self-contained: no URLs, audio as a data URI, SVG inline, playhead script")
    func selfContained() {
        let (html, wav) = Self.page()
        for reference in ["http://", "https://", "src=\"//", "href=\"//", "url(//", "@import"] {
            #expect(!html.contains(reference), "page references the network: \(reference)")
        }
        #expect(html.contains("<audio id=\"audition\" controls"))
        #expect(html.contains("src=\"data:audio/wav;base64,\(wav.base64EncodedString())\""))
        #expect(html.contains("<svg width=\"1600\""))
        #expect(html.contains("data-plot-left=\"150\""))
        #expect(!html.contains("<?xml"), "an XML declaration is invalid inside HTML")
        #expect(html.contains("requestAnimationFrame") && html.contains("currentTime"))
        #expect(html.contains("id=\"lane-drive\""))
        #expect(
            html.contains(
                "<script type=\"application/json\" id=\"timeline-detail\">{\"duration\":4,"))
        #expect(html.contains("addEventListener(\"wheel\"") && html.contains("id=\"readout\""))
    }

    @Test("shows diagnostics and summary as escaped tables")
    func tables() {
        let (html, _) = Self.page()
        #expect(
            html.contains("<table id=\"diagnostics\">") && html.contains("<table id=\"summary\">"))
        #expect(html.contains("<tr class=\"warning\">") && html.contains("<tr class=\"error\">"))
        #expect(html.contains("error: &lt;bad&gt; &amp; &quot;worse&quot;"))
        #expect(html.contains("<th scope=\"row\">Duration</th><td>4.000 s</td>"))
        #expect(html.contains("Diagnostics (2)"))
        let clean = AuditionPage.html(
            plot: PlotFixtures.demo(), svg: "", audio: .init(bytes: Data(), mimeType: "audio/wav"),
            diagnostics: [], summary: [])
        #expect(clean.contains("No diagnostics"))
        #expect(!clean.contains("timeline-detail\">"), "no detail data: the page does not zoom")
    }
}
