import Foundation
import HTMLText

extension SVGCharts {
    /// A season's ratings night by night: one line per entry (`<polyline data-bot="NAME">`),
    /// a dot per night in which it had a rating, its version in the dot's tooltip. The nights
    /// run left to right; `highlight` draws one entry's line on top and thicker (a bot page).
    static func history(_ nights: [ResultsDocument.Night], highlight: String? = nil) -> String {
        let points = nights.flatMap { night in night.entries.compactMap { entry in entry.rating.map { (night.number, entry, $0.value) } } }
        guard !points.isEmpty else { return "" }
        let width = 440.0, left = 44.0, right = 90.0, top = 10.0, bottom = 24.0, height = 180.0
        var low = points.map(\.2).min() ?? 1400, high = points.map(\.2).max() ?? 1600
        if high - low < 100 { let middle = (high + low) / 2; low = middle - 50; high = middle + 50 }
        let step = tickStep(span: high - low, ticks: 4)
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        let first = nights.map(\.number).min() ?? 1, last = nights.map(\.number).max() ?? 1
        func x(_ night: Int) -> Double { last == first ? left + (width - left - right) / 2 : left + Double(night - first) / Double(last - first) * (width - left - right) }
        func y(_ value: Double) -> Double { top + (high - value) / (high - low) * (height - top - bottom) }
        var svg = "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" role=\"img\" aria-label=\"Elo after each night\">"
        var tick = low
        while tick <= high + 0.001 {
            svg += "<line class=\"axis\" x1=\"\(fmt(left))\" x2=\"\(fmt(width - right))\" y1=\"\(fmt(y(tick)))\" y2=\"\(fmt(y(tick)))\"/>"
            svg += "<text x=\"\(fmt(left - 6))\" y=\"\(fmt(y(tick) + 4))\" text-anchor=\"end\">\(Int(tick))</text>"
            tick += step
        }
        for night in nights {
            svg += "<text x=\"\(fmt(x(night.number)))\" y=\"\(fmt(height - 6))\" text-anchor=\"middle\">\(night.number)</text>"
        }
        var names: [String] = []
        for (_, entry, _) in points where !names.contains(entry.bot) { names.append(entry.bot) }
        if let highlight, let position = names.firstIndex(of: highlight) { names.append(names.remove(at: position)) }
        for (position, name) in names.enumerated() {
            let line = points.filter { $0.1.bot == name }
            // A hue of its own per entry (the golden angle apart), so crossing lines can be told apart.
            let hue = Int((Double(position) * 137.5).truncatingRemainder(dividingBy: 360))
            let colour = highlight == nil ? " style=\"stroke:hsl(\(hue),65%,42%)\"" : ""
            let coordinates = line.map { "\(fmt(x($0.0))),\(fmt(y($0.2)))" }.joined(separator: " ")
            let emphasis = highlight == nil ? "" : (name == highlight ? " mine" : " other")
            svg += "<g><title>\(HTML.escape(name))</title><polyline class=\"history\(emphasis)\" data-bot=\"\(HTML.escape(name))\"\(colour) points=\"\(coordinates)\"/>"
            for (night, entry, value) in line {
                let version = entry.version.map { " (version \($0))" } ?? ""
                svg += "<circle class=\"dot\" cx=\"\(fmt(x(night)))\" cy=\"\(fmt(y(value)))\" r=\"3\"><title>\(HTML.escape(name))\(version), night \(night): \(Int(value.rounded()))</title></circle>"
            }
            if let end = line.last, highlight == nil || name == highlight {
                svg += "<text x=\"\(fmt(x(end.0) + 6))\" y=\"\(fmt(y(end.2) + 4))\">\(HTML.escape(shortened(name, to: 12)))</text>"
            }
            svg += "</g>"
        }
        return svg + "</svg>"
    }
}
