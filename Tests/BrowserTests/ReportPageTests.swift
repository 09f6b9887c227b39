import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// The HTML reports of a real run, opened from file:// in real headless Chromium and read
/// back from the rendered DOM: the contract in reports/README.md and issue 6, checked the
/// way a person would meet it. Chromium missing fails these tests (run `make test-deps`).
@Suite("HTML reports in Chromium", .serialized, .timeLimit(.minutes(3)))
struct ReportPageTests {
    /// A phone's CSS width, and how far past it a page may reach (rounding of borders).
    static let phoneWidth = 375
    static let widthTolerance = 2

    /// The rows of `#standings`: each row's `data-bot` and its `td.bot` text.
    static let standingsRows = """
        [...document.querySelectorAll('table#standings > tbody > tr')]
          .map(row => ({ bot: row.dataset.bot ?? null, cell: row.querySelector('td.bot')?.textContent ?? null }))
        """

    /// The replay root's state: step, steps, the label, the slider.
    static let replayState = """
        (() => { const root = document.getElementById('replay');
          return { step: Number(root.dataset.step), steps: Number(root.dataset.steps),
                   label: document.getElementById('step-label').textContent,
                   slider: document.getElementById('slider')?.value ?? null }; })()
        """

    /// The viewer's address for a replay link of results.json (`replays/viewer.html#game=N`):
    /// the file's URL with the fragment kept as a fragment.
    static func viewerURL(_ report: TournamentReport, _ href: String) throws -> URL {
        let parts = href.split(separator: "#", maxSplits: 1).map(String.init)
        let file = report.directory.appendingPathComponent(parts[0])
        return try #require(URL(string: file.absoluteString + (parts.count > 1 ? "#" + parts[1] : "")))
    }

    /// Waits until the viewer has loaded its game from the pack.
    static func ready(_ page: BrowserPage) async throws {
        try await page.waitUntil("document.getElementById('replay').dataset.state === 'ready'")
    }

