import HTMLText
import Tournament

extension BotPage {
    /// Every game the bot forfeited: the first ``forfeitDetailLimit`` with kind, move, reason,
    /// the end of its stderr and the rematch command; up to ``forfeitRowLimit`` more as table
    /// rows; a note for the rest.
    static func forfeits(_ input: Input) -> Markup {
        let games = input.games
        let forfeitCount = games.forfeitCount
        var html: Markup = "<section id=\"forfeits\"><h2>Forfeits</h2>"
        guard forfeitCount > 0 else {
            return html + "<p class=\"note\">None: the bot never forfeited a game.</p></section>\n"
        }
        html +=
            "<p class=\"note\">\(forfeitCount) game\(forfeitCount == 1 ? "" : "s") lost by forfeit. The move is the shot the bot never fired; the stderr lines are the last the bot wrote in that game, kept when it forfeited.</p>\n"
        for detail in games.forfeitDetails {
            html += card(detail, input: input)
        }
        let rest = games.forfeitRows
        let beyond = forfeitCount - games.forfeitDetails.count
        if !rest.isEmpty {
            html +=
                "<div class=\"scroll\"><table id=\"more-forfeits\"><thead><tr><th>Game</th><th class=\"bot\">Kind</th><th>Shot</th><th>Move</th></tr></thead><tbody>\n"
            for row in rest {
                let moment = row.moment
                html += "<tr><td><a class=\"replay-link\" href=\"\(replayLink(row.index))\">\(row.index)</a><td class=\"bot\">\(row.kind)"
                html +=
                    "<td>\(moment.map { $0.atLaunch ? "launch" : String($0.ownShot) } ?? "–")<td>\(moment.map { $0.atLaunch ? "–" : String($0.gameMove) } ?? "–")\n"
            }
            html += "</tbody></table></div>"
            if beyond > forfeitRowLimit {
                html +=
                    "<p class=\"note\" id=\"forfeits-cut\">\(beyond - forfeitRowLimit) more forfeits are not listed here; results.json lists every game.</p>"
            }
        }
        return html + "</section>\n"
    }

    /// One forfeit in full.
    static func card(_ record: BotGames.ForfeitDetail, input: Input) -> Markup {
        let moment = record.moment
        let kind = record.kind
        let opponent = record.opponent
        var html: Markup = "<article class=\"forfeit\" data-game=\"\(record.index)\" data-kind=\"\(kind)\" data-move=\"\(moment?.gameMove ?? 0)\">"
        html +=
            "<h3>Game <a class=\"replay-link\" href=\"\(replayLink(record.index))\">\(record.index)</a> against \(link(opponent, files: input.files)): "
        html += "<span class=\"loss\">\(kind)</span> \(moment?.description ?? "")</h3>"
        html += "<p class=\"reason\">\(SVGCharts.shortened(record.reason ?? "no reason recorded", to: reasonLimit))</p>"
        if input.published {
            html += "<p class=\"note stderr-private\">Its stderr is on its student's private page, not here.</p>"
        } else if let tail = record.stderrTail {
            html += "<details open><summary>Last lines of its stderr</summary><pre class=\"stderr\">\(tail)</pre></details>"
        } else {
            html +=
                "<p class=\"note stderr-none\">No stderr kept for this forfeit (a built-in bot, a bot that wrote nothing, or a journal older than this Salvo).</p>"
        }
        if !input.published {
            html +=
                "<p class=\"meta\">Play it again: <code class=\"rematch\">\(rematchCommand(folder: input.runFolder, game: record.index))</code></p>"
        }
        return html + "</article>\n"
    }
}
