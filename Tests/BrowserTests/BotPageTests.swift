import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// The bots' pages of a real run, opened from file:// in real headless Chromium and read back
/// from the rendered DOM, and `salvo rematch` run from the command a page shows.
@Suite("Bot pages in Chromium", .serialized, .timeLimit(.minutes(4)))
struct BotPageTests {
    /// An iPhone's CSS width, and a smaller phone's.
    static let phoneWidths = [390, 375]

    /// `5`, `1523.4`: a number as results.json and the page write it.
    static func number(_ value: Double?) -> String? {
        guard let value else { return nil }
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The `href` of each standings row's bot link, by bot.
    static func botLinks(_ page: BrowserPage) async throws -> [String: String] {
        let rows =
            try await page.evaluate(
                """
                [...document.querySelectorAll('table#standings > tbody > tr')]
                  .map(row => [row.dataset.bot, row.querySelector('td.bot a.bot-link')?.getAttribute('href') ?? null])
                """
            ).array ?? []
        var links: [String: String] = [:]
        for row in rows { if let bot = row[0]?.string, let href = row[1]?.string { links[bot] = href } }
        return links
    }

    @Test("every standings row links its bot's page, which shows the bot's record, rating and interval as results.json has them")
    func recordAndRating() async throws {
        let report = try await BotPageReport.shared.value
        try await HeadlessBrowser.with { browser in
            let index = try await browser.open(report.index)
            let links = try await Self.botLinks(index)
            #expect(Set(links.keys) == ["density", BotPageReport.scriptName, BotPageReport.hostileName])
            #expect(Set(links.values).count == 3)
            for standing in report.standings {
                let bot = try #require(standing["bot"]?.string)
                let href = try #require(links[bot])
                #expect(href.hasPrefix("bots/") && href.hasSuffix(".html") && !href.contains("<"), "\(href)")
                let url = report.directory.appendingPathComponent(href)
                let page = try await browser.open(url)
                let shown = try await page.evaluate(
                    """
                    (() => { const value = key => document.querySelector(`#record tr[data-key="${key}"] td`)?.textContent ?? null;
                      return { bot: document.getElementById('bot-page').dataset.bot, heading: document.querySelector('h1').textContent,
                               elo: value('elo'), interval: value('interval'), won: value('won'), lost: value('lost'), games: value('games') }; })()
                    """)
                #expect(shown["bot"]?.string == bot)
                #expect(shown["heading"]?.string == bot)
                let rating = standing["rating"]
                #expect(shown["elo"]?.string == Self.number(rating?["value"]?.number))
                #expect(
                    shown["interval"]?.string?.hasPrefix(
                        "\(Self.number(rating?["lower"]?.number) ?? "?") to \(Self.number(rating?["upper"]?.number) ?? "?")") == true)
                #expect(shown["games"]?.string == standing["games"]?.int.map(String.init))
                #expect(shown["won"]?.string?.hasPrefix("\(standing["wins"]?.int ?? -1):") == true)
                #expect(shown["lost"]?.string?.hasPrefix("\(standing["losses"]?.int ?? -1):") == true)
                // Against each opponent: the crosstable's numbers, in standings order.
                let opponents =
                    try await page.evaluate(
                        """
                        [...document.querySelectorAll('#opponents tbody tr')].map(row => [row.dataset.opponent, row.cells[2].textContent, row.cells[3].textContent])
                        """
                    ).array ?? []
                let expected = report.standings.compactMap { $0["bot"]?.string }.filter { $0 != bot }
                #expect(opponents.map { $0[0]?.string } == expected)
                for row in opponents {
                    let cell = report.results["crosstable"]?.array?.first { $0["bot"]?.string == bot && $0["opponent"] == row[0] }
                    #expect(row[1]?.string == cell?["wins"]?.int.map(String.init) && row[2]?.string == cell?["losses"]?.int.map(String.init))
                }
                #expect(page.dialogs.isEmpty, "a name ran as script: \(page.dialogs)")
                #expect(page.exceptions.isEmpty)
                #expect(page.requestedURLs == [url.absoluteString], "the page fetched something")
                try await page.close()
            }
        }
    }