    @Test("index.html shows one standings row per bot, in results.json's order, with hostile names as text")
    func standings() async throws {
        let report = try await TournamentReport.shared.value
        #expect(report.rankedBots.count == 4)
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(report.index)
            let rows = try await page.evaluate(Self.standingsRows).array ?? []
            #expect(rows.map { $0["bot"]?.string } == report.rankedBots)
            #expect(rows.map { $0["cell"]?.string } == report.rankedBots)
            #expect(Set(report.rankedBots) == ["density", "random", TournamentReport.scriptName, TournamentReport.markupName])
            // The names became text, not elements: no <i> holding "it", no script mentioning alert.
            #expect(try await page.evaluate("[...document.querySelectorAll('i')].filter(e => e.textContent === 'it').length") == 0)
            #expect(try await page.evaluate("[...document.scripts].filter(s => s.textContent.includes('alert(1)')).length") == 0)
            #expect(page.dialogs.isEmpty, "a bot's name ran as script: \(page.dialogs)")
            #expect(page.exceptions.isEmpty)
            #expect(page.requestedURLs == [report.index.absoluteString], "the page fetched something")
            let png = try await page.screenshot()
            #expect(Screenshots.pngSize(png) != nil && png.count > 1_000)
            try Screenshots.save(png, as: "report-index.png")
        }
    }

    @Test("every replay link opens the one viewer at its game, one per game of results.json; replays/ holds the viewer and one pack")
    func replayLinks() async throws {
        let report = try await TournamentReport.shared.value
        #expect(report.games.count == 12)
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(report.index)
            let hrefs =
                try await page.evaluate("[...document.querySelectorAll('a.replay-link')].map(a => a.getAttribute('href'))")
                .array?.compactMap(\.string) ?? []
            let expected = report.games.compactMap { $0["replayHTML"]?.string }
            #expect(hrefs.sorted() == expected.sorted())
            #expect(Set(hrefs).count == report.games.count)
            for (href, game) in zip(expected, report.games) {
                let index = try #require(game["index"]?.int)
                #expect(href == "replays/viewer.html#game=\(index)")
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: report.directory.appendingPathComponent("replays").path)
            #expect(files.sorted() == ["pack-0000.js", "viewer.html"])
        }
    }

    @Test("the viewer opened from disk at a game loads its pack, and steps forward on ArrowRight and back on ArrowLeft; Home and End go to the ends")
    func replayKeys() async throws {
        let report = try await TournamentReport.shared.value
        // A game of the bot whose name is a script tag, so the viewer must keep it text too.
        let game = try #require(report.games.first { ($0["players"]?.array ?? []).contains(.string(TournamentReport.scriptName)) })
        let shots = try #require(game["moves"]?.int)
        let index = try #require(game["index"]?.int)
        let href = try #require(game["replayHTML"]?.string)
        let url = try Self.viewerURL(report, href)
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(url)
            try await Self.ready(page)
            #expect(try await page.evaluate("document.getElementById('replay').dataset.game") == .string(String(index)))
            let start = try await page.evaluate(Self.replayState)
            #expect(start["step"] == 0)
            #expect(start["steps"]?.int == shots)
            #expect(try await page.evaluate("document.querySelector('input#slider')?.type") == "range")
            #expect(try await page.evaluate("['board-0', 'board-1'].every(id => document.getElementById(id) !== null)") == true)
            let label = try #require(start["label"]?.string)

            try await page.press(.arrowRight)
            try await page.waitUntil("document.getElementById('replay').dataset.step === '1'")
            let forward = try await page.evaluate(Self.replayState)
            #expect(forward["step"] == 1)
            #expect(forward["label"]?.string != label)
            #expect(forward["label"]?.string == "Move 1 of \(shots)")

            try await page.press(.arrowLeft)
            try await page.waitUntil("document.getElementById('replay').dataset.step === '0'")
            let back = try await page.evaluate(Self.replayState)
            #expect(back["step"] == 0)
            #expect(back["label"]?.string == label)

            try await page.press(.end)
            try await page.waitUntil("document.getElementById('replay').dataset.step === '\(shots)'")
            #expect(try await page.evaluate(Self.replayState)["label"]?.string == "Move \(shots) of \(shots)")
            try await page.press(.home)
            try await page.waitUntil("document.getElementById('replay').dataset.step === '0'")

            // The hostile name is the heading's text, and nothing ran.
            #expect(try await page.evaluate("document.querySelector('h1').textContent").string?.contains(TournamentReport.scriptName) == true)
            #expect(page.dialogs.isEmpty, "a bot's name ran as script: \(page.dialogs)")
            #expect(page.exceptions.isEmpty)
            // The page itself and its pack, both from disk: nothing else.
            let replays = report.directory.appendingPathComponent("replays")
            #expect(
                Set(page.requestedURLs.map { $0.split(separator: "#").first.map(String.init) ?? $0 })
                    == [replays.appendingPathComponent("viewer.html").absoluteString, replays.appendingPathComponent("pack-0000.js").absoluteString],
                "the page fetched something else: \(page.requestedURLs)")

            try await page.press(.end)
            try await page.waitUntil("document.getElementById('replay').dataset.step === '\(shots)'")
            let png = try await page.screenshot()
            #expect(Screenshots.pngSize(png) != nil && png.count > 1_000)
            try Screenshots.save(png, as: "report-replay.png")
        }
    }

    @Test("Space plays a replay on its own and Space again pauses it")
    func replayPlays() async throws {
        let report = try await TournamentReport.shared.value
        let href = try #require(report.games.first?["replayHTML"]?.string)
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(try Self.viewerURL(report, href))
            try await Self.ready(page)
            try await page.press(.space)
            // No further key: the step advances by itself.
            try await page.waitUntil("Number(document.getElementById('replay').dataset.step) >= 2")
            try await page.press(.space)
            let paused = try await page.evaluate(Self.replayState)
            // Paused means a later look finds the same step (checked after the page had time to move).
            let later = try await page.evaluate("new Promise(done => setTimeout(() => done(document.getElementById('replay').dataset.step), 600))")
            #expect(later.string == paused["step"]?.int.map(String.init))
        }
    }

    @Test("a replay has its buttons and a speed control, and moving the slider moves the replay")
    func replayControls() async throws {
        let report = try await TournamentReport.shared.value
        let href = try #require(report.games.first?["replayHTML"]?.string)
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(try Self.viewerURL(report, href))
            try await Self.ready(page)
            // First, back, play/pause, forward, last: the contract names no ids for them.
            let buttons = try await page.evaluate("document.querySelectorAll('#replay button').length").int ?? 0
            #expect(buttons >= 5)
            #expect(try await page.evaluate("document.querySelectorAll('#replay select, #replay input:not(#slider)').length").int ?? 0 >= 1)
            // A person dragging the slider: its value changes and it fires `input`.
            _ = try await page.evaluate(
                "(() => { const s = document.getElementById('slider'); s.value = '5'; s.dispatchEvent(new Event('input', { bubbles: true })); })()")
            try await page.waitUntil("document.getElementById('replay').dataset.step === '5'")
            #expect(try await page.evaluate(Self.replayState)["label"]?.string?.hasPrefix("Move 5 of ") == true)
            try await page.press(.arrowRight)
            try await page.waitUntil("document.getElementById('replay').dataset.step === '6'")
            #expect(try await page.evaluate(Self.replayState)["slider"] == "6")
        }
    }

    @Test("index.html and the replay viewer fit a 375 px phone screen without sideways scrolling")
    func phoneWidth() async throws {
        let report = try await TournamentReport.shared.value
        let href = try #require(report.games.first?["replayHTML"]?.string)
        try await HeadlessBrowser.with { browser in
            for (url, artifact) in [(report.index, "report-index-phone.png"), (try Self.viewerURL(report, href), "report-replay-phone.png")] {
                // From a blank page: navigating a page to its own URL with a fragment would not reload it.
                let page = try await browser.open(URL(string: "about:blank")!)
                try await page.emulatePhone()
                try await page.navigate(to: url)
                if url.fragment != nil { try await Self.ready(page) }
                #expect(try await page.evaluate("window.innerWidth") == .number(Double(Self.phoneWidth)), "\(url.lastPathComponent)")
                let width = try #require(try await page.evaluate("document.documentElement.scrollWidth").int)
                #expect(
                    width <= Self.phoneWidth + Self.widthTolerance, "\(url.lastPathComponent) is \(width) px wide on a \(Self.phoneWidth) px screen")
                let png = try await page.screenshot()
                #expect(Screenshots.pngSize(png).map { $0.width == 2 * Self.phoneWidth } == true)
                try Screenshots.save(png, as: artifact)
                try await page.close()
            }
        }
    }

    @Test("the viewer's next-game link and its game box open other games; a game not in the report says so")
    func viewerNavigation() async throws {
        let report = try await TournamentReport.shared.value
        let url = try Self.viewerURL(report, "replays/viewer.html#game=0")
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(url)
            try await Self.ready(page)
            _ = try await page.evaluate("document.getElementById('next-game').click()")
            try await page.waitUntil(
                "document.getElementById('replay').dataset.game === '1' && document.getElementById('replay').dataset.state === 'ready'")
            let steps = try await page.evaluate(Self.replayState)["steps"]?.int
            let second = try #require(report.games.first { $0["index"]?.int == 1 })
            #expect(steps == second["moves"]?.int)
            // "Moves" count both seats' shots; a win's "shots" are the winner's (docs/output.md, "Words").
            if second["termination"] == "win", let winner = second["winner"]?.string, let own = second["winnerShots"]?.int {
                #expect(
                    try await page.evaluate("document.getElementById('outcome').textContent")
                        == .string("\(winner) won by sinking the fleet in \(own) shots."))
            }
            // #game=N&move=M opens move M; &shot=M, the links of Salvo 0.3, too.
            _ = try await page.evaluate("location.hash = '#game=1&move=7'")
            try await page.waitUntil("document.getElementById('replay').dataset.step === '7'")
            #expect(try await page.evaluate(Self.replayState)["label"] == .string("Move 7 of \(steps ?? -1)"))
            _ = try await page.evaluate("location.hash = '#game=1&shot=3'")
            try await page.waitUntil("document.getElementById('replay').dataset.step === '3'")
            _ = try await page.evaluate(
                "(() => { document.getElementById('game-number').value = '11'; document.getElementById('open-game').click(); })()")
            try await page.waitUntil(
                "document.getElementById('replay').dataset.game === '11' && document.getElementById('replay').dataset.state === 'ready'")
            _ = try await page.evaluate(
                "(() => { document.getElementById('game-number').value = '5000'; document.getElementById('open-game').click(); })()")
            try await page.waitUntil("document.getElementById('replay').dataset.state === 'missing'")
            #expect(try await page.evaluate("document.getElementById('game-title').textContent") == "Game 5000 is not in this report")
            #expect(page.exceptions.isEmpty)
        }
    }

    @Test("salvo replay ID --format html writes a stand-alone viewer that steps on ArrowRight")
    func exportedReplay() async throws {
        let report = try await TournamentReport.shared.value
        let game = try #require(report.games.last)
        let gameId = try #require(game["gameId"]?.string)
        let shots = try #require(game["moves"]?.int)
        let file = report.directory.deletingLastPathComponent().appendingPathComponent("exported-replay.html")
        let export = try await SalvoExecutable.run(["replay", gameId, "--from", report.directory.path, "--format", "html", "--output", file.path])
        try #require(export.status == 0, "salvo replay failed: \(export.err)")
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(file)
            #expect(try await page.evaluate(Self.replayState)["steps"]?.int == shots)
            try await page.press(.arrowRight)
            try await page.waitUntil("document.getElementById('replay').dataset.step === '1'")
            #expect(try await page.evaluate(Self.replayState)["label"]?.string == "Move 1 of \(shots)")
            #expect(page.dialogs.isEmpty)
            #expect(page.requestedURLs == [file.absoluteString])
        }
    }
}
