import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// The arena's pages in headless Chromium against a real `salvo arena serve`: the live
/// leaderboard after two students' real `salvo submit`, as served and after its refresh, at
/// desktop and phone widths; and the upload page used as a student without Salvo uses it.
@Suite("The arena's pages in Chromium", .serialized, .timeLimit(.minutes(6)))
struct ArenaLeaderboardTests {
    /// The history chart as the page shows it: its lines and dots, its drawn height, and its
    /// namespace (an <svg> parsed as XML without one is shown as its text).
    static func chart(_ page: BrowserPage) async throws -> JSONValue {
        try await page.evaluate(
            """
            (() => { const svg = document.querySelector('#history svg');
              return { namespace: svg ? svg.namespaceURI : '', lines: svg ? [...svg.querySelectorAll('polyline')].map(l => l.dataset.bot) : [],
                height: svg ? svg.getBoundingClientRect().height : 0, dots: svg ? svg.querySelectorAll('circle.dot').length : 0,
                rows: document.querySelectorAll('#standings tr').length } })()
            """)
    }

    @Test(
        "the upload page takes a student's archive and token, shows the check's steps as they come, then the state and the private page's link; a wrong token is told so"
    )
    func uploadPage() async throws {
        let folder = NSTemporaryDirectory() + "salvo-arena-upload-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tokens = try await ArenaProcess.make(
            at: folder + "/cs101", roster: "alice\n", settings: "name: cs101\nbots: [random]\ngames_per_pairing: 2\ncheck_games: 2\n")
        let token = try #require(tokens["alice"])
        // The archive a student makes by hand: tar czf bot.tar.gz -C my-bot .
        _ = try await TestProcess.run("/bin/tar", ["czf", folder + "/bot.tar.gz", "-C", ClassFolder.examples + "/python-random", "."])
        let archive = try Data(contentsOf: URL(fileURLWithPath: folder + "/bot.tar.gz")).base64EncodedString()
        let (server, url) = try await ArenaProcess.serve(folder + "/cs101")
        // Stopped whatever happens (a browser that cannot start included), not left serving.
        defer { server.terminate() }
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(try #require(URL(string: url + "upload")))
            func upload(token: String) async throws {
                _ = try await page.evaluate(
                    """
                    (() => { const bytes = Uint8Array.from(atob("\(archive)"), c => c.charCodeAt(0));
                      const files = new DataTransfer(); files.items.add(new File([bytes], "bot.tar.gz", {type: "application/gzip"}));
                      document.getElementById("file").files = files.files;
                      document.getElementById("token").value = "\(token)";
                      document.getElementById("form").requestSubmit(); return true; })()
                    """)
            }
            func state() async throws -> String { try await page.evaluate("document.getElementById('state').textContent").string ?? "" }

            try await upload(token: "salvo_wrong")
            var said = ""
            for _ in 0..<100 where !said.hasPrefix("Not taken") {
                try await Task.sleep(for: .milliseconds(100))
                said = try await state()
            }
            #expect(said.hasPrefix("Not taken (401)"), "\(said)")

            try await upload(token: token)
            for _ in 0..<600 where !said.contains(": entered") && !said.contains(": refused") {
                try await Task.sleep(for: .milliseconds(200))
                said = try await state()
            }
            #expect(said.hasPrefix("Upload 1: entered") && said.contains(", version "), "\(said)")
            let lines = try await page.evaluate("document.getElementById('lines').textContent").string ?? ""
            #expect(lines.contains("PASS  ") && !lines.contains("FAIL  "), "\(lines)")
            // The link comes from a request of its own after the last state is shown.
            var link = ""
            for _ in 0..<100 where link.isEmpty {
                link = try await page.evaluate("document.querySelector('#mine a')?.getAttribute('href') ?? ''").string ?? ""
                if link.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(link.hasPrefix("student/") && link.count == "student/".count + 32, "\(link)")
            let mine = try await page.evaluate("document.getElementById('mine').textContent").string ?? ""
            #expect(mine.contains("on the leaderboard your bot is entry-"), "\(mine)")
            #expect(page.exceptions.isEmpty, "\(page.exceptions)")
            try Screenshots.save(try await page.screenshot(), as: "arena-upload.png")
        }
        server.interrupt()
        _ = try await server.finish(timeout: .seconds(60))
    }

    @Test("the leaderboard draws the season's history, and its refresh every 5 s redraws it as a chart (not as text) with the standings")
    func leaderboard() async throws {
        let folder = NSTemporaryDirectory() + "salvo-arena-browser-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Four games a pairing, both seats each twice: a fit's first-move advantage is bounded
        // unless every first mover of 12 games won (or lost), so the entries are rated.
        let tokens = try await ArenaProcess.make(
            at: folder + "/cs101", roster: "alice,Alice A\nbob,Bob B\n",
            settings: "name: cs101\nbots: [random]\ngames_per_pairing: 4\ncheck_games: 2\n")
        let (server, url) = try await ArenaProcess.serve(folder + "/cs101")
        defer { server.terminate() }
        for login in ["alice", "bob"] {
            let entered = try await SalvoExecutable.run(
                ["submit", ClassFolder.examples + "/python-random", "--arena", url, "--token", tokens[login] ?? ""], timeout: .seconds(300))
            #expect(entered.status == 0, "\(login): \(entered.out)\(entered.err)")
        }

        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(try #require(URL(string: url)))
            try await page.setViewport(width: 1280, height: 900, mobile: false)
            let served = try await Self.chart(page)
            #expect(served["namespace"]?.string == "http://www.w3.org/2000/svg", "\(served)")
            #expect(Set(served["lines"]?.array?.compactMap(\.string) ?? []) == ["random", "Alice A", "Bob B"], "\(served)")
            #expect((served["height"]?.number ?? 0) > 100 && (served["dots"]?.int ?? 0) >= 3, "\(served)")
            // The arena plays a batch whenever versions are entered: its axis counts batches, not nights.
            let axis =
                try await page.evaluate("[...document.querySelectorAll('#history svg .axis-title')].map(t => t.textContent)").array?.compactMap(
                    \.string) ?? []
            #expect(axis.contains("Batch") && !axis.contains("Night"), "\(axis)")
            // The refresh the page runs every 5 s, run now: the chart is redrawn as a chart.
            _ = try await page.evaluate("refresh()")
            let refreshed = try await Self.chart(page)
            #expect(refreshed["namespace"]?.string == "http://www.w3.org/2000/svg", "\(refreshed)")
            #expect(
                refreshed["lines"] == served["lines"] && refreshed["dots"] == served["dots"] && (refreshed["height"]?.number ?? 0) > 100,
                "\(refreshed)")
            #expect(refreshed["rows"]?.int == 3)
            #expect(page.exceptions.isEmpty, "\(page.exceptions)")
            try Screenshots.save(try await page.screenshot(), as: "arena-leaderboard.png")
            try await page.emulatePhone()
            let width = try #require(try await page.evaluate("document.documentElement.scrollWidth").int)
            let viewport = try #require(try await page.evaluate("window.innerWidth").int)
            #expect(width <= viewport, "the leaderboard scrolls sideways on a phone: \(width) > \(viewport)")
        }
        server.interrupt()
        _ = try await server.finish(timeout: .seconds(60))
    }
}
