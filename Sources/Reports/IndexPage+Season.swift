import HTMLText

extension IndexPage {
    /// A season's history: the rating of every entry after each night, as a chart, and every
    /// version rated on one scale, its entry's latest and best marked.
    ///
    /// DOM contract: `<section id="season">` holds the chart (`<svg>` with one
    /// `<polyline data-bot="NAME">` per entry) and `<table id="versions">` with one
    /// `<tr data-bot="NAME" data-version="VERSION">` per version, `class="latest"` and/or
    /// `class="best"` on the markers' cells.
    static func season(_ season: ResultsDocument.SeasonSection) -> String {
        var html = "<section id=\"season\"><h2>Season</h2>"
        html += "<p class=\"meta\">\(season.nights.count) night\(season.nights.count == 1 ? "" : "s"); \(season.versions.count) versions played.</p>"
        html += "<div class=\"scroll\">\(SVGCharts.history(season.nights))</div>"
        html += "<p class=\"note\">Each entry's Elo after each night: the standings as they stood then, over the games between the versions current that night.</p>\n"
        html += "<h3>Versions</h3><div class=\"scroll\"><table id=\"versions\"><thead><tr><th class=\"bot\">Bot</th><th class=\"bot\">Version</th><th>Nights</th><th>Games</th><th>Elo</th><th>95% interval</th><th class=\"bot\"></th></tr></thead><tbody>\n"
        for version in season.versions {
            html += "<tr data-bot=\"\(HTML.escape(version.bot))\" data-version=\"\(HTML.escape(version.version ?? ""))\"><td class=\"bot\">\(HTML.escape(version.bot))</td>"
            html += versionCells(version) + "</tr>\n"
        }
        html += "</tbody></table></div><p class=\"note\">Every version rated in one fit over the whole season, each version a player of its own, so versions of different nights compare (docs/scoring.md).</p></section>\n"
        return html
    }

    /// A version's cells, as the index page and its bot's page show them: the version, its
    /// nights, games, Elo and interval, and its markers.
    static func versionCells(_ version: ResultsDocument.Version) -> String {
        let nights = version.firstNight == version.lastNight ? "\(version.firstNight)" : "\(version.firstNight)–\(version.lastNight)"
        let elo = version.rating.map { String(Int($0.value.rounded())) } ?? "–"
        let interval = version.rating.map { "\(Int($0.lower.rounded()))–\(Int($0.upper.rounded()))" } ?? "–"
        var markers: [String] = []
        if version.latest { markers.append("<span class=\"latest\">latest</span>") }
        if version.best { markers.append("<span class=\"best\">best</span>") }
        return "<td class=\"bot\"><code>\(HTML.escape(version.version ?? "listed"))</code></td><td>\(nights)</td><td>\(version.games)</td>"
            + "<td>\(elo)</td><td>\(interval)</td><td class=\"bot\">\(markers.joined(separator: " "))</td>"
    }
}
