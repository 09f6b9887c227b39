import HTMLText
import Tournament

extension BotPage {
    /// Every game the bot played, grouped by opponent (in standings order), each group folded:
    /// the game and its replay, who moved first, the result, how it ended, the bot's shots.
    /// At most ``gameRowLimit`` rows, the first in schedule order.
    static func games(_ input: Input) -> String {
        let listed = input.records.prefix(gameRowLimit)
        var groups: [String: [GameRecord]] = [:]
        for record in listed {
            let opponent = record.players.first { $0.bot != input.bot }?.bot ?? input.bot
            groups[opponent, default: []].append(record)
        }
        var order = input.results.standings.map(\.bot).filter { groups[$0] != nil }
        order += groups.keys.filter { !order.contains($0) }.sorted()
        var html = "<section id=\"games\"><h2>Games and replays</h2><p class=\"note\">\(input.records.count) games, by opponent; open one to list them, a number opens its replay.</p>\n"
        for opponent in order {
            let records = groups[opponent] ?? []
            let wins = records.count { record in record.winner.map { record.player($0).bot == input.bot } ?? false }
            let decided = records.count { $0.winner != nil }
            html += "<details data-opponent=\"\(HTML.escape(opponent))\"><summary>against \(name(opponent)) <span class=\"meta\">\(records.count) games, \(wins)–\(decided - wins)</span></summary>"
            html += "<div class=\"scroll\"><table><thead><tr><th>Game</th><th class=\"bot\">Moved</th><th class=\"bot\">Result</th><th class=\"bot\">End</th><th>Its shots</th></tr></thead><tbody>\n"
            for record in records {
                let seat = record.players.firstIndex { $0.bot == input.bot } ?? 0
                let result: String
                if let winner = record.winner {
                    result = winner.index == seat ? "<td class=\"bot win\">won" : "<td class=\"bot loss\">lost"
                } else {
                    result = "<td class=\"bot\">–"
                }
                let end: String
                switch record.termination {
                case .win: end = "sunk"
                case .forfeit: end = "forfeit (\(HTML.escape(record.forfeitKind?.rawValue ?? "unknown")))"
                case .noResult: end = "no result"
                }
                let shots = record.shots.count { $0.seat.index == seat }
                html += "<tr><td><a class=\"replay-link\" href=\"\(replayLink(record.index))\">\(record.index)</a><td class=\"bot\">\(seat == 0 ? "first" : "second")\(result)<td class=\"bot\">\(end)<td>\(shots)\n"
            }
            html += "</tbody></table></div></details>\n"
        }
        if input.records.count > gameRowLimit {
            html += "<p class=\"note\" id=\"games-cut\">The first \(gameRowLimit) of \(input.records.count) games are listed; results.json lists every game, and replays/ holds every replay.</p>\n"
        }
        return html + "</section>\n"
    }
}
