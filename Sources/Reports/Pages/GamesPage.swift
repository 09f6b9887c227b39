import HTMLText

/// The games of a large run, a page at a time (`games/NNN.html`): above
/// ``IndexPage/inlineGameLimit`` games the index links these pages instead of listing every
/// game, so no page grows with the run (100,000 games would make a 15 MB index).
///
/// DOM contract: `<table id="games">` with one `<tr data-index="N">` per game, its replay link
/// `<a class="replay-link" href="../replays/viewer.html#game=N">`; `<nav class="pages">` links
/// the previous and next pages.
public enum GamesPage {
    /// Games per page.
    public static let pageSize = 2_000

    /// How many pages `gameCount` games take.
    public static func pageCount(gameCount: Int) -> Int { (gameCount + pageSize - 1) / pageSize }

    /// Page `number` (from 1) of `results`' games, in schedule order.
    public static func render(_ results: ResultsDocument, number: Int) -> String {
        let start = (number - 1) * pageSize
        let games = results.games[min(start, results.games.count)..<min(start + pageSize, results.games.count)]
        return render(
            tournament: results.tournament, games: Array(games), number: number,
            count: pageCount(gameCount: results.games.count), total: results.games.count
        )
    }

    /// Page `number` of `count`, listing `games` of the `total` of the run `tournament`.
    public static func render(tournament: String, games: [ResultsDocument.GameEntry], number: Int, count: Int, total: Int) -> String {
        let first = games.first?.index ?? 0
        let last = games.last?.index ?? 0
        var html: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <title>Games \(first)–\(last) · \(tournament)</title>
            <style>\(PageStyle.css)</style></head>
            <body><main>
            <header><p class="meta"><a href="../\(ReportLayout.index)">← \(tournament)</a></p>
            <h1>Games \(first)–\(last)</h1><p class="meta">Page \(number) of \(count), \(total) games in all.</p></header>
            \(navigation(number: number, count: count))
            <section><div class="scroll"><table id="games">
            <thead><tr><th>Game</th><th class="bot">First move</th><th class="bot">Second</th><th class="bot">Winner</th><th>End</th><th title="the shots of both seats together">Moves</th></tr></thead><tbody>

            """
        for game in games {
            let end = game.termination == "forfeit" ? "forfeit" + (game.forfeitKind.map { " (\($0))" } ?? "") : game.termination
            html +=
                "<tr data-index=\"\(game.index)\"\(IndexPage.earlierClass(game))><td><a class=\"replay-link\" href=\"../\(game.replayHTML)\">\(game.index)</a>"
            html +=
                "<td class=\"bot\">\(game.players.first ?? "")<td class=\"bot\">\(game.players.dropFirst().first ?? "")<td class=\"bot\">\(game.winner ?? "–")<td>\(end)\(IndexPage.earlierNote(game))<td>\(game.moves)\n"
        }
        html += "</tbody></table></div></section>\n\(navigation(number: number, count: count))</main></body></html>\n"
        return html.text
    }

    /// Links to the previous and next pages, and to every tenth.
    static func navigation(number: Int, count: Int) -> Markup {
        var links: [Markup] = []
        if number > 1 { links.append("<a rel=\"prev\" href=\"\(pageFile(number - 1))\">← previous</a>") }
        if number < count { links.append("<a rel=\"next\" href=\"\(pageFile(number + 1))\">next →</a>") }
        return "<nav class=\"pages meta\">\(links.joined(separator: " · "))</nav>"
    }

    /// `002.html`: page `number`'s file name inside `games/`.
    static func pageFile(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".html"
    }
}
