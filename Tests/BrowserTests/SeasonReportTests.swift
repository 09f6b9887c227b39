import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// A season's report in headless Chromium: three real nights of `salvo run` into one folder
/// (two entries resubmit), then the history chart on the index page and a bot's own line on its
/// page, at desktop and phone widths.
@Suite("A season's history in the report", .serialized, .timeLimit(.minutes(4)))
struct SeasonReportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func submit(_ name: String, in folder: URL, note: String) throws {
        let bot = folder.appendingPathComponent("subs/\(name)")
        try FileManager.default.createDirectory(at: bot, withIntermediateDirectories: true)
        let source = try String(contentsOf: root.appendingPathComponent("bots/submissions-example/python-random/bot.py"), encoding: .utf8)
        try (source + "# \(note)\n").write(to: bot.appendingPathComponent("bot.py"), atomically: true, encoding: .utf8)
        try "command: python3 bot.py\n".write(to: bot.appendingPathComponent("bot.yaml"), atomically: true, encoding: .utf8)
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
            let lines = try await page.evaluate("""
                Object.fromEntries([...document.querySelectorAll('#season polyline')].map(l => [l.dataset.bot,
                  { points: l.getAttribute('points').trim().split(/\\s+/).length, width: l.getBoundingClientRect().width }]))
                """)
            // alice and bob each have a point per night; the listed bot too.
            for bot in ["alice", "bob", "hunt-target"] {
                #expect(lines[bot]?["points"]?.int == 3, "\(bot): \(lines)")
                #expect((lines[bot]?["width"]?.number ?? 0) > 50, "the line is drawn across the nights")
            }
            let versions = try await page.evaluate("""
                [...document.querySelectorAll('table#versions > tbody > tr')].map(r => ({ bot: r.dataset.bot, version: r.dataset.version,
                  latest: !!r.querySelector('.latest'), best: !!r.querySelector('.best') }))
                """).array ?? []
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
            let href = try #require(try await page.evaluate("[...document.querySelectorAll('a')].find(a => a.classList.contains('bot-link') && a.textContent === 'alice')?.getAttribute('href')").string)
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
            let results = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("results.json"))) as? [String: Any])
            let game = try #require((results["games"] as? [[String: Any]])?.first)
            let players = try #require(game["players"] as? [String]), seatVersions = try #require(game["versions"] as? [String])
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
