import HTMLText

extension BotPage {
    /// A season's bot: its rating after each night, its line drawn over the others', and its
    /// versions with their ratings on the season's one scale; nothing for any other tournament.
    ///
    /// DOM contract: `<section id="bot-season">` with the chart (`polyline.history.mine`) and
    /// `<table id="bot-versions">`, one `<tr data-version="VERSION">` per version.
    static func season(_ input: Input) -> Markup {
        guard let season = input.results.season else { return "" }
        let versions = season.versions.filter { $0.bot == input.bot }
        guard !versions.isEmpty else { return "" }
        var html: Markup =
            "<section id=\"bot-season\"><h2>Over the season</h2><div class=\"scroll\">\(SVGCharts.history(season.nights, highlight: input.bot))</div>"
        html += "<p class=\"note\">The standings Elo after each night; the other entries' lines are faint.</p>"
        html +=
            "<div class=\"scroll\"><table id=\"bot-versions\"><thead><tr><th class=\"bot\">Version</th><th>Nights played</th><th>Games</th><th>Season Elo</th><th>95% interval</th><th class=\"bot\"></th></tr></thead><tbody>\n"
        for version in versions {
            html += "<tr data-version=\"\(version.version ?? "")\">" + IndexPage.versionCells(version) + "</tr>\n"
        }
        return html
            + "</tbody></table></div><p class=\"note\">Season Elo: each version rated on the season's one scale, every version of every night in one fit, to compare versions. It is not the Elo in the record above, which is the standings' and ranks (docs/scoring.md).</p></section>\n"
    }
}
