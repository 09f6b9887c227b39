import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// A season's report in headless Chromium: three real nights of `salvo run` into one folder
/// (two entries resubmit), then the history chart on the index page and a bot's own line on its
/// page, at desktop and phone widths.
@Suite("A season's history in the report", .serialized, .timeLimit(.minutes(10)))
struct SeasonReportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func submit(_ name: String, in folder: URL, note: String) throws {
        let bot = folder.appendingPathComponent("subs/\(name)")
        try FileManager.default.createDirectory(at: bot, withIntermediateDirectories: true)
        let source = try String(contentsOf: root.appendingPathComponent("bots/submissions-example/python-random/bot.py"), encoding: .utf8)
        try (source + "# \(note)\n").write(to: bot.appendingPathComponent("bot.py"), atomically: true, encoding: .utf8)
        try "command: python3 bot.py\n".write(to: bot.appendingPathComponent("bot.yaml"), atomically: true, encoding: .utf8)
    }

    /// A student's bot for the crowded seasons: bots/python's hunt-target (short games), its
    /// version told apart by `note`.
    static func submitHunter(_ name: String, in folder: URL, note: String) throws {
        let bot = folder.appendingPathComponent("subs/\(name)")
        try FileManager.default.createDirectory(at: bot, withIntermediateDirectories: true)
        let source = try String(contentsOf: root.appendingPathComponent("bots/python/hunt_target_bot.py"), encoding: .utf8)
        try (source + "# \(note)\n").write(to: bot.appendingPathComponent("bot.py"), atomically: true, encoding: .utf8)
        try "command: python3 bot.py\n".write(to: bot.appendingPathComponent("bot.yaml"), atomically: true, encoding: .utf8)
    }

    /// The chart's names: none over another, each inside the chart; the axis titles; picking
    /// one entry out by focusing it (a tap, or Tab) fades the others.
    static func expectReadableChart(_ page: BrowserPage, entries: Int, _ context: String) async throws {
        let labels =
            try await page.evaluate(
                """
                [...document.querySelectorAll('#season svg text.label')].map(t => { const r = t.getBoundingClientRect(); return { top: r.top, bottom: r.bottom } })
                  .sort((a, b) => a.top - b.top)
                """
            ).array ?? []
        #expect(labels.count == entries, "\(context): \(labels.count) names for \(entries) entries")
        for (upper, lower) in zip(labels, labels.dropFirst()) {
            let bottom = upper["bottom"]?.number ?? 0
            let top = lower["top"]?.number ?? 0
            #expect(top >= bottom - 0.5, "\(context): two names overlap (\(bottom) > \(top))")
        }
        let chart = try await page.evaluate(
            "(() => { const r = document.querySelector('#season svg').getBoundingClientRect(); return { top: r.top, bottom: r.bottom } })()")
        let chartTop = chart["top"]?.number ?? 0
        let chartBottom = chart["bottom"]?.number ?? 0
        #expect(
            labels.allSatisfy { ($0["top"]?.number ?? -1) >= chartTop - 1 && ($0["bottom"]?.number ?? .infinity) <= chartBottom + 1 },
            "\(context): a name outside the chart")
        let titles =
            try await page.evaluate("[...document.querySelectorAll('#season svg text.axis-title')].map(t => t.textContent)").array?.compactMap(
                \.string) ?? []
        #expect(titles == ["Night", "Elo in the standings"], "\(context)")
        let picked = try await page.evaluate(
            """
            (() => { const groups = [...document.querySelectorAll('#season svg g.entry')]; groups[3].focus();
              return { picked: Number(getComputedStyle(groups[3]).opacity), other: Number(getComputedStyle(groups[4]).opacity) } })()
            """)
        #expect(
            picked["picked"]?.number == 1 && (picked["other"]?.number ?? 1) < 0.5, "\(context): focusing one entry does not pick it out: \(picked)")
        _ = try await page.evaluate("document.activeElement.blur()")
    }

    @Test(
        "a crowded season's chart stays readable at desktop and phone widths: 10 entries in a round robin, 40 in Swiss rounds; a version's nights are the nights it played, and going back to one says so",
        arguments: [(10, "round-robin"), (40, "swiss")]
    )
    func crowdedChart(entries: Int, format: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-season-crowd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        name: crowd
        format: \(format)
        \(format == "swiss" ? "rounds: 2" : "")
        games_per_pairing: 2
        concurrency: 16
        bots_from: subs
        """.write(to: folder.appendingPathComponent("season.yaml"), atomically: true, encoding: .utf8)
        try FixedSeedKey.write(into: folder.path + "/out")
        let students = (1...entries).map { String(format: "student%02d", $0) }
        // Night 1: everyone. Night 2: student01 and student02 resubmit. Night 3: student01 goes
        // back to its first version (the same bytes), student03 resubmits.
        let nights: [[(String, String)]] = [
            students.map { ($0, "night 1") }, [("student01", "night 2"), ("student02", "night 2")],
            [("student01", "night 1"), ("student03", "night 3")],
        ]
        for (night, changes) in nights.enumerated() {
            for (name, note) in changes { try Self.submitHunter(name, in: folder, note: note) }
            let run = try await SalvoExecutable.run(["run", "season.yaml", "--output", "out"], timeout: .seconds(300), workingDirectory: folder.path)
            try #require(run.status == 0, "night \(night + 1): \(run.err)")
        }
        let output = folder.appendingPathComponent("out")

        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(output.appendingPathComponent("index.html"))
            try await page.setViewport(width: 1280, height: 900, mobile: false)
            try await Self.expectReadableChart(page, entries: entries, "desktop, \(entries) entries")
            // student01: version 1 played nights 1 and 3 (not 2), and says it came back.
            let first =
                try await page.evaluate(
                    """
                    [...document.querySelectorAll('table#versions > tbody > tr')].filter(r => r.dataset.bot === 'student01')
                      .map(r => ({ nights: r.querySelector('td.nights').textContent, back: r.querySelector('.back')?.textContent ?? '' }))
                    """
                ).array ?? []
            try #require(first.count == 2, "\(first)")
            #expect(first[0]["nights"]?.string == "1, 3", "\(first)")
            #expect(first[0]["back"]?.string == "back to it on night 3", "\(first)")
            #expect(first[1]["nights"]?.string == "2" && first[1]["back"]?.string == "", "\(first)")
            _ = try await page.evaluate("document.getElementById('season').scrollIntoView()")
            try Screenshots.save(try await page.screenshot(), as: "season-history-\(entries).png")

            try await page.emulatePhone()
            try await Self.expectReadableChart(page, entries: entries, "phone, \(entries) entries")
            let width = try #require(try await page.evaluate("document.documentElement.scrollWidth").int)
            let viewport = try #require(try await page.evaluate("window.innerWidth").int)
            #expect(width <= viewport, "the page scrolls sideways on a phone: \(width) > \(viewport)")
            _ = try await page.evaluate("document.getElementById('season').scrollIntoView()")
            try Screenshots.save(try await page.screenshot(), as: "season-history-\(entries)-phone.png")

            // One Elo per bot page, named: the record's is the standings'; the versions' are the season's.
            let href = try #require(
                try await page.evaluate(
                    "[...document.querySelectorAll('a')].find(a => a.classList.contains('bot-link') && a.textContent === 'student01')?.getAttribute('href')"
                ).string)
            let botPage = try await browser.open(output.appendingPathComponent(href))
            #expect(try await botPage.evaluate("document.querySelector('#record tr[data-key=elo] th').textContent").string == "Elo in the standings")
            let headers =
                try await botPage.evaluate("[...document.querySelectorAll('table#bot-versions th')].map(t => t.textContent)").array?.compactMap(
                    \.string) ?? []
            #expect(headers.contains("Season Elo") && !headers.contains("Elo"), "\(headers)")
            #expect(
                try await botPage.evaluate("document.querySelectorAll('#bot-season svg text.label').length").int == 1,
                "a bot page names its own line alone")
            #expect(botPage.exceptions.isEmpty && page.exceptions.isEmpty)
        }
    }

    @Test("the Season chart has a line per entry with a point per night, the versions table marks latest and best, and a bot page draws its own line")
    func historyChart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-season-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        name: season-report
        games_per_pairing: 2
        bots: [hunt-target]
        bots_from: subs
        """.write(to: folder.appendingPathComponent("season.yaml"), atomically: true, encoding: .utf8)
        try FixedSeedKey.write(into: folder.path + "/out")
        for (night, changes) in [["alice", "bob"], ["alice"], ["bob"]].enumerated() {
            for name in changes { try Self.submit(name, in: folder, note: "night \(night + 1)") }
            let run = try await SalvoExecutable.run(["run", "season.yaml", "--output", "out"], timeout: .seconds(120), workingDirectory: folder.path)
            try #require(run.status == 0, "night \(night + 1): \(run.err)")
        }
        let output = folder.appendingPathComponent("out")

        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(output.appendingPathComponent("index.html"))
            let lines = try await page.evaluate(
                """
                Object.fromEntries([...document.querySelectorAll('#season polyline')].map(l => [l.dataset.bot,
                  { points: l.getAttribute('points').trim().split(/\\s+/).length, width: l.getBoundingClientRect().width }]))
                """)
            // alice and bob each have a point per night; the listed bot too.
            for bot in ["alice", "bob", "hunt-target"] {
                #expect(lines[bot]?["points"]?.int == 3, "\(bot): \(lines)")
                #expect((lines[bot]?["width"]?.number ?? 0) > 50, "the line is drawn across the nights")
            }
            let versions =
                try await page.evaluate(
                    """
                    [...document.querySelectorAll('table#versions > tbody > tr')].map(r => ({ bot: r.dataset.bot, version: r.dataset.version,
                      latest: !!r.querySelector('.latest'), best: !!r.querySelector('.best') }))
                    """
                ).array ?? []
            #expect(versions.filter { $0["bot"]?.string == "alice" }.count == 2)
            #expect(versions.filter { $0["bot"]?.string == "bob" }.count == 2)
            #expect(versions.filter { $0["latest"]?.bool == true }.count == 3)
            #expect(versions.filter { $0["best"]?.bool == true }.count == 3, "one best version per entry")
            #expect(page.exceptions.isEmpty)
            _ = try await page.evaluate("document.getElementById('season').scrollIntoView()")
            let png = try await page.screenshot()
            #expect(Screenshots.pngSize(png) != nil && png.count > 1_000)
            try Screenshots.save(png, as: "season-history.png")

            // alice's page: her line drawn over the others', her two versions.
            let href = try #require(
                try await page.evaluate(
                    "[...document.querySelectorAll('a')].find(a => a.classList.contains('bot-link') && a.textContent === 'alice')?.getAttribute('href')"
                ).string)
            let botPage = try await browser.open(output.appendingPathComponent(href))
            #expect(try await botPage.evaluate("document.querySelector('#bot-season polyline.mine')?.dataset.bot").string == "alice")
            #expect(try await botPage.evaluate("document.querySelectorAll('#bot-season polyline.other').length").int == 2)
            #expect(try await botPage.evaluate("document.querySelectorAll('table#bot-versions > tbody > tr').length").int == 2)
            // On a phone, the chart shrinks to the screen: no sideways scrolling.
            try await botPage.emulatePhone()
            let width = try #require(try await botPage.evaluate("document.documentElement.scrollWidth").int)
            let viewport = try #require(try await botPage.evaluate("window.innerWidth").int)
            #expect(width <= viewport, "the page scrolls sideways on a phone: \(width) > \(viewport)")
            _ = try await botPage.evaluate("document.getElementById('bot-season').scrollIntoView()")
            let phone = try await botPage.screenshot()
            #expect(Screenshots.pngSize(phone) != nil)
            try Screenshots.save(phone, as: "season-bot-page-phone.png")

            // The packed viewer names the version that played each seat (issue 43): game 0 is
            // night 1's, alice's first version against the listed bot or bob.
            let results = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("results.json"))) as? [String: Any])
            let game = try #require((results["games"] as? [[String: Any]])?.first)
            let players = try #require(game["players"] as? [String])
            let seatVersions = try #require(game["versions"] as? [String])
            let viewer = try #require(URL(string: output.appendingPathComponent("replays/viewer.html").absoluteString + "#game=0"))
            let replay = try await browser.open(viewer)
            try await replay.waitUntil("document.getElementById('replay').dataset.state === 'ready'")
            let meta = try #require(try await replay.evaluate("document.getElementById('game-meta').textContent").string)
            for (bot, version) in zip(players, seatVersions) where !version.isEmpty {
                #expect(meta.contains("\(bot) version \(version)"), "\(meta)")
            }
            #expect(seatVersions.contains { !$0.isEmpty } && replay.exceptions.isEmpty)
        }
    }
}
