import CurlHTTP
import Foundation
import HeadlessBrowser
import JSONCoding
import SalvoTestSupport
import Testing

/// A student's own page in the arena (issue 52), in headless Chromium against a real `salvo
/// arena serve`, in its three states: never entered with a refused upload, entered and playing,
/// entered then refused; and the leaderboard, where the student finds their row by the name
/// their page gives.
@Suite("A student's page in Chromium", .serialized, .timeLimit(.minutes(8)))
struct ArenaStudentPageTests {
    /// What the page shows, read from its DOM contract (``Arena/ArenaStudentPage``).
    static func read(_ page: BrowserPage) async throws -> JSONValue {
        try await page.evaluate(
            """
            (() => ({
              publicName: document.querySelector('#public-name strong')?.textContent ?? null,
              unnamed: document.querySelector('#public-name')?.hasAttribute('data-none') ?? false,
              rank: document.getElementById('standing')?.dataset.rank ?? null,
              games: document.getElementById('games')?.getAttribute('href') ?? null,
              uploads: [...document.querySelectorAll('#uploads article.upload')].map(a => a.dataset.state),
              reason: document.querySelector('#uploads article.upload .reason')?.textContent ?? '',
              lines: document.querySelector('#uploads article.upload pre.lines')?.textContent ?? ''
            }))()
            """)
    }

    @Test(
        "never entered with a refused upload; entered and playing; entered then refused: each upload with its state, reason and check lines, the public name and rank; the leaderboard has the row the page names"
    )
    func threeStates() async throws {
        let folder = NSTemporaryDirectory() + "salvo-arena-student-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Alice's roster name is not a plain name: the public pages show her under a pseudonym.
        let tokens = try await ArenaProcess.make(
            at: folder + "/cs101", roster: "alice,\"O'Brien, Alice\"\nbob,Bob B\n",
            settings: "name: cs101\nbots: [random]\ngames_per_pairing: 2\ncheck_games: 2\n")
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        let (server, url) = try await ArenaProcess.serve(folder + "/cs101")
        defer { server.terminate() }
        let http = CurlHTTPClient()
        func broken(_ token: String) async throws {
            let taken = try await http.execute(
                HTTPRequest(
                    method: .post, url: url + "api/submissions", headers: ["Authorization": "Bearer " + token], body: Array("not an archive".utf8)),
                timeout: .seconds(30))
            #expect(taken.status == 202)
            let id = try #require(try JSONFormat.decoder().decode([String: JSONValue].self, from: Data(taken.body))["id"]?.int)
            for _ in 0..<300 {
                let polled = try await http.execute(
                    HTTPRequest(url: url + "api/submissions/\(id)", headers: ["Authorization": "Bearer " + token]), timeout: .seconds(30))
                if try JSONFormat.decoder().decode([String: JSONValue].self, from: Data(polled.body))["final"]?.bool == true { return }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        func me(_ token: String) async throws -> [String: String] {
            let response = try await http.execute(
                HTTPRequest(url: url + "api/me", headers: ["Authorization": "Bearer " + token]), timeout: .seconds(30))
            return try JSONFormat.decoder().decode([String: String].self, from: Data(response.body))
        }
        do {
            try await broken(bob)
            let submitted = try await SalvoExecutable.run(
                ["submit", ClassFolder.examples + "/python-random", "--arena", url, "--token", alice], timeout: .seconds(300))
            #expect(submitted.status == 0, "\(submitted.out)\(submitted.err)")
            let aliceMe = try await me(alice)
            let bobMe = try await me(bob)
            let publicName = try #require(aliceMe["publicName"])
            #expect(publicName.hasPrefix("entry-") && bobMe["publicName"] == nil, "\(aliceMe) \(bobMe)")
            #expect(
                submitted.out.contains("your bot is: \(publicName)") && submitted.out.contains(url + (aliceMe["page"] ?? "?")), "\(submitted.out)")

            try await HeadlessBrowser.with { browser in
                // Never entered, one refused upload: its reason and lines, no public name, no rank.
                let bobs = try await browser.open(try #require(URL(string: url + (bobMe["page"] ?? ""))))
                let never = try await Self.read(bobs)
                #expect(
                    never["uploads"]?.array?.compactMap(\.string) == ["refused"] && never["unnamed"]?.bool == true && never["rank"]?.string == "",
                    "\(never)")
                #expect(never["reason"]?.string?.contains("not a .tar.gz or .zip") == true && never["games"] == .null, "\(never)")
                #expect(bobs.exceptions.isEmpty)
                try Screenshots.save(try await bobs.screenshot(), as: "arena-student-never-entered.png")

                // Entered and playing: the public name, a rank, a link to the games, the check's lines.
                let alices = try await browser.open(try #require(URL(string: url + (aliceMe["page"] ?? ""))))
                let playing = try await Self.read(alices)
                #expect(playing["uploads"]?.array?.compactMap(\.string) == ["entered"] && playing["publicName"]?.string == publicName, "\(playing)")
                #expect(Int(playing["rank"]?.string ?? "") != nil && playing["games"]?.string?.hasPrefix("../season/private/") == true, "\(playing)")
                #expect(playing["lines"]?.string?.contains("PASS  games: 2 against random") == true, "\(playing)")

                // The leaderboard has her row under the name her page gives.
                let board = try await browser.open(try #require(URL(string: url)))
                let names =
                    try await board.evaluate("[...document.querySelectorAll('#standings tr td:nth-child(2)')].map(td => td.textContent)").array?
                    .compactMap(\.string) ?? []
                #expect(names.contains(publicName) && !names.contains("alice"), "\(names)")

                // Entered, then a refused upload: both listed, the newest first; she still plays.
                try await broken(alice)
                try await alices.navigate(to: try #require(URL(string: url + (aliceMe["page"] ?? ""))))
                let refused = try await Self.read(alices)
                #expect(
                    refused["uploads"]?.array?.compactMap(\.string) == ["refused", "entered"] && refused["publicName"]?.string == publicName,
                    "\(refused)")
                #expect(Int(refused["rank"]?.string ?? "") != nil, "\(refused)")
                #expect(alices.exceptions.isEmpty)
                try Screenshots.save(try await alices.screenshot(), as: "arena-student-entered-then-refused.png")
            }
            // Another student's key, or a made-up one, is the same 404.
            let guessed = try await http.execute(HTTPRequest(url: url + "student/" + String(repeating: "0", count: 32)), timeout: .seconds(30))
            #expect(guessed.status == 404)
        } catch {
            await http.shutdown()
            throw error
        }
        await http.shutdown()
        server.interrupt()
        _ = try await server.finish(timeout: .seconds(60))
    }
}
