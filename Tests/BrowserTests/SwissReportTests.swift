import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// A Swiss class's report in headless Chromium: a real `salvo run` of built-ins and example
/// submissions (one Python bot entered, a broken build and a bad manifest not), three rounds.
@Suite("Swiss rounds and submissions in the report", .serialized, .timeLimit(.minutes(3)))
struct SwissReportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the rounds, the Swiss standings and the not-entered list with working build-log links are on the page")
    func roundsAndNotEntered() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-swiss-report-\(UUID().uuidString)")
        let submissions = folder.appendingPathComponent("subs")
        try FileManager.default.createDirectory(at: submissions, withIntermediateDirectories: true)
        for name in ["python-random", "broken-build", "bad-manifest"] {
            try FileManager.default.copyItem(
                at: Self.root.appendingPathComponent("bots/submissions-example/\(name)"), to: submissions.appendingPathComponent(name)
            )
        }
        try """
        name: swiss-report
        format: swiss
        rounds: 3
        games_per_pairing: 2
        seed: 9
        bots: [density, hunt-target, random]
        bots_from: subs
        """.write(to: folder.appendingPathComponent("class.yaml"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out")
        // A fixed seed key: the same games every run (docs/seeds.md).
        try FixedSeedKey.write(into: folder.path + "/out")
        let run = try await SalvoExecutable.run(["run", "class.yaml", "--output", "out"], timeout: .seconds(150), workingDirectory: folder.path)
        try #require(run.status == 0, "salvo run failed: \(run.err)")
        let results = try JSONValue.parse(Data(contentsOf: output.appendingPathComponent("results.json")))
        let standings = (results["swiss"]?["standings"]?.array ?? []).compactMap { $0["bot"]?.string }
        #expect(standings.count == 4)
        let rounds = results["swiss"]?["rounds"]?.array ?? []
        #expect(rounds.count == 3)

        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(output.appendingPathComponent("index.html"))
            let rows = try await page.evaluate("[...document.querySelectorAll('table#swiss-standings > tbody > tr')].map(r => r.dataset.bot)")
            #expect(rows.array?.compactMap(\.string) == standings)
            let shown =
                try await page.evaluate(
                    """
                    [...document.querySelectorAll('details.round')].map(d => ({ round: Number(d.dataset.round), complete: d.dataset.complete,
                      pairs: [...d.querySelectorAll('table.pairings > tbody > tr')].map(r => [r.dataset.first, r.dataset.second]),
                      bye: d.querySelector('p.bye')?.dataset.bot ?? null }))
                    """
                ).array ?? []
            #expect(shown.map { $0["round"]?.int } == [1, 2, 3])
            #expect(shown.allSatisfy { $0["complete"]?.string == "true" })
            for (round, expected) in zip(shown, rounds) {
                let pairs = (round["pairs"]?.array ?? []).map { ($0.array ?? []).compactMap(\.string) }
                let want = (expected["pairings"]?.array ?? []).map { [$0["first"]?.string ?? "", $0["second"]?.string ?? ""] }
                #expect(pairs == want)
                #expect(round["bye"]?.string == nil && expected["bye"] == nil, "4 bots: no bye")
            }
            // Opening round 2 shows its game links; each opens an existing replay.
            _ = try await page.evaluate("document.querySelector('details.round[data-round=\"2\"] > summary').click()")
            let visible =
                try await page.evaluate(
                    """
                    [...document.querySelectorAll('details.round[data-round="2"] a.round-game')].filter(a => a.offsetParent !== null).map(a => a.getAttribute('href'))
                    """
                ).array?.compactMap(\.string) ?? []
            #expect(visible.count == 4)
            for href in visible {
                #expect(href.hasPrefix("replays/viewer.html#game="), "\(href)")
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(String(href.prefix { $0 != "#" })).path), "\(href)")
            }

            let notEntered =
                try await page.evaluate(
                    """
                    [...document.querySelectorAll('table#not-entered > tbody > tr')].map(r => ({ folder: r.dataset.folder,
                      reason: r.querySelector('td.reason').innerText, log: r.querySelector('a.build-log')?.getAttribute('href') ?? null }))
                    """
                ).array ?? []
            #expect(notEntered.map { $0["folder"]?.string } == ["bad-manifest", "broken-build"])
            #expect(notEntered.first?["reason"]?.string?.contains("unknown key `comand`") == true)
            #expect(notEntered.last?["reason"]?.string?.contains("the build failed") == true)
            let log = try #require(notEntered.last?["log"]?.string)
            #expect(log.hasPrefix("submissions/logs/broken-build@") && log.hasSuffix(".build.log"), "one log per version")
            #expect(page.exceptions.isEmpty)
            // The link works from the page: the log holds the compiler's complaint.
            try await page.navigate(to: output.appendingPathComponent(log))
            let text = try await page.evaluate("document.body.innerText").string ?? ""
            #expect(text.contains("missing_function"), "\(text.prefix(300))")
        }
    }
}
