import HTMLText
import Tournament

extension BotPage {
    /// Every game the bot played, grouped by opponent (in standings order), each group folded:
    /// the game and its replay, who moved first, the result, how it ended, the bot's shots.
    /// At most ``gameRowLimit`` rows, the first in schedule order.
    static func games(_ input: Input) -> Markup {
        let listed = input.games.rows
        var groups: [String: [BotGames.Row]] = [:]
        for row in listed { groups[row.opponent, default: []].append(row) }
        var order = input.results.standings.map(\.bot).filter { groups[$0] != nil }
        let placed = Set(order)
        order += groups.keys.filter { !placed.contains($0) }.sorted()
        var html: Markup =
            "<section id=\"games\"><h2>Games and replays</h2><p class=\"note\">\(input.games.total) games, by opponent; open one to list them, a number opens its replay.</p>\n"
        for opponent in order {
            let rows = groups[opponent] ?? []
            let wins = rows.count { $0.won == true }
            let decided = rows.count { $0.won != nil }
            html +=
                "<details data-opponent=\"\(opponent)\"><summary>against \(name(opponent)) <span class=\"meta\">\(rows.count) games, \(wins)–\(decided - wins)</span></summary>"
            html +=
                "<div class=\"scroll\"><table><thead><tr><th>Game</th><th class=\"bot\">Moved</th><th class=\"bot\">Result</th><th class=\"bot\">End</th><th>Its shots</th></tr></thead><tbody>\n"
            for row in rows {
                let result: Markup
                switch row.won {
                case true?: result = "<td class=\"bot win\">won"
                case false?: result = "<td class=\"bot loss\">lost"
                case nil: result = "<td class=\"bot\">–"
                }
                let end: String
                switch row.termination {
                case .win: end = "sunk"
                case .forfeit: end = "forfeit (\(row.forfeitKind?.rawValue ?? "unknown"))"
                case .noResult: end = "no result"
                }
                html +=
                    "<tr><td><a class=\"replay-link\" href=\"\(replayLink(row.index))\">\(row.index)</a><td class=\"bot\">\(row.seat == 0 ? "first" : "second")\(result)<td class=\"bot\">\(end)<td>\(row.shots)\n"
            }
            html += "</tbody></table></div></details>\n"
        }
        if input.games.total > gameRowLimit {
            html +=
                "<p class=\"note\" id=\"games-cut\">The first \(gameRowLimit) of \(input.games.total) games are listed; results.json lists every game, and the replay viewer opens any of them.</p>\n"
        }
        return html + "</section>\n"
    }
}
