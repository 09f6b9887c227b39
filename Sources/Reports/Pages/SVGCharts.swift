import Foundation
import HTMLText

/// Inline SVG charts of the index page: ratings with their 95% intervals, and a bot's
/// shots-to-win histogram, written as ``Markup``: every label is escaped.
enum SVGCharts {
    /// One row per bot (in the order given): a dot at the rating, a bar over its interval.
    static func ratings(_ rows: [(bot: String, estimate: ResultsDocument.Estimate)]) -> Markup {
        guard !rows.isEmpty else { return "" }
        let width = 440.0
        let left = 120.0
        let right = 16.0
        let rowHeight = 24.0
        let top = 10.0
        let lows = rows.map { min($0.estimate.lower, $0.estimate.value) }
        let highs = rows.map { max($0.estimate.upper, $0.estimate.value) }
        var low = lows.min() ?? 1400
        var high = highs.max() ?? 1600
        if high - low < 100 {
            let middle = (high + low) / 2
            low = middle - 50
            high = middle + 50
        }
        let step = tickStep(span: high - low, ticks: 4)
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        let plot = width - left - right
        func x(_ value: Double) -> Double { left + (value - low) / (high - low) * plot }
        let height = top + rowHeight * Double(rows.count) + 24
        var svg: Markup =
            "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" role=\"img\" aria-label=\"Elo ratings with 95% intervals\">"
        var tick = low
        while tick <= high + 0.001 {
            let position = fmt(x(tick))
            svg += "<line class=\"axis\" x1=\"\(position)\" x2=\"\(position)\" y1=\"\(fmt(top - 4))\" y2=\"\(fmt(height - 20))\"/>"
            svg += "<text x=\"\(position)\" y=\"\(fmt(height - 6))\" text-anchor=\"middle\">\(Int(tick))</text>"
            tick += step
        }
        for (position, row) in rows.enumerated() {
            let y = top + rowHeight * (Double(position) + 0.5)
            let estimate = row.estimate
            svg +=
                "<g><title>\(row.bot): \(Int(estimate.value.rounded())) (95%: \(Int(estimate.lower.rounded()))–\(Int(estimate.upper.rounded())))</title>"
            svg += "<text x=\"\(fmt(left - 8))\" y=\"\(fmt(y + 4))\" text-anchor=\"end\">\(shortened(row.bot, to: 16))</text>"
            svg += "<line class=\"err\" x1=\"\(fmt(x(estimate.lower)))\" x2=\"\(fmt(x(estimate.upper)))\" y1=\"\(fmt(y))\" y2=\"\(fmt(y))\"/>"
            svg += "<line class=\"err\" x1=\"\(fmt(x(estimate.lower)))\" x2=\"\(fmt(x(estimate.lower)))\" y1=\"\(fmt(y - 5))\" y2=\"\(fmt(y + 5))\"/>"
            svg += "<line class=\"err\" x1=\"\(fmt(x(estimate.upper)))\" x2=\"\(fmt(x(estimate.upper)))\" y1=\"\(fmt(y - 5))\" y2=\"\(fmt(y + 5))\"/>"
            svg += "<circle class=\"dot\" cx=\"\(fmt(x(estimate.value)))\" cy=\"\(fmt(y))\" r=\"4.5\"/></g>"
        }
        return svg + "</svg>"
    }

    /// A histogram of shots per win over `range` (shared by all bots so they compare), with
    /// a dashed line at the mean.
    static func histogram(_ distribution: ResultsDocument.ShotsToWin, range: ClosedRange<Int>) -> Markup {
        let width = 300.0
        let height = 110.0
        let left = 8.0
        let right = 8.0
        let bottom = 20.0
        let top = 6.0
        let bins = Double(range.count)
        let barWidth = (width - left - right) / bins
        let tallest = Double(distribution.histogram.map(\.games).max() ?? 1)
        let label = "Shots per win of \(distribution.bot)"
        var svg: Markup = "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" role=\"img\" aria-label=\"\(label)\">"
        svg += "<line class=\"axis\" x1=\"\(fmt(left))\" x2=\"\(fmt(width - right))\" y1=\"\(fmt(height - bottom))\" y2=\"\(fmt(height - bottom))\"/>"
        for bin in distribution.histogram where range.contains(bin.shots) {
            let barHeight = (height - bottom - top) * Double(bin.games) / tallest
            let x = left + Double(bin.shots - range.lowerBound) * barWidth
            svg +=
                "<rect class=\"bar\" x=\"\(fmt(x))\" y=\"\(fmt(height - bottom - barHeight))\" width=\"\(fmt(max(barWidth - 0.5, 0.5)))\" height=\"\(fmt(barHeight))\"><title>\(bin.shots) shots: \(bin.games)</title></rect>"
        }
        var tick = (range.lowerBound + 9) / 10 * 10
        while tick <= range.upperBound {
            let x = left + (Double(tick - range.lowerBound) + 0.5) * barWidth
            svg += "<text x=\"\(fmt(x))\" y=\"\(fmt(height - 5))\" text-anchor=\"middle\">\(tick)</text>"
            tick += 10
        }
        if let mean = distribution.mean {
            let x = left + (mean - Double(range.lowerBound) + 0.5) * barWidth
            svg +=
                "<line class=\"mean\" x1=\"\(fmt(x))\" x2=\"\(fmt(x))\" y1=\"\(fmt(top))\" y2=\"\(fmt(height - bottom))\"><title>mean \(String(format: "%.1f", mean))</title></line>"
        }
        return svg + "</svg>"
    }

    /// A round step (1, 2, 2.5 or 5 times a power of ten) giving about `ticks` ticks over `span`.
    static func tickStep(span: Double, ticks: Int) -> Double {
        let raw = max(span, 1) / Double(ticks)
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 2.5, 5, 10] where factor * magnitude >= raw { return factor * magnitude }
        return 10 * magnitude
    }

    /// `text` cut to `length` characters with an ellipsis (the full text is in a tooltip).
    static func shortened(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }

    /// A coordinate with one decimal.
    static func fmt(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
