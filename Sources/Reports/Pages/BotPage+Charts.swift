import HTMLText

extension BotPage {
    /// The shots-to-win comparison and the two heat maps of first shots.
    static func charts(_ input: Input) -> Markup {
        let comparison = ShotsComparison(bot: input.bot, all: input.results.shotsToWin)
        var html: Markup = "<section id=\"shots\"><h2>Shots to win</h2>"
        if comparison.bins.isEmpty {
            html += "<p class=\"note\">No game of this run was won by sinking the fleet.</p>"
        } else {
            html += "<div class=\"scroll\">\(SVGCharts.comparison(comparison, botLabel: name(input.bot)))</div>"
            html +=
                "<p class=\"note\"><span class=\"key own\"></span> this bot (\(comparison.botWins) wins) <span class=\"key field\"></span> the other bots (\(comparison.fieldWins) wins): each side's share of its own wins by sinking the fleet, in bins of \(ShotsComparison.binWidth) shots (forfeit wins left out). Fewer shots is better.</p>"
        }
        html += "</section>\n"
        let first = input.games.firstShots
        let opening = input.games.openingShots
        html += """
            <section id="heat"><h2>Where it fires first</h2><div class="grid">
            <figure style="margin:0"><figcaption><b>First shot</b> <span class="meta">of each of \(first.games) games</span></figcaption>\
            \(SVGCharts.heatMap(first, id: "heat-first", label: "Where the bot fired its first shot"))</figure>
            <figure style="margin:0"><figcaption><b>First \(openingShots) shots</b> <span class="meta">of each game, \(opening.total) shots</span></figcaption>\
            \(SVGCharts.heatMap(opening, id: "heat-opening", label: "Where the bot fired its first \(openingShots) shots"))</figure>
            </div><p class="note">Every game the bot played (forfeits and games without result with the shots they had); x across, \
            y down, as on the replay boards. The darker a cell, the more often the bot fired there; hover for the count.</p></section>

            """
        return html
    }
}
