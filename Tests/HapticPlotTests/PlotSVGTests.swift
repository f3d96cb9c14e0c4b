import Foundation
import HapticRenderKit
import HapticTestSupport
import Testing

@testable import HapticPlot

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Collects element names, `id`s and text of an XML document; fails on malformed XML.
private final class XMLSurvey: NSObject, XMLParserDelegate {
    var ids: Set<String> = []
    var elements: [String: Int] = [:]
    var text = ""
    var rootAttributes: [String: String] = [:]

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if elements.isEmpty { rootAttributes = attributes }
        elements[name, default: 0] += 1
        if let id = attributes["id"] { ids.insert(id) }
        text += " "  // entities arrive as separate chunks; separate elements, not chunks
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    static func parse(_ xml: String) -> (survey: XMLSurvey, error: String?) {
        let survey = XMLSurvey()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = survey
        let ok = parser.parse()
        return (survey, ok ? nil : String(describing: parser.parserError))
    }
}

@Suite("Timeline plot SVG")
struct PlotSVGTests {
    @Test("is well-formed XML with every panel, the legend, the title and the playhead geometry")
    func structure() throws {
        let data = PlotFixtures.demo()
        let svg = TimelinePlot.svg(for: data)
        let (survey, error) = XMLSurvey.parse(svg)
        #expect(error == nil, "SVG is not well-formed: \(error ?? "")")
        for panel in [
            "haptic-events", "intensity", "sharpness", "audio-events", "drive", "acceleration",
            "audio",
        ] {
            #expect(survey.ids.contains("lane-\(panel)"), "missing panel group lane-\(panel)")
        }
        #expect(survey.ids.contains("legend"))
        #expect(survey.ids.contains("time-axis"))
        #expect(survey.ids.contains("title"))
        for label in [
            "Haptic events", "Intensity", "Sharpness", "Audio events", "Drive", "Acceleration",
            "Audio", "time (s)", "Heartbeat.ahap", "Generic LRA 170 Hz", "knock.wav",
            "±1.5 g", "Sharpness colour", "normalized",
        ] {
            #expect(survey.text.contains(label), "missing text \(label)")
        }
        #expect(survey.rootAttributes["width"] == "1600")
        #expect(survey.rootAttributes["data-plot-left"] == "150")
        #expect(survey.rootAttributes["data-plot-width"] == "1422")
        #expect(survey.rootAttributes["data-duration"] == "4.000000")
        // Every haptic and audio event of the demo is drawn (sparse: nothing merges).
        #expect(svg.contains("<circle"), "sparse transients get stem heads")
    }

    @Test("is deterministic and honours the width")
    func determinism() {
        let data = PlotFixtures.demo()
        #expect(TimelinePlot.svg(for: data) == TimelinePlot.svg(for: data))
        let narrow = TimelinePlot.svg(for: data, width: 800)
        #expect(narrow.contains("width=\"800\""))
        #expect(narrow != TimelinePlot.svg(for: data))
    }

    @Test("escapes names and survives empty or degenerate data")
    func degenerate() {
        var data = PlotData(
            title: "a<b>&\"c\".ahap", duration: 0, actuatorName: "LRA & co",
            accelerationFullScaleG: 1,
            sampleRate: 0)
        data.hapticEvents = [
            PlotEvent(time: .nan, kind: .hapticTransient(intensity: 2, sharpness: -1))
        ]
        data.audioEvents = [
            PlotEvent(
                time: 0, duration: 1, kind: .audioCustom(fileName: "x<y>.wav", volume: .infinity))
        ]
        let svg = TimelinePlot.svg(for: data, width: 10)
        let (survey, error) = XMLSurvey.parse(svg)
        #expect(error == nil, "\(error ?? "")")
        #expect(survey.text.contains("a<b>&\"c\".ahap"))
        #expect(svg.contains("width=\"\(TimelinePlot.minimumWidth)\""))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test("converts to a PNG of the requested width with rsvg-convert")
    func rasterizes() throws {
        let tool = try #require(
            PlotTools.which("rsvg-convert"),
            "rsvg-convert is missing: install librsvg2-bin (.ci/run does)")
        let folder = try TempFolder()
        defer { folder.cleanUp() }
        let dir = folder.url
        for width in [1600, 900] {
            let svgURL = dir.appendingPathComponent("plot-\(width).svg")
            let pngURL = dir.appendingPathComponent("plot-\(width).png")
            try TimelinePlot.svg(for: PlotFixtures.demo(), width: width).write(
                to: svgURL, atomically: true, encoding: .utf8)
            let result = try PlotTools.run(tool, ["-o", pngURL.path, svgURL.path])
            #expect(result.status == 0, "rsvg-convert failed: \(result.err)")
            let size = try #require(PlotTools.pngSize(try Data(contentsOf: pngURL)), "not a PNG")
            #expect(size.width == width)
            #expect(size.height > 800)
            if let keep = ProcessInfo.processInfo.environment["PLOT_OUTPUT_DIR"] {
                try? FileManager.default.copyItem(
                    at: pngURL,
                    to: URL(fileURLWithPath: keep).appendingPathComponent("demo-\(width).png"))
                try? FileManager.default.copyItem(
                    at: svgURL,
                    to: URL(fileURLWithPath: keep).appendingPathComponent("demo-\(width).svg"))
            }
        }
    }
}