    @Test("the hostile bot's page lists every game with its replay, and every forfeit with kind, move and its stderr as text")
    func gamesAndForfeits() async throws {
        let report = try await BotPageReport.shared.value
        let bot = BotPageReport.hostileName
        try await HeadlessBrowser.with { browser in
            let links = try await Self.botLinks(try await browser.open(report.index))
            let url = report.directory.appendingPathComponent(try #require(links[bot]))
            let page = try await browser.open(url)
            let games = report.games(of: bot)
            #expect(games.count == 4)
            let hrefs =
                try await page.evaluate("[...document.querySelectorAll('#games a.replay-link')].map(a => a.getAttribute('href'))").array?.compactMap(
                    \.string) ?? []
            #expect(hrefs.sorted() == games.compactMap { $0["replayHTML"]?.string.map { "../" + $0 } }.sorted())
            for href in hrefs {
                // The viewer, opened at the game: `../replays/viewer.html#game=N`.
                let file = String(href.prefix { $0 != "#" })
                #expect(href.hasPrefix("../replays/viewer.html#game="), "\(href)")
                #expect(
                    FileManager.default.fileExists(atPath: url.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL.path),
                    "\(href)")
            }
            // Each game it forfeited: the kind and the move (the shot that never came) of results.json.
            let forfeits =
                try await page.evaluate(
                    """
                    [...document.querySelectorAll('article.forfeit')].map(a => ({ game: Number(a.dataset.game), kind: a.dataset.kind,
                      move: Number(a.dataset.move), stderr: a.querySelector('pre.stderr')?.textContent ?? null,
                      rematch: a.querySelector('code.rematch')?.textContent ?? null }))
                    """
                ).array ?? []
            let forfeited = games.filter { $0["termination"] == "forfeit" && $0["winner"]?.string != bot }
            #expect(forfeited.count == 4)
            #expect(forfeits.map { $0["game"]?.int } == forfeited.map { $0["index"]?.int })
            for (shown, game) in zip(forfeits, forfeited) {
                #expect(shown["kind"]?.string == game["forfeitKind"]?.string)
                #expect(shown["kind"] == "crash")
                #expect(shown["move"]?.int == (game["moves"]?.int).map { $0 + 1 })
                let stderr = try #require(shown["stderr"]?.string)
                let lines = stderr.split(separator: "\n").map(String.init)
                #expect(
                    lines.suffix(4) == [
                        #"thinking about <b>bold</b> moves & "quotes" 'single'"#, "bell? and nul? here",
                        "</pre><script>alert('stderr')</script>", "Traceback: giving up on turn 4",
                    ])
                #expect(lines.allSatisfy { $0.count <= 300 })
                #expect(shown["rematch"]?.string == "salvo rematch \(report.directory.path) \(game["index"]?.int ?? -1)")
            }
            // The stderr became text: no element inside the pre, no script ran.
            #expect(try await page.evaluate("document.querySelectorAll('pre.stderr *').length") == 0)
            #expect(try await page.evaluate("document.querySelectorAll('script, i, img').length") == 0)
            // The heat map of first shots: one count per game, on 100 cells.
            #expect(try await page.evaluate("document.querySelectorAll('#heat-first rect').length") == 100)
            #expect(
                try await page.evaluate("[...document.querySelectorAll('#heat-first rect')].reduce((n, r) => n + Number(r.dataset.count), 0)").int
                    == games.count)
            // The opening: it fires (0,0), (1,0), (2,0) in every game before it crashes.
            let opening = try await page.evaluate(
                "Object.fromEntries([...document.querySelectorAll('#heat-opening rect')].filter(r => r.dataset.count !== '0').map(r => [r.dataset.cell, Number(r.dataset.count)]))"
            )
            #expect(opening == ["0,0": 4, "1,0": 4, "2,0": 4])
            #expect(page.dialogs.isEmpty, "stderr ran as script: \(page.dialogs)")
            #expect(page.exceptions.isEmpty)
            #expect(page.requestedURLs == [url.absoluteString], "the page fetched something")
            _ = try await page.evaluate("document.getElementById('forfeits').scrollIntoView()")
            let png = try await page.screenshot()
            #expect(Screenshots.pngSize(png) != nil && png.count > 1_000)
            try Screenshots.save(png, as: "bot-page-forfeits.png")
        }
    }

    @Test("the density bot's page shows its shots to win beside the field's, as shares of each side's wins")
    func shotsChart() async throws {
        let report = try await BotPageReport.shared.value
        try await HeadlessBrowser.with { browser in
            let links = try await Self.botLinks(try await browser.open(report.index))
            let page = try await browser.open(report.directory.appendingPathComponent(try #require(links["density"])))
            let bars =
                try await page.evaluate(
                    """
                    ['bar', 'field-bar'].map(kind => [...document.querySelectorAll(`#shots-comparison rect.${kind}`)].reduce((n, r) => n + Number(r.dataset.share), 0))
                    """
                ).array?.compactMap(\.number) ?? []
            let distributions = report.results["shotsToWin"]?.array ?? []
            let wins = distributions.first { $0["bot"] == "density" }?["wins"]?.int
            let fieldWins = distributions.filter { $0["bot"] != "density" }.compactMap { $0["wins"]?.int }.reduce(0, +)
            // Each side's shares add up to 100% of its wins (one decimal per bin), or 0 without wins.
            try #require(bars.count == 2)
            #expect((wins ?? 0) > 0, "the fixed seed key gives density wins to chart")
            #expect(abs(bars[0] - 100) < 1, "\(bars[0])")
            #expect(abs(bars[1] - (fieldWins > 0 ? 100 : 0)) < 1, "\(bars[1]) for \(fieldWins) wins")
            #expect(
                try await page.evaluate("document.querySelector('#shots .note').textContent").string?.contains("this bot (\(wins ?? -1) wins)")
                    == true)
        }
    }

    @Test("every bot page fits 390 and 375 px phone screens without sideways scrolling")
    func phoneWidth() async throws {
        let report = try await BotPageReport.shared.value
        try await HeadlessBrowser.with { browser in
            let links = try await Self.botLinks(try await browser.open(report.index))
            for (bot, href) in links.sorted(by: { $0.key < $1.key }) {
                let url = report.directory.appendingPathComponent(href)
                for width in Self.phoneWidths {
                    let page = try await browser.open(url)
                    try await page.setViewport(width: width, height: 844, deviceScaleFactor: 2, mobile: true)
                    try await page.navigate(to: url)
                    #expect(try await page.evaluate("window.innerWidth") == .number(Double(width)))
                    let scrolled = try #require(try await page.evaluate("document.documentElement.scrollWidth").int)
                    #expect(scrolled <= width + 2, "\(bot)'s page is \(scrolled) px wide on a \(width) px screen")
                    if bot == BotPageReport.hostileName && width == 390 {
                        let png = try await page.screenshot()
                        #expect(Screenshots.pngSize(png).map { $0.width == 2 * width } == true)
                        try Screenshots.save(png, as: "bot-page-phone.png")
                    }
                    try await page.close()
                }
            }
        }
    }

    @Test("the rematch command a page shows replays each game with the recorded shots, forfeits included")
    func rematch() async throws {
        let report = try await BotPageReport.shared.value
        let commands = try await HeadlessBrowser.with { browser in
            let links = try await Self.botLinks(try await browser.open(report.index))
            let page = try await browser.open(report.directory.appendingPathComponent(try #require(links["density"])))
            return try await page.evaluate("[...document.querySelectorAll('code.rematch')].map(c => c.textContent)").array?.compactMap(\.string) ?? []
        }
        let shown = try #require(commands.first)
        let words = shown.split(separator: " ").map(String.init)
        try #require(words.count == 4 && words[0] == "salvo" && words[1] == "rematch", "\(shown)")
        #expect(words[2] == report.directory.path)
        // The page's game, then every other game of the run.
        var indices = [try #require(Int(words[3]))]
        indices += report.games.compactMap { $0["index"]?.int }.filter { $0 != indices[0] }
        // Redirected together into one file, as `salvo rematch DIR N > f 2>&1`: the hostile bot's
        // traceback and salvo's lines both stay whole, neither written over the other.
        let crashed = try #require(report.games(of: BotPageReport.hostileName).first?["index"]?.int)
        let combined = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-rematch-\(UUID().uuidString).txt").path
        let redirected = try await SalvoExecutable.run(
            ["-c", "exec \"$0\" rematch \"$1\" \"$2\" > \"$3\" 2>&1", SalvoExecutable.path, words[2], String(crashed), combined],
            executable: "/bin/sh")
        #expect(redirected.status == 0, "\(redirected.err)")
        let text = try String(contentsOfFile: combined, encoding: .utf8)
        #expect(
            text.contains("Traceback: giving up on turn 4") && text.contains("seat 0: ") && text.contains(" moves as the recorded game."),
            "\(text.suffix(600))")
        for index in indices {
            let run = try await SalvoExecutable.run(["rematch", words[2], String(index)])
            #expect(run.status == 0, "\(run.err)")
            let out = String(decoding: run.outData, as: UTF8.self)
            let replayed = out.split(separator: "\n").filter { $0.hasPrefix("move ") }.map { line in
                let parts = line.split(separator: " ")
                return [String(parts[3]), String(parts[5]), String(parts[7]), parts[8] == "miss" ? "miss" : "hit"]
            }
            let recorded = (try report.replay(index)["shots"]?.array ?? []).map { shot in
                [
                    shot["seat"]?.int.map(String.init) ?? "?", shot["x"]?.int.map(String.init) ?? "?", shot["y"]?.int.map(String.init) ?? "?",
                    shot["result"] == "miss" ? "miss" : "hit",
                ]
            }
            #expect(!recorded.isEmpty)
            #expect(replayed == recorded, "game \(index)")
            #expect(out.contains("Same \(recorded.count) moves as the recorded game."), "game \(index): \(out.suffix(300))")
        }
    }
}
