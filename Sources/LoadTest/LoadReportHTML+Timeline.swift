import Foundation
import HTMLText

extension LoadReportHTML {
    /// The run over time (``LoadReport/timeline``): requests and errors per second, then p50
    /// and p99 per second, each an inline SVG with its axes titled; empty without a timeline.
    static func timeline(_ points: [LoadTimeline.Point]?) -> Markup {
        guard let points, !points.isEmpty else { return "" }
        var html: Markup = "<h2>Over time</h2>\n<p class=\"note\">Each second after the first reply: the requests that ended in it, the failed ones, and their latency's p50 and p99 (within 5%).</p>\n"
        html += lines(
            id: "timeline-requests", title: "Requests and errors per second", unit: "per second", points: points,
            series: [("requests", "#1f77b4", points.map { Double($0.requests) }), ("errors", "#d62728", points.map { Double($0.errors) })]
        )
        html += lines(
            id: "timeline-latency", title: "Latency per second", unit: "ms", points: points,
            series: [("p50", "#2ca02c", points.map(\.p50)), ("p99", "#ff7f0e", points.map(\.p99))]
        )
        return html
    }

    /// One chart: x the second, y from 0 to the largest value, a polyline per series and a legend.
    static func lines(id: String, title: String, unit: String, points: [LoadTimeline.Point], series: [(name: String, color: String, values: [Double])]) -> Markup {
        let width = 640.0, height = 220.0, left = 60.0, right = 20.0, top = 20.0, bottom = 40.0
        let topValue = max(series.flatMap(\.values).max() ?? 1, 1e-9)
        let lastSecond = Double(max(points.count - 1, 1))
        func x(_ index: Int) -> Double { left + (width - left - right) * Double(index) / lastSecond }
        func y(_ value: Double) -> Double { height - bottom - (height - top - bottom) * value / topValue }
        var svg: Markup = "<svg class=\"chart\" id=\"\(id)\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(title)\">\n"
        svg += "<line x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - right)\" y2=\"\(height - bottom)\" stroke=\"#999\"/>"
        svg += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(height - bottom)\" stroke=\"#999\"/>\n"
        svg += "<text x=\"\(left - 6)\" y=\"\(top + 4)\" text-anchor=\"end\" font-size=\"11\">\(format(topValue))</text>"
        svg += "<text x=\"\(left - 6)\" y=\"\(height - bottom + 4)\" text-anchor=\"end\" font-size=\"11\">0</text>"
        svg += "<text x=\"\(width - right)\" y=\"\(height - bottom + 16)\" text-anchor=\"end\" font-size=\"11\">\(points.count - 1) s</text>\n"
        svg += "<text x=\"\((left + width - right) / 2)\" y=\"\(height - 6)\" text-anchor=\"middle\" font-size=\"12\">seconds after the first reply</text>"
        svg += "<text x=\"14\" y=\"\((top + height - bottom) / 2)\" text-anchor=\"middle\" font-size=\"12\" transform=\"rotate(-90 14 \((top + height - bottom) / 2))\">\(unit)</text>\n"
        for (offset, line) in series.enumerated() {
            let coordinates = line.values.enumerated().map { String(format: "%.1f,%.1f", x($0.offset), y($0.element)) }.joined(separator: " ")
            svg += "<polyline fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"1.5\" points=\"\(coordinates)\"><title>\(line.name)</title></polyline>\n"
            svg += "<text x=\"\(left + 10 + Double(offset) * 90)\" y=\"\(top - 6)\" font-size=\"12\" fill=\"\(line.color)\">\(line.name)</text>\n"
        }
        return "<h3>\(title)</h3>\n" + svg + "</svg>\n"
    }
}
