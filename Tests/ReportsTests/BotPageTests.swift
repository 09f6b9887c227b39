import Foundation
import Reports
import Testing
import Tournament

/// The bots' pages as rendered text: escaping of everything a bot controls, the numbers of
/// the fixture's hand count, and the size limit for a bot with tens of thousands of games.
@Suite("Bot pages")
struct BotPageTests {
    static let hostile = ["<script>alert(1)</script>", "\"quoted\" & 'single' <b>", "</pre><!-- x"]

    /// The page of `bot` for the fixture run (names `names`), its third bot's forfeit given `tail`.
    static func page(bot position: Int, names: [String] = ["alpha", "bravo", "charlie"], tail: String? = nil) -> String {
        var finished = Fixtures.finished(names: names)
        for index in finished.indices where finished[index].termination == .forfeit { finished[index].stderrTail = tail }
        let results = ResultsBuilder.build(config: Fixtures.config(names: names), finished: finished, generatedAt: Fixtures.generatedAt)
        let history = GameHistory(finished: finished)
        let bot = names[position]
        return BotPage.render(
            BotPage.Input(
                bot: bot, results: results, records: history.games.filter { $0.players.contains { $0.bot == bot } },
                files: BotFileNames.assign(results), runFolder: "reports/golden"
            ))
    }

    @Test("hostile names and a hostile stderr tail appear escaped, never as markup")
    func escaping() {
        let tail = "</pre><script>alert('stderr')</script>\n<img src=x onerror=alert(2)> \"q\" & 'a'"
        let page = Self.page(bot: 2, names: Self.hostile, tail: tail)
        #expect(!page.contains("<script"))
        #expect(!page.contains("<img"))
        #expect(!page.contains("<!--"))
        #expect(!page.contains("&#39;single&#39; <b>") && page.contains("&#39;single&#39; &lt;b&gt;"))
        #expect(page.contains("<main id=\"bot-page\" data-bot=\"&lt;/pre&gt;&lt;!-- x\">"))
        #expect(
            page.contains(
                "<pre class=\"stderr\">&lt;/pre&gt;&lt;script&gt;alert(&#39;stderr&#39;)&lt;/script&gt;\n&lt;img src=x onerror=alert(2)&gt; &quot;q&quot; &amp; &#39;a&#39;</pre>"
            ))
        #expect(
            page.contains(
                "<tr data-opponent=\"&lt;script&gt;alert(1)&lt;/script&gt;\"><td class=\"bot\"><a href=\"script-alert-1-script.html\">&lt;script&gt;alert(1)&lt;/script&gt;</a></td>"
            ))
        // Exactly the page's own pre element: the tail's `</pre>` did not close it.
        #expect(page.components(separatedBy: "</pre>").count - 1 == 1)
    }

    @Test("charlie's page: the hand-counted record, the forfeit at its shot 3 with its stderr, every game linked")
    func charlie() throws {
        let page = Self.page(bot: 2, tail: "Traceback: boom")
        #expect(
            page.contains(
                "<tr data-key=\"won\"><th class=\"bot\">Won</th><td class=\"bot\">1: 1 by sinking the fleet, 0 by the opponent&#39;s forfeit</td></tr>"
            )
                || page.contains(
                    "<tr data-key=\"won\"><th class=\"bot\">Won</th><td class=\"bot\">1: 1 by sinking the fleet, 0 by the opponent's forfeit</td></tr>"
                ))
        #expect(page.contains("<tr data-key=\"lost\"><th class=\"bot\">Lost</th><td class=\"bot\">3: 2 sunk, 1 by forfeit</td></tr>"))
        #expect(page.contains("<tr data-key=\"forfeits\"><th class=\"bot\">Forfeits</th><td class=\"bot\">1: 1 timeout</td></tr>"))
        #expect(page.contains("<article class=\"forfeit\" data-game=\"1\" data-kind=\"timeout\" data-move=\"6\">"))
        #expect(page.contains("at its shot 3 (move 6 of the game)"))
        #expect(page.contains("<pre class=\"stderr\">Traceback: boom</pre>"))
        #expect(page.contains("<code class=\"rematch\">salvo rematch reports/golden 1</code>"))
        // Games 1, 2, 4 and 5 (game 2 after a no-result attempt), each with its replay.
        let links = page.components(separatedBy: "<a class=\"replay-link\" href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(
            Set(links) == [
                "../replays/viewer.html#game=1", "../replays/viewer.html#game=2", "../replays/viewer.html#game=4", "../replays/viewer.html#game=5",
            ])
        #expect(!page.contains("http://") && !page.contains("https://"))
    }

    @Test("a bot with 30,000 forfeits, 8 KiB tails, 4 KiB reasons and 10,000-character names stays under 5 MB, saying what it left out")
    func sizeLimit() throws {
        let long = String(repeating: "n", count: 10_000)
        let names = [long + "A", long + "B", long + "C"]
        let template = try #require(Fixtures.finished(names: names).first { $0.termination == .forfeit })
        let tail = (1...20).map { _ in String(repeating: "<", count: 299) + "…" }.joined(separator: "\n")
        let finished = (0..<30_000).map { index in
            var record = template
            record.index = index
            record.gameId = "g\(index)"
            record.reason = String(repeating: "\"", count: 4_200)
            record.stderrTail = tail
            return record
        }
        var config = Fixtures.config(names: names)
        config.gamesPerPairing = 30_000
        let results = ResultsBuilder.build(config: config, finished: finished, generatedAt: Fixtures.generatedAt)
        let bot = names[2]
        let page = BotPage.render(BotPage.Input(bot: bot, results: results, records: finished, files: BotFileNames.assign(results), runFolder: "r"))
        let size = page.utf8.count
        #expect(size < 5_000_000, "\(size) bytes")
        #expect(page.components(separatedBy: "<article class=\"forfeit\"").count - 1 == BotPage.forfeitDetailLimit)
        #expect(page.contains("id=\"forfeits-cut\">\(30_000 - BotPage.forfeitDetailLimit - BotPage.forfeitRowLimit) more forfeits"))
        #expect(page.contains("id=\"games-cut\">The first \(BotPage.gameRowLimit) of 30000 games"))
        #expect(page.components(separatedBy: "<tr><td><a class=\"replay-link\"").count - 1 == BotPage.forfeitRowLimit + BotPage.gameRowLimit)
    }
}
