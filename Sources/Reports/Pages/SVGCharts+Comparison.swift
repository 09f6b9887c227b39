import HTMLText

extension SVGCharts {
    /// Two bars per bin of ``ShotsComparison``: the bot's share of its wins (filled) beside the
    /// field's (outlined), on one percentage scale, with the bins' first shot counts below.
    ///
    /// DOM contract: `<svg id="shots-comparison">` holds `<rect class="bar" data-shots="20-24"
    /// data-share="12.5">` for the bot and `<rect class="field-bar" ...>` for the field, one
    /// of each per bin.
    static func comparison(_ comparison: ShotsComparison, botLabel: Markup) -> Markup {
        let width = 340.0
        let height = 150.0
        let left = 30.0
        let right = 6.0
        let bottom = 22.0
        let top = 8.0
        let botShares = comparison.botShares
        let fieldShares = comparison.fieldShares
        let tallest = max(botShares.max() ?? 0, fieldShares.max() ?? 0, 1)
        let scale = (tallest / 10).rounded(.up) * 10
        let slot = (width - left - right) / Double(max(comparison.bins.count, 1))
        let bar = max(slot / 2 - 1, 1)
        let plotHeight = height - bottom - top
        var svg: Markup =
            "<svg id=\"shots-comparison\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" role=\"img\" aria-label=\"Shots per win of \(botLabel) and of the other bots\">"
        for fraction in [0.0, 0.5, 1.0] {
            let y = fmt(height - bottom - plotHeight * fraction)
            svg += "<line class=\"axis\" x1=\"\(fmt(left))\" x2=\"\(fmt(width - right))\" y1=\"\(y)\" y2=\"\(y)\"/>"
            svg += "<text x=\"\(fmt(left - 4))\" y=\"\(y)\" text-anchor=\"end\" dy=\"4\">\(Int(scale * fraction))%</text>"
        }
        for (position, bin) in comparison.bins.enumerated() {
            let x = left + slot * Double(position)
            let span = "\(bin.lowerShots)-\(bin.upperShots)"
            for (share, wins, kind, offset) in [(botShares[position], bin.bot, "bar", 0.0), (fieldShares[position], bin.field, "field-bar", bar + 1)]
            {
                let barHeight = plotHeight * share / scale
                let who: Markup = kind == "bar" ? botLabel : "the other bots"
                svg +=
                    "<rect class=\"\(kind)\" data-shots=\"\(span)\" data-share=\"\(String(format: "%.1f", share))\" x=\"\(fmt(x + 1 + offset))\" y=\"\(fmt(height - bottom - barHeight))\" "
                svg +=
                    "width=\"\(fmt(bar))\" height=\"\(fmt(barHeight))\"><title>\(who): \(wins) wins in \(span) shots (\(String(format: "%.1f", share))%)</title></rect>"
            }
            if position % 2 == 0 || comparison.bins.count <= 8 {
                svg += "<text x=\"\(fmt(x + slot / 2))\" y=\"\(fmt(height - 6))\" text-anchor=\"middle\">\(bin.lowerShots)</text>"
            }
        }
        return svg + "</svg>"
    }
}
