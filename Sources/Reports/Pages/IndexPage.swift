import Foundation
import HTMLText

/// `index.html`: the whole tournament on one self-contained page (inline CSS and SVG, no
/// script, nothing fetched). Built from ``ResultsDocument`` alone, so the page and
/// results.json never disagree. Written as ``Markup``, so every outside text is escaped.
///
/// DOM contract (read by the browser tests): `<table id="standings">` with one
/// `<tr data-bot="NAME">` per bot in rank order, its first cell the rank (followed, for a bot
/// in a statistical tie, by `<span class="tie">tied 3–5</span>`), the name in `<td class="bot">` as a link
/// `<a class="bot-link" href="bots/STEM.html">` to the bot's page (``BotPage``); every replay
/// link is `<a class="replay-link" href="replays/viewer.html#game=N">`.
///
/// Size: at most ``inlineGameLimit`` games are listed here (more go to the pages of
/// ``GamesPage``), and above ``inlineTableBotLimit`` bots the crosstable and the likelihoods
/// of superiority, and the histograms of shots to win, get pages of their own (``TablePage``),
/// so the page stays under 1 MB.
public enum IndexPage {
    /// The games the index lists or links: all of them when they are few, else the pages of
    /// games with the indices each holds.
    public struct GameList: Sendable {
        public var count: Int
        /// Every game's entry, when `count` is at most ``IndexPage/inlineGameLimit``.
        public var inline: [ResultsDocument.GameEntry]
        /// The first and last index of each page of ``GamesPage``, above it.
        public var pages: [ClosedRange<Int>]

        public init(count: Int, inline: [ResultsDocument.GameEntry], pages: [ClosedRange<Int>]) {
            self.count = count
            self.inline = inline
            self.pages = pages
        }

        /// The list of `games`, all of a run's entries in schedule order.
        public init(_ games: [ResultsDocument.GameEntry]) {
            count = games.count
            inline = games.count <= IndexPage.inlineGameLimit ? games : []
            pages = stride(from: 0, to: games.count, by: GamesPage.pageSize).map { start in
                games[start].index...games[min(games.count, start + GamesPage.pageSize) - 1].index
            }
        }
    }

    /// The page for `results`, whose `games` are all of the run's.
    public static func render(_ results: ResultsDocument) -> String {
        render(results, games: GameList(results.games))
    }

