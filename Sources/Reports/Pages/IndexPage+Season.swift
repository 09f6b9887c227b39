import HTMLText

extension IndexPage {
    /// A season's history: the rating of every entry after each night, as a chart, and every
    /// version rated on one scale, its entry's latest and best marked.
    ///
    /// DOM contract: `<section id="season">` holds the chart (`<svg>` with one
    /// `<polyline data-bot="NAME">` per entry) and `<table id="versions">` with one
    /// `<tr data-bot="NAME" data-version="VERSION">` per version, `class="latest"` and/or
    /// `class="best"` on the markers' cells.
    static func season(_ season: ResultsDocument.SeasonSection) -> Markup {
        var html: Markup = "<section id=\"season\"><h2>Season</h2>"
        html += "<p class=\"meta\">\(season.nights.count) night\(season.nights.count == 1 ? "" : "s"); \(season.versions.count) versions played.</p>"
        html += "<div class=\"scroll\">\(SVGCharts.history(season.nights))</div>"
        html +=
            "<p class=\"note\">Each entry's standings Elo after each night: the standings as they stood then, over the games between the versions current that night. Point at a line or a name, or tap it, to pick one entry out.</p>\n"
        html +=
            "<h3>Versions</h3><div class=\"scroll\"><table id=\"versions\"><thead><tr><th class=\"bot\">Bot</th><th class=\"bot\">Version</th><th>Nights played</th><th>Games</th><th>Season Elo</th><th>95% interval</th><th class=\"bot\"></th></tr></thead><tbody>\n"
        for version in season.versions {
            html += "<tr data-bot=\"\(version.bot)\" data-version=\"\(version.version ?? "")\"><td class=\"bot\">\(version.bot)</td>"
            html += versionCells(version) + "</tr>\n"
        }
        html +=
            "</tbody></table></div><p class=\"note\">Season Elo: every version rated in one fit over the whole season, each version a player of its own, so versions of different nights compare; it is not the standings' Elo, which rates the current versions alone and ranks (docs/scoring.md). Nights played: the nights in which the version played a game.</p></section>\n"
        return html
    }

    /// A version's cells, as the index page and its bot's page show them: the version, its
    /// nights, games, Elo and interval, and its markers.
    static func versionCells(_ version: ResultsDocument.Version) -> Markup {
        let elo = version.rating.map { number($0.value) } ?? "–"
        let interval = version.rating.map { "\(number($0.lower))–\(number($0.upper))" } ?? "–"
        var markers: [Markup] = []
        if version.latest { markers.append("<span class=\"latest\">latest</span>") }
        if version.best { markers.append("<span class=\"best\">best</span>") }
        for night in version.backOn { markers.append("<span class=\"back\">back to it on night \(night)</span>") }
        return
            "<td class=\"bot\"><code>\(version.version ?? "listed")</code></td><td class=\"nights\">\(nightList(version.nightsPlayed))</td><td>\(version.games)</td>"
            + "<td>\(elo)</td><td>\(interval)</td><td class=\"bot\">\(markers.joined(separator: " "))</td>"
    }

    /// Night numbers as runs: `1–3, 5`; a dash for none.
    static func nightList(_ nights: [Int]) -> String {
        guard var start = nights.first else { return "–" }
        var runs: [String] = []
        var end = start
        for night in nights.dropFirst() {
            if night == end + 1 {
                end = night
                continue
            }
            runs.append(start == end ? "\(start)" : "\(start)–\(end)")
            start = night
            end = night
        }
        runs.append(start == end ? "\(start)" : "\(start)–\(end)")
        return runs.joined(separator: ", ")
    }
}
