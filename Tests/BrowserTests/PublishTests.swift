import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// `salvo publish` on a real run (the bots' pages run: an external bot that forfeits with
/// hostile stderr): every byte of the published folder searched for what must not be there,
/// and its index opened from file:// in Chromium with the network off.
@Suite("Published results", .serialized, .timeLimit(.minutes(4)))
struct PublishTests {
    /// The shared run published once into a new folder, from the repository (where the
    /// external bot's command path starts).
    static let published = Task { () throws -> (run: URL, folder: URL) in
        let report = try await BotPageReport.shared.value
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-published-\(UUID().uuidString)")
            .appendingPathComponent("week-1")
        let publish = try await SalvoExecutable.run(["publish", report.directory.path, destination.path], workingDirectory: Paths.repository.path)
        guard publish.status == 0 else { throw TournamentReport.SetupFailure(command: "salvo publish", output: publish) }
        return (report.directory, destination)
    }

    /// Every regular file under `folder`, relative paths.
    static func files(_ folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// Every server id in the run's journal.
    static func journalIDs(_ run: URL) throws -> Set<String> {
        let text = try String(contentsOf: run.appendingPathComponent("journal.jsonl"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #""(gameId|playerId|creatorPlayerId|joinerPlayerId)":"([^"]+)""#)
        return Set(
            pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 2), in: text).map { String(text[$0]) }
            })
    }

    @Test("the published folder holds the pages and data only: no journal, database, logs or lock")
    func onlyReports() async throws {
        let (_, folder) = try await Self.published.value
        let files = Self.files(folder)
        #expect(files.contains("index.html") && files.contains("results.json"))
        #expect(files.contains { $0.hasPrefix("bots/") } && files.contains { $0.hasPrefix("replays/") })
        let unexpected = files.filter { path in
            !(path == "index.html" || path == "results.json" || path.hasPrefix("bots/") || path.hasPrefix("replays/") || path.hasPrefix("games/")
                || path == ".salvo-published")
        }
        #expect(unexpected.isEmpty, "\(unexpected)")
        // The mark that lets the next publish replace the folder whole: empty, it tells nothing.
        #expect((try? Data(contentsOf: folder.appendingPathComponent(".salvo-published")))?.isEmpty == true)
        #expect(files.allSatisfy { !$0.contains("journal") && !$0.hasSuffix(".sqlite") && !$0.hasSuffix(".log") && !$0.hasSuffix(".lock") })
    }

    @Test("no byte of it holds an absolute path of the run, a game or player id of the journal, or an http(s) address")
    func nothingPrivate() async throws {
        let (run, folder) = try await Self.published.value
        let ids = try Self.journalIDs(run)
        #expect(ids.count >= 3 * 6, "a game id and two player ids per game")
        let forbidden = [
            run.path, run.deletingLastPathComponent().path, Paths.repository.path,
            FileManager.default.temporaryDirectory.appendingPathComponent("salvo-").path, "http://", "https://", "file://",
        ]
        var searched = 0
        for path in Self.files(folder) {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(path)), as: UTF8.self)
            searched += text.utf8.count
            for word in forbidden { #expect(!text.contains(word), "\(path) holds \(word)") }
            for id in ids where text.contains(id) { Issue.record("\(path) holds the id \(id)") }
        }
        #expect(searched > 100_000)
        let results = try JSONValue.parse(Data(contentsOf: folder.appendingPathComponent("results.json")))
        let games = results["games"]?.array ?? []
        #expect(!games.isEmpty && games.allSatisfy { $0["gameId"]?.string == "" })
        // The forfeits stay (their stderr goes to the students' private pages: PrivateFeedbackTests).
        #expect(games.contains { $0["termination"]?.string == "forfeit" })
    }

    @Test("its index opens from file:// with the network off, and its links lead to pages that load nothing either")
    func opensOffline() async throws {
        let (_, folder) = try await Self.published.value
        let index = folder.appendingPathComponent("index.html")
        try await HeadlessBrowser.with { browser in
            let viewer = folder.appendingPathComponent("replays/viewer.html")
            let pack = folder.appendingPathComponent("replays/pack-0000.js")
            for url in [index, try #require(URL(string: viewer.absoluteString + "#game=0"))] {
                let page = try await browser.open(URL(string: "about:blank")!)
                try await page.send(
                    "Network.emulateNetworkConditions", ["offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1])
                try await page.navigate(to: url)
                if url != index { try await page.waitUntil("document.getElementById('replay').dataset.state === 'ready'") }
                let allowed = url == index ? [index.absoluteString] : [viewer.absoluteString, url.absoluteString, pack.absoluteString]
                #expect(page.requestedURLs.allSatisfy { $0 == "about:blank" || allowed.contains($0) }, "\(page.requestedURLs)")
                #expect(page.exceptions.isEmpty && page.dialogs.isEmpty)
                if url == index {
                    let rows = try await page.evaluate("document.querySelectorAll('table#standings > tbody > tr').length").int
                    #expect(rows == 3)
                    let botLink = try #require(try await page.evaluate("document.querySelector('a.bot-link').href").string)
                    let bot = try await browser.open(try #require(URL(string: botLink)))
                    #expect(bot.requestedURLs == [botLink])
                    let rematch = try await bot.evaluate("document.querySelector('code.rematch')?.textContent ?? ''").string ?? ""
                    #expect(rematch.isEmpty || rematch.hasPrefix("salvo rematch run "), "\(rematch)")
                } else {
                    #expect(try await page.evaluate("document.getElementById('replay').dataset.steps").string != nil)
                }
            }
        }
    }
}