    /// The page for `results` (its `games` not read) with the games of `games`.
    public static func render(_ results: ResultsDocument, games list: GameList) -> String {
        var html: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <title>\(results.tournament) · Salvo tournament</title>
            <style>\(PageStyle.css)</style></head>
            <body><main>

            """
        html += header(results)
        if let sprt = results.sprt { html += sprtSection(sprt) }
        if let swiss = results.swiss { html += self.swiss(swiss) }
        html += standings(results)
        html += ratingsChart(results)
        if let season = results.season { html += self.season(season) }
        if results.standings.count > inlineTableBotLimit {
            html += tableLinks(results)
        } else {
            html += crosstable(results)
            html += superiority(results)
        }
        if results.standings.count <= inlineTableBotLimit { html += shotsToWin(results) }
        html += terminations(results)
        html += bots(results)
        if let submissions = results.submissions { html += self.submissions(submissions) }
        html += games(results, list: list)
        html += """
            <p class="note">The same numbers as data: <a href="results.json">results.json</a> \
            (schema version \(results.schemaVersion), described in Salvo's reports/README.md).</p>
            \(footer(results))
            </main></body></html>

            """
        return html.text
    }

    /// `<footer id="salvo-version">`: the Salvo that built the report, as results.json names it.
    static func footer(_ results: ResultsDocument) -> Markup {
        "<footer class=\"meta\" id=\"salvo-version\">Salvo \(results.salvoVersion ?? "of unknown version")</footer>"
    }

    static func header(_ results: ResultsDocument) -> Markup {
        let progress = results.progress
        let configuration = results.configuration
        var parts = [
            configuration.format,
            "\(configuration.bots.count) bots",
            "\(progress.ratedGames) of \(progress.scheduledGames) games rated",
        ]
        if progress.gamesWithoutResult > 0 { parts.append("\(progress.gamesWithoutResult) without result") }
        parts.append("seed \(configuration.seed)")
        parts.append("server \(configuration.server)")
        if configuration.placement == "bots" { parts.append("fleets placed by the bots") }
        if configuration.tellOpponent == true { parts.append("opponents named") }
        if let clock = configuration.timeControl { parts.append("game clock \(clock)") }
        // A run stopped early, or a merge given --allow-incomplete: the numbers are partial.
        let unplayed = progress.scheduledGames - progress.ratedGames
        let warning: Markup =
            unplayed <= 0
            ? ""
            : """
            <p class="warning" id="incomplete">Incomplete tournament: \(unplayed) of \(progress.scheduledGames) scheduled games have no result. \
            The standings, ratings and crosstable below cover only the games played.</p>
            """
        return """
            <header><h1>\(results.tournament)</h1>
            <p class="meta">\(parts.joined(separator: " · "))<br>Report generated \(timestamp(results.generatedAt)).</p>\(warning)</header>

            """
    }

    static func sprtSection(_ sprt: ResultsDocument.SPRTResult) -> Markup {
        let verdict: Markup
        switch sprt.decision {
        case "H1": verdict = "H1 accepted: \(sprt.bot) is at least \(number(sprt.elo1)) Elo stronger than \(sprt.opponent)."
        case "H0": verdict = "H0 accepted: \(sprt.bot) is not \(number(sprt.elo1)) Elo stronger than \(sprt.opponent) (at most \(number(sprt.elo0)))."
        default: verdict = "Undecided: more games are needed."
        }
        return """
            <section id="sprt"><h2>Sequential test (SPRT)</h2>
            <p class="verdict" data-decision="\(sprt.decision)">\(verdict)</p>
            <p class="meta">H0: elo = \(number(sprt.elo0)), H1: elo = \(number(sprt.elo1)), α = \(number(sprt.alpha)), β = \(number(sprt.beta)). \
            \(sprt.bot) won \(sprt.wins) and lost \(sprt.losses) against \(sprt.opponent). \
            LLR \(String(format: "%.3f", sprt.llr)); bounds [\(String(format: "%.3f", sprt.lowerBound)), \(String(format: "%.3f", sprt.upperBound))].</p></section>

            """
    }

    static func standings(_ results: ResultsDocument) -> Markup {
        var html: Markup = """
            <section><h2>Standings</h2><div class="scroll"><table id="standings">
            <thead><tr><th>#</th><th class="bot">Bot</th><th>Elo</th><th>95% interval</th><th>Games</th><th>Won</th><th>Lost</th><th>Score</th><th>Shots/win</th><th>Forfeits</th></tr></thead><tbody>

            """
        let files = BotFileNames.assign(results)
        for row in results.standings {
            let forfeits = row.forfeits.isEmpty ? "0" : row.forfeits.keys.sorted().map { "\(row.forfeits[$0] ?? 0) \($0)" }.joined(separator: ", ")
            let name =
                files[row.bot].map { "<a class=\"bot-link\" href=\"\(ReportLayout.botPage(stem: $0))\">\(row.bot)</a>" as Markup }
                ?? Markup(escaping: row.bot)
            html += "<tr data-bot=\"\(row.bot)\"><td>\(rank(row))</td><td class=\"bot\">\(name)</td>"
            if let rating = row.rating {
                html += "<td>\(Int(rating.value.rounded()))</td><td>\(Int(rating.lower.rounded()))–\(Int(rating.upper.rounded()))</td>"
            } else {
                html += "<td>–</td><td>–</td>"
            }
            html += "<td>\(row.games)</td><td>\(row.wins)</td><td>\(row.losses)</td><td>\(String(format: "%.1f%%", row.scorePercent))</td>"
            html += "<td>\(row.meanShotsToWin.map { String(format: "%.1f", $0) } ?? "–")</td><td>\(forfeits)</td></tr>\n"
        }
        html +=
            "</tbody></table></div><p class=\"note\">A bot's name opens its own page: its games, forfeits with the end of its stderr, where it fires first.</p>\n"
        html += "<p class=\"note\" id=\"ties\">\(tieNote)</p>\n"
        let mover = results.firstMover
        if let share = mover.firstMoverScorePercent {
            var line =
                "The first mover (seat 0, who created the game) won \(mover.firstMoverWins) of \(mover.games) rated games (\(String(format: "%.1f%%", share)))"
            if let advantage = mover.advantage {
                line += "; fitted advantage \(signed(advantage.value)) Elo (95%: \(signed(advantage.lower)) to \(signed(advantage.upper)))"
            }
            html += "<p class=\"note\" id=\"first-mover\">\(line).</p>\n"
        }
        html +=
            "<p class=\"note\">Elo: a joint Bradley–Terry fit of all rated games with the first-mover advantage, mean 1500; forfeits count as losses, games without result do not count.</p></section>\n"
        return html
    }

    /// A standing's rank cell: its rank, and when it is in a statistical tie the tie's ranks,
    /// `4 tied 3–5` (``ResultsDocument/Standing/tie``); the arena's leaderboard writes the same.
    public static func rank(_ row: ResultsDocument.Standing) -> Markup {
        guard let tie = row.tie else { return "\(row.rank)" }
        let title = "ranks \(tie.first) to \(tie.last) cannot be told apart at 95%"
        return "\(row.rank) <span class=\"tie\" title=\"\(title)\">tied \(tie.first)–\(tie.last)</span>"
    }

    /// What a tie in the rank column means, said under the standings.
    static let tieNote: Markup =
        "Ranks marked “tied 3–5” cannot be told apart at 95%: the Elo difference of each two neighbours among ranks 3 to 5 is within its 95% interval."

    /// Links to the crosstable's and the likelihoods' own pages (``TablePage``).
    static func tableLinks(_ results: ResultsDocument) -> Markup {
        var html: Markup =
            "<section id=\"tables\"><h2>Crosstable, likelihood of superiority, shots to win</h2><p>With \(results.standings.count) bots these are pages of their own: "
        html += "<a id=\"crosstable-link\" href=\"\(ReportLayout.crosstable)\">the crosstable</a> (each bot's wins–losses against each other)"
        if !results.likelihoodOfSuperiority.isEmpty {
            html += ", <a id=\"superiority-link\" href=\"\(ReportLayout.superiority)\">the likelihood of superiority</a> (from the rating fit)"
        }
        html += " and <a id=\"shots-link\" href=\"\(ReportLayout.shotsToWin)\">the shots to win</a> (a histogram per bot)"
        return html + ". A bot's page has its own row of each table and its shots beside the other bots'.</p></section>\n"
    }

    static func ratingsChart(_ results: ResultsDocument) -> Markup {
        let rows = results.standings.compactMap { row in row.rating.map { (bot: row.bot, estimate: $0) } }
        guard !rows.isEmpty else { return "" }
        return
            "<section><h2>Ratings</h2><div class=\"scroll\">\(SVGCharts.ratings(rows))</div><p class=\"note\">Dots: Elo; bars: 95% intervals.</p></section>\n"
    }

    static func crosstable(_ results: ResultsDocument) -> Markup {
        let order = results.standings.map(\.bot)
        guard order.count > 1 else { return "" }
        var cells: [String: ResultsDocument.CrosstableCell] = [:]
        for cell in results.crosstable { cells[cell.bot + "\u{0}" + cell.opponent] = cell }
        let titled = order.count <= titledCellLimit
        var html: Markup = "<section><h2>Crosstable</h2><div class=\"scroll\"><table id=\"crosstable\"><thead><tr><th class=\"bot\">Bot</th>"
        for position in order.indices { html += "<th title=\"\(order[position])\">\(position + 1)</th>" }
        html += "</tr></thead><tbody>\n"
        for (position, bot) in order.enumerated() {
            html += "<tr><td class=\"bot\">\(position + 1). \(bot)</td>"
            for opponent in order {
                guard opponent != bot else {
                    html += "<td>·</td>"
                    continue
                }
                guard let cell = cells[bot + "\u{0}" + opponent], let score = cell.scorePercent else {
                    html += "<td></td>"
                    continue
                }
                let shade = min(4, Int(score / 20))
                if titled {
                    html +=
                        "<td class=\"q\(shade)\" title=\"\(bot) against \(opponent): \(cell.wins) won, \(cell.losses) lost\">\(cell.wins)–\(cell.losses)</td>"
                } else {
                    html += "<td class=\"q\(shade)\">\(cell.wins)–\(cell.losses)</td>"
                }
            }
            html += "</tr>\n"
        }
        html += "</tbody></table></div><p class=\"note\">Row bot's wins–losses against the column bot (columns numbered as the rows).</p></section>\n"
        return html
    }

    static func superiority(_ results: ResultsDocument) -> Markup {
        let order = results.standings.map(\.bot)
        guard order.count > 1, !results.likelihoodOfSuperiority.isEmpty else { return "" }
        var values: [String: Double] = [:]
        for entry in results.likelihoodOfSuperiority { values[entry.bot + "\u{0}" + entry.opponent] = entry.likelihood }
        var html: Markup = "<section><h2>Likelihood of superiority</h2><div class=\"scroll\"><table id=\"los\"><thead><tr><th class=\"bot\">Bot</th>"
        for position in order.indices { html += "<th title=\"\(order[position])\">\(position + 1)</th>" }
        html += "</tr></thead><tbody>\n"
        for (position, bot) in order.enumerated() {
            html += "<tr><td class=\"bot\">\(position + 1). \(bot)</td>"
            for opponent in order {
                guard opponent != bot, let value = values[bot + "\u{0}" + opponent] else {
                    html += "<td>·</td>"
                    continue
                }
                html += "<td class=\"q\(min(4, Int(value * 5)))\">\(String(format: "%.0f%%", value * 100))</td>"
            }
            html += "</tr>\n"
        }
        html +=
            "</tbody></table></div><p class=\"note\">The probability that the row bot is stronger than the column bot, from the rating fit.</p></section>\n"
        return html
    }

    static func shotsToWin(_ results: ResultsDocument) -> Markup {
        let all = results.shotsToWin.flatMap { $0.histogram.map(\.shots) }
        guard let low = all.min(), let high = all.max() else { return "" }
        let range = min(low, 17)...max(high, low + 10)
        var html: Markup = "<section><h2>Shots to win</h2><div class=\"grid\">\n"
        for distribution in results.shotsToWin {
            let mean = distribution.mean.map { String(format: "mean %.1f", $0) } ?? "no wins"
            html +=
                "<figure style=\"margin:0\"><figcaption><b>\(distribution.bot)</b> <span class=\"meta\">\(distribution.wins) wins, \(mean)</span></figcaption>"
            html += SVGCharts.histogram(distribution, range: range) + "</figure>\n"
        }
        html += "</div><p class=\"note\">Shots the bot fired in each game it won by sinking the fleet; dashed line: mean.</p></section>\n"
        return html
    }

    static func terminations(_ results: ResultsDocument) -> Markup {
        let counts = results.terminations
        var rows = [("Won by sinking the fleet", counts.wins), ("Won by forfeit", counts.forfeits)]
        for kind in counts.forfeitsByKind.keys.sorted() { rows.append(("  forfeit: \(kind)", counts.forfeitsByKind[kind] ?? 0)) }
        rows.append(("Attempts with no result (played again)", counts.noResultAttempts))
        var html: Markup = "<section><h2>How games ended</h2><table id=\"terminations\"><tbody>\n"
        for (label, count) in rows { html += "<tr><td class=\"bot\">\(label)</td><td>\(count)</td></tr>\n" }
        return html + "</tbody></table></section>\n"
    }

    /// Above this many games, the index links the pages of ``GamesPage`` instead of listing
    /// every game (and each bot's page still lists its own games).
    public static let inlineGameLimit = 2_000

    /// Above this many bots, the crosstable and the likelihoods of superiority (a cell per
    /// ordered pair: 39,800 for 200 bots) and the shots-to-win histograms (a chart per bot) are
    /// pages of their own, linked from the index.
    public static let inlineTableBotLimit = 40

    /// Above this many bots, crosstable cells carry no `title` (the row and the column number
    /// say who met whom): 200 bots make 39,800 cells.
    public static let titledCellLimit = 40

    /// Games grouped by pairing, each group folded; rows are kept short. Above
    /// ``inlineGameLimit`` games: links to the pages of games.
    static func games(_ results: ResultsDocument, list: GameList) -> Markup {
        guard list.count <= inlineGameLimit else { return gamePages(list) }
        var groups: [String: [ResultsDocument.GameEntry]] = [:]
        var keys: [String] = []
        let rank = Dictionary(results.standings.map { ($0.bot, $0.rank) }, uniquingKeysWith: min)
        for game in list.inline {
            let pair = game.players.sorted { (rank[$0] ?? .max, $0) < (rank[$1] ?? .max, $1) }
            let key = pair.joined(separator: "\u{0}")
            if groups[key] == nil { keys.append(key) }
            groups[key, default: []].append(game)
        }
        var html: Markup =
            "<section id=\"games\"><h2>Games and replays</h2><p class=\"note\">Each pairing's games; open one to list them, a number opens its replay.</p>\n"
        for key in keys {
            let games = groups[key] ?? []
            let names = key.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            let title = names.joined(separator: " vs ")
            var wins = [0, 0]
            for game in games where game.countsInStandings != false {
                if let winner = game.winner, let side = names.firstIndex(of: winner), side < 2 { wins[side] += 1 }
            }
            let earlier = games.count { $0.countsInStandings == false }
            let count = earlier == 0 ? "\(games.count) games" : "\(games.count - earlier) games (and \(earlier) of earlier versions)"
            html += "<details><summary>\(title) <span class=\"meta\">\(count), \(wins[0])–\(wins[1])</span></summary>"
            html +=
                "<div class=\"scroll\"><table><thead><tr><th>Game</th><th class=\"bot\">First move</th><th class=\"bot\">Winner</th><th>End</th><th title=\"the shots of both seats together\">Moves</th></tr></thead><tbody>\n"
            for game in games {
                let end = game.termination == "forfeit" ? "forfeit" + (game.forfeitKind.map { " (\($0))" } ?? "") : game.termination
                html +=
                    "<tr\(Self.earlierClass(game))><td><a class=\"replay-link\" href=\"\(game.replayHTML)\">\(game.index)</a><td class=\"bot\">\(game.players.first ?? "")<td class=\"bot\">\(game.winner ?? "–")<td>\(end)\(Self.earlierNote(game))<td>\(game.moves)\n"
            }
            html += "</tbody></table></div></details>\n"
        }
        return html + "</section>\n"
    }

    /// ` class="earlier"` for a season's game the standings do not count; nothing otherwise.
    static func earlierClass(_ game: ResultsDocument.GameEntry) -> Markup {
        game.countsInStandings == false ? " class=\"earlier\"" : ""
    }

    /// What the end of such a game adds: which versions played it, and that it is not counted.
    static func earlierNote(_ game: ResultsDocument.GameEntry) -> Markup {
        guard game.countsInStandings == false else { return "" }
        let versions = (game.versions ?? []).filter { !$0.isEmpty }.map { String($0.prefix(7)) }
        return
            " <span class=\"meta\">· earlier version\(versions.isEmpty ? "" : " (" + versions.joined(separator: ", ") + ")"), not in the standings</span>"
    }

    /// The games section of a large run: one link per page of ``GamesPage``, and the viewer.
    static func gamePages(_ list: GameList) -> Markup {
        var html: Markup = "<section id=\"games\"><h2>Games and replays</h2><p class=\"note\">\(list.count) games, \(GamesPage.pageSize) a page; "
        html +=
            "a bot's page lists all of its games. A game's number opens its replay; <a id=\"viewer-link\" href=\"\(ReportLayout.viewer)#game=\(list.pages.first?.lowerBound ?? 0)\">the replay viewer</a> opens any game by its number.</p><nav class=\"pages\">\n"
        for (position, range) in list.pages.enumerated() {
            html += "<a class=\"games-page\" href=\"\(ReportLayout.gamesPage(number: position + 1))\">\(range.lowerBound)–\(range.upperBound)</a>\n"
        }
        return html + "</nav></section>\n"
    }

    /// `2026-11-23 13:20 UTC`.
    static func timestamp(_ date: Date) -> String {
        let iso = ReplayJSONWriter.iso8601(date)  // 2026-11-23T13:20:05Z
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + " UTC"
    }

    /// A number without needless decimals: `5`, `2.5`, `0.05`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `+35` or `-12`.
    static func signed(_ value: Double) -> String {
        let rounded = Int(value.rounded())
        return rounded > 0 ? "+\(rounded)" : String(rounded)
    }
}
