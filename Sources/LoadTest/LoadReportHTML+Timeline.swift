import Foundation
import HTMLText

extension LoadReportHTML {
    /// The run over time (``LoadReport/timeline``): requests and errors per second, then p50
    /// and p99 per second, each an inline SVG with its axes titled; empty without a timeline.
    /// A second in which no request succeeded has no latency: the latency chart's lines break
    /// there (a gap, never a drop to 0).
    ///
    /// DOM contract: `<svg id="timeline-requests">` and `<svg id="timeline-latency">`; in each,
    /// a series is one `<polyline data-series="NAME" data-first="S" data-last="T">` per run of
    /// seconds S to T that have a value (a lone second's is one point, drawn as a dot).
    static func timeline(_ points: [LoadTimeline.Point]?) -> Markup {
        guard let points, !points.isEmpty else { return "" }
        var html: Markup =
            "<h2>Over time</h2>\n<p class=\"note\">Each second after the first reply: the requests that ended in it, the failed ones among them, and the latency's p50 and p99 of the successful ones (within 5%). A second in which no request succeeded has no latency: its lines break there.</p>\n"
        html += lines(
            id: "timeline-requests", title: "Requests and errors per second", unit: "per second", points: points,
            series: [("requests", "#1f77b4", points.map { Double($0.requests) }), ("errors", "#d62728", points.map { Double($0.errors) })]
        )
        html += lines(
            id: "timeline-latency", title: "Latency of successful requests per second", unit: "ms", points: points,
            series: [("p50", "#2ca02c", points.map(\.p50)), ("p99", "#ff7f0e", points.map(\.p99))]
        )
        return html
    }

    /// One chart: x the second, y from 0 to the largest value, per series a polyline for each run
    /// of seconds with a value (nil: no value, a gap), and a legend.
    static func lines(
        id: String, title: String, unit: String, points: [LoadTimeline.Point], series: [(name: String, color: String, values: [Double?])]
    ) -> Markup {
        let width = 640.0
        let height = 220.0
        let left = 60.0
        let right = 20.0
        let top = 20.0
        let bottom = 40.0
        let topValue = max(series.flatMap { $0.values.compactMap(\.self) }.max() ?? 1, 1e-9)
        let lastSecond = Double(max(points.count - 1, 1))
        func x(_ index: Int) -> Double { left + (width - left - right) * Double(index) / lastSecond }
        func y(_ value: Double) -> Double { height - bottom - (height - top - bottom) * value / topValue }
        var svg: Markup =
            "<svg class=\"chart\" id=\"\(id)\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(title)\">\n"
        svg += "<line x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - right)\" y2=\"\(height - bottom)\" stroke=\"#999\"/>"
        svg += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(height - bottom)\" stroke=\"#999\"/>\n"
        svg += "<text x=\"\(left - 6)\" y=\"\(top + 4)\" text-anchor=\"end\" font-size=\"11\">\(format(topValue))</text>"
        svg += "<text x=\"\(left - 6)\" y=\"\(height - bottom + 4)\" text-anchor=\"end\" font-size=\"11\">0</text>"
        svg += "<text x=\"\(width - right)\" y=\"\(height - bottom + 16)\" text-anchor=\"end\" font-size=\"11\">\(points.count - 1) s</text>\n"
        svg +=
            "<text x=\"\((left + width - right) / 2)\" y=\"\(height - 6)\" text-anchor=\"middle\" font-size=\"12\">seconds after the first reply</text>"
        svg +=
            "<text x=\"14\" y=\"\((top + height - bottom) / 2)\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 14 \((top + height - bottom) / 2))\">\(unit)</text>\n"
        for (offset, line) in series.enumerated() {
            for run in runs(line.values) {
                let coordinates = run.map { String(format: "%.1f,%.1f", x($0), y(line.values[$0] ?? 0)) }.joined(separator: " ")
                // A lone second is a polyline of one point, which draws nothing: a round cap makes it a dot.
                let cap: Markup = run.count == 1 ? " stroke-linecap=\"round\" stroke-width=\"4\"" : " stroke-width=\"1.5\""
                let drawn = run.count == 1 ? coordinates + " " + coordinates : coordinates
                svg +=
                    "<polyline data-series=\"\(line.name)\" data-first=\"\(run.lowerBound)\" data-last=\"\(run.upperBound - 1)\" fill=\"none\" stroke=\"\(line.color)\"\(cap) points=\"\(drawn)\"><title>\(line.name)</title></polyline>\n"
            }
            svg += "<text x=\"\(left + 10 + Double(offset) * 90)\" y=\"\(top - 6)\" font-size=\"12\" fill=\"\(line.color)\">\(line.name)</text>\n"
        }
        return "<h3>\(title)</h3>\n" + svg + "</svg>\n"
    }

    /// The runs of consecutive indices of `values` that are not nil, in order.
    static func runs(_ values: [Double?]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, value) in values.enumerated() {
            if value == nil {
                if let first = start { runs.append(first..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let first = start { runs.append(first..<values.count) }
        return runs
    }
}
