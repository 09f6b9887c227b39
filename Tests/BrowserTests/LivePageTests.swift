import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// `salvo run --live` for real: the live page opened in headless Chromium while the run goes
/// on, read back from the rendered DOM before and after a game finishes.
@Suite("Live standings in Chromium", .serialized, .timeLimit(.minutes(4)))
struct LivePageTests {
    /// Three built-ins, 120 games one at a time, turns handed over by polling every 60 ms: a
    /// game takes a few seconds, and the run far longer than the test watches it (it is
    /// stopped with Ctrl-C once a game has been seen finishing), even when Chromium takes a
    /// minute to start on a loaded machine.
    static let tournamentFile = """
        name: live-browser
        format: round-robin
        games_per_pairing: 40
        concurrency: 1
        seed: 5
        bots:
          - random
          - parity
          - name: "<script>alert(1)</script>"
            builtin: hunt-target

        """

    /// What the page shows now.
    struct Shown: Sendable {
        var done: Int
        var total: Int
        var phase: String
        var version: Int
        var recent: [Int]
        var standings: [String]
        var games: Int
    }

    static func read(_ page: BrowserPage) async throws -> Shown {
        let value = try await page.evaluate(
            """
            (() => { const root = document.getElementById('live');
              return { done: +root.dataset.done, total: +root.dataset.total, phase: root.dataset.phase, version: +root.dataset.version,
                recent: [...document.querySelectorAll('#recent tbody tr')].map(r => +r.dataset.index),
                standings: [...document.querySelectorAll('#standings tbody tr')].map(r => r.dataset.bot),
                games: [...document.querySelectorAll('#standings tbody tr')].reduce((n, r) => n + +r.cells[2].textContent, 0) }; })()
            """)
        return Shown(
            done: value["done"]?.int ?? -1, total: value["total"]?.int ?? -1, phase: value["phase"]?.string ?? "",
            version: value["version"]?.int ?? -1, recent: value["recent"]?.array?.compactMap(\.int) ?? [],
            standings: value["standings"]?.array?.compactMap(\.string) ?? [], games: value["games"]?.int ?? -1
        )
    }

    /// The live page's URL, read from the run's stderr.
    static func liveURL(_ run: TestProcess) async throws -> URL {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let text = run.errorText
            if let range = text.range(of: "live standings on "), let end = text[range.upperBound...].firstIndex(of: " ") {
                return try #require(URL(string: String(text[range.upperBound..<end])))
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("no live URL on stderr: \(run.errorText)")
        throw CancellationError()
    }

    @Test("the page shows a game finishing while the tournament runs, without a reload; stopped with Ctrl-C, the run's final board stays served")
    func gameFinishesWhileWatching() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-live-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("live.yaml")
        try Self.tournamentFile.write(to: file, atomically: true, encoding: .utf8)
        let run = try TestProcess(salvo: [
            "run", file.path, "--output", folder.appendingPathComponent("run").path, "--pure-polling", "--poll-interval", "60",
            "--live", "0", "--live-linger", "600",
        ])
        let url = try await Self.liveURL(run)
        #expect(url.host == "127.0.0.1")
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(url)
            try await page.waitUntil("document.getElementById('connection').textContent === 'live'", timeout: .seconds(60))
            try await page.waitUntil("+document.getElementById('live').dataset.done >= 1", timeout: .seconds(60))
            let before = try await Self.read(page)
            #expect(before.phase == "playing")
            #expect(before.total == 120)
            try #require(before.done < before.total, "the run ended before the page could watch a game finish")
            #expect(before.recent.count == before.done)
            #expect(before.games == 2 * before.done)
            #expect(Set(before.standings) == ["random", "parity", "<script>alert(1)</script>"])
            try await page.waitUntil("+document.getElementById('live').dataset.done > \(before.done)", timeout: .seconds(60))
            let after = try await Self.read(page)
            #expect(after.done > before.done)
            #expect(after.version > before.version)
            #expect(after.recent.count == after.done)
            #expect(Set(after.recent).isSuperset(of: before.recent) && after.recent.first.map { !before.recent.contains($0) } == true)
            #expect(after.games == 2 * after.done)
            // One navigation only: every change came over the event stream.
            let documents = page.requestedURLs.filter { !$0.hasSuffix("/events") }
            #expect(documents == [url.absoluteString], "\(page.requestedURLs)")
            #expect(page.dialogs.isEmpty, "a bot's name ran as script")
            #expect(page.exceptions.isEmpty, "\(page.exceptions)")

            // Ctrl-C: the games in flight finish, the page says the run stopped, and a browser
            // that comes now gets the final board, replays included.
            run.interrupt()
            try await page.waitUntil("document.getElementById('live').dataset.phase === 'stopped'", timeout: .seconds(120))
            let late = try await browser.open(url)
            let final = try await Self.read(late)
            #expect(final.phase == "stopped" && final.done >= after.done && final.done < 120)
            // The page says the run is over and where its report is, by the run folder's name.
            #expect(try await late.evaluate("document.getElementById('standings-title').textContent").string == "Standings when the run stopped")
            let note =
                try await late.evaluate("(() => { const f = document.getElementById('final'); return f.hidden ? '' : f.textContent; })()").string
                ?? ""
            #expect(note.contains("The run stopped early") && note.contains("run/index.html") && !note.contains(folder.path), "\(note)")
            #expect(final.recent.count == min(final.done, 20))
            // The games' Moves column: both seats' shots, a whole number on every row.
            #expect(try await late.evaluate("document.querySelector('#recent thead th:last-child').textContent") == "Moves")
            let moves =
                try await late.evaluate("[...document.querySelectorAll('#recent tbody tr')].map(r => r.lastElementChild.textContent)").array?
                .compactMap(\.string) ?? []
            #expect(!moves.isEmpty && moves.allSatisfy { Int($0) != nil }, "\(moves)")
            let replay = try await late.evaluate("document.querySelector('#recent a.replay-link').href").string
            let replayPage = try await browser.open(try #require(replay.flatMap(URL.init(string:))))
            #expect(try await replayPage.evaluate("document.getElementById('replay') !== null").isTruthy)
            // Screenshots once the board no longer changes (a page redrawn several times a
            // second keeps a loaded machine's compositor busy).
            let png = try await late.screenshot(timeout: .seconds(90))
            #expect(Screenshots.pngSize(png) != nil)
            try Screenshots.save(png, as: "live-page-stopped.png")
            try await late.emulatePhone()
            let phonePNG = try await late.screenshot(timeout: .seconds(90))
            #expect(Screenshots.pngSize(phonePNG).map { $0.width == 750 } == true)
            try Screenshots.save(phonePNG, as: "live-page-phone.png")
        }
        // A second Ctrl-C ends salvo at once, as after any run stopped with Ctrl-C.
        run.interrupt()
        let output = try await run.finish(timeout: .seconds(30))
        #expect(output.status == 130, "\(output.err)")
        #expect(output.err.contains("Stopped early"))
    }
}
