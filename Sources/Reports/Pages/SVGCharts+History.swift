import Foundation
import HTMLText

extension SVGCharts {
    /// The vertical gap between two names at the right of the history chart, in its units.
    static let historyLabelSpacing = 15.0

    /// A season's ratings night by night: one line per entry (`<polyline data-bot="NAME">`),
    /// a dot per night in which it had a rating, its version in the dot's tooltip. The nights
    /// run left to right, with axis titles. Every entry's name stands at the right of the plot,
    /// never over another (``spread(_:spacing:within:)``; the chart grows taller with the
    /// entries), tied to its line's end when moved. Each entry is a focusable group
    /// (`<g class="entry" tabindex="0">`): pointing at or tapping its line or its name picks
    /// it out and fades the others (PageStyle). `highlight` draws one entry's line on top and
    /// thicker, and names it alone (a bot page).
    static func history(_ nights: [ResultsDocument.Night], highlight: String? = nil, axisTitle: String = "Night") -> Markup {
        let points = nights.flatMap { night in night.entries.compactMap { entry in entry.rating.map { (night.number, entry, $0.value) } } }
        guard !points.isEmpty else { return "" }
        var names: [String] = []
        for (_, entry, _) in points where !names.contains(entry.bot) { names.append(entry.bot) }
        if let highlight, let position = names.firstIndex(of: highlight) { names.append(names.remove(at: position)) }
        let named = highlight.map { name in names.filter { $0 == name } } ?? names

        let width = 460.0
        let left = 58.0
        let right = 104.0
        let top = 10.0
        let bottom = 40.0
        let plotHeight = max(146, Double(named.count) * historyLabelSpacing)
        let height = top + plotHeight + bottom
        var low = points.map(\.2).min() ?? 1400
        var high = points.map(\.2).max() ?? 1600
        if high - low < 100 {
            let middle = (high + low) / 2
            low = middle - 50
            high = middle + 50
        }
        let step = tickStep(span: high - low, ticks: max(4, Int(plotHeight / 40)))
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        let first = nights.map(\.number).min() ?? 1
        let last = nights.map(\.number).max() ?? 1
        func x(_ night: Int) -> Double {
            last == first ? left + (width - left - right) / 2 : left + Double(night - first) / Double(last - first) * (width - left - right)
        }
        func y(_ value: Double) -> Double { top + (high - value) / (high - low) * plotHeight }

        var svg: Markup =
            "<svg class=\"history-chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" role=\"img\" aria-label=\"Elo after each night\">"
        var tick = low
        while tick <= high + 0.001 {
            svg += "<line class=\"axis\" x1=\"\(fmt(left))\" x2=\"\(fmt(width - right))\" y1=\"\(fmt(y(tick)))\" y2=\"\(fmt(y(tick)))\"/>"
            svg += "<text x=\"\(fmt(left - 6))\" y=\"\(fmt(y(tick) + 4))\" text-anchor=\"end\">\(Int(tick))</text>"
            tick += step
        }
        // Night numbers: every night while they fit, else every k-th.
        let every = max(1, Int((Double(nights.count) * 22 / (width - left - right)).rounded(.up)))
        for night in nights where (night.number - first) % every == 0 || night.number == last {
            svg += "<text x=\"\(fmt(x(night.number)))\" y=\"\(fmt(top + plotHeight + 16))\" text-anchor=\"middle\">\(night.number)</text>"
        }
        svg +=
            "<text class=\"axis-title\" x=\"\(fmt(left + (width - left - right) / 2))\" y=\"\(fmt(height - 4))\" text-anchor=\"middle\">\(axisTitle)</text>"
        svg +=
            "<text class=\"axis-title\" transform=\"rotate(-90)\" x=\"\(fmt(-(top + plotHeight / 2)))\" y=\"14\" text-anchor=\"middle\">Elo in the standings</text>"

        // Each named entry's label: at its line's end, moved apart from the others.
        let ends = named.compactMap { name in points.last { $0.1.bot == name }.map { (name, $0.0, $0.2) } }
        let placed = spread(ends.map { y($0.2) }, spacing: historyLabelSpacing, within: top...(top + plotHeight))
        let labelX = width - right + 10
        for (position, name) in names.enumerated() {
            let line = points.filter { $0.1.bot == name }
            // A hue of its own per entry (the golden angle apart), so crossing lines can be told apart.
            let hue = Int((Double(position) * 137.5).truncatingRemainder(dividingBy: 360))
            let colour: Markup = highlight == nil ? " style=\"stroke:hsl(\(hue),65%,42%)\"" : ""
            let coordinates = line.map { "\(fmt(x($0.0))),\(fmt(y($0.2)))" }.joined(separator: " ")
            let emphasis = highlight == nil ? "" : (name == highlight ? " mine" : " other")
            svg += "<g class=\"entry\" tabindex=\"0\" data-bot=\"\(name)\"><title>\(name)</title>"
            svg += "<polyline class=\"history\(emphasis)\" data-bot=\"\(name)\"\(colour) points=\"\(coordinates)\"/>"
            for (night, entry, value) in line {
                let version = entry.version.map { " (version \($0))" } ?? ""
                svg +=
                    "<circle class=\"dot\" cx=\"\(fmt(x(night)))\" cy=\"\(fmt(y(value)))\" r=\"3\"><title>\(name)\(version), night \(night): \(Int(value.rounded()))</title></circle>"
            }
            if let index = ends.firstIndex(where: { $0.0 == name }) {
                let end = ends[index]
                let labelY = placed[index]
                svg +=
                    "<line class=\"leader\"\(colour) x1=\"\(fmt(x(end.1) + 3))\" y1=\"\(fmt(y(end.2)))\" x2=\"\(fmt(labelX - 3))\" y2=\"\(fmt(labelY))\"/>"
                svg += "<text class=\"label\" x=\"\(fmt(labelX))\" y=\"\(fmt(labelY + 4))\">\(shortened(name, to: 13))</text>"
            }
            svg += "</g>"
        }
        return svg + "</svg>"
    }

    /// Positions for labels wanted at `wanted` (their centres), in the same order, each at
    /// least `spacing` from the next, as close to where it was wanted as that allows and inside
    /// `within` when it is tall enough: pushed down in order from the top, then back up from the
    /// bottom.
    static func spread(_ wanted: [Double], spacing: Double, within bounds: ClosedRange<Double>) -> [Double] {
        let order = wanted.indices.sorted { wanted[$0] < wanted[$1] || (wanted[$0] == wanted[$1] && $0 < $1) }
        var placed = Array(repeating: 0.0, count: wanted.count)
        var floor = bounds.lowerBound
        for index in order {
            placed[index] = max(wanted[index], floor)
            floor = placed[index] + spacing
        }
        var ceiling = bounds.upperBound
        for index in order.reversed() {
            placed[index] = min(placed[index], ceiling)
            ceiling = placed[index] - spacing
        }
        return placed
    }
}
