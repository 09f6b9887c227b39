import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// `salvo publish` of a real class run (two Python students whose bots crash with a marker on
/// stderr, one whose C build fails with a marker in its log): every public file searched for
/// each student's markers, each private page holding its own student's only, and a private
/// page opened in Chromium.
@Suite("Private feedback in a published run", .serialized, .timeLimit(.minutes(4)))
struct PrivateFeedbackTests {
    static let students = ["alice", "bob"]

    /// A bot that answers until its first turn, then writes its marker to stderr and exits.
    static func crasher(_ name: String) -> String {
        """
        import sys
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            if words[0] == "salvo":
                print("name \(name)", flush=True)
            elif words[0] == "new-game":
                print("ready", flush=True)
            elif words[0] == "your-turn":
                sys.stderr.write("  File \\"bot.py\\", line 12: secret_strategy_\(name)()\\nSTDERR-MARKER-\(name)\\n")
                sys.stderr.flush()
                raise SystemExit(3)
            elif words[0] == "quit":
                break

        """
    }

    /// A bot that fires cells shuffled by its game's seed and crashes at its fifth turn.
    static let fifthTurnCrasher = """
        import random, sys
        cells, turns = [], 0
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            if words[0] == "salvo":
                print("name dave", flush=True)
            elif words[0] == "new-game":
                cells = [(x, y) for y in range(10) for x in range(10)]
                random.Random(int(words[4])).shuffle(cells)
                turns = 0
                print("ready", flush=True)
            elif words[0] == "your-turn":
                turns += 1
                if turns == 5:
                    sys.stderr.write("STDERR-MARKER-dave at turn 5\\n")
                    sys.stderr.flush()
                    raise SystemExit(4)
                x, y = cells.pop()
                print(f"shot {x} {y}", flush=True)
            elif words[0] == "quit":
                break

        """

    /// The run (OUTPUT) and two publications of it (DEST, and DEST2 for the links' stability).
    static let published = Task { () throws -> (run: URL, folder: URL, again: URL) in
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-private-\(UUID().uuidString)")
        let subs = base.appendingPathComponent("subs")
        for name in students {
            let folder = subs.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try crasher(name).write(to: folder.appendingPathComponent("bot.py"), atomically: true, encoding: .utf8)
            try "command: python3 bot.py\n".write(to: folder.appendingPathComponent("bot.yaml"), atomically: true, encoding: .utf8)
        }
        let dave = subs.appendingPathComponent("dave")
        try FileManager.default.createDirectory(at: dave, withIntermediateDirectories: true)
        try fifthTurnCrasher.write(to: dave.appendingPathComponent("bot.py"), atomically: true, encoding: .utf8)
        try "command: python3 bot.py\n".write(to: dave.appendingPathComponent("bot.yaml"), atomically: true, encoding: .utf8)
        let carol = subs.appendingPathComponent("carol")
        try FileManager.default.createDirectory(at: carol, withIntermediateDirectories: true)
        try "int main(void) { return BUILDLOG_MARKER_carol; }\n".write(to: carol.appendingPathComponent("bot.c"), atomically: true, encoding: .utf8)
        try "build: cc -o bot bot.c\ncommand: ./bot\n".write(to: carol.appendingPathComponent("bot.yaml"), atomically: true, encoding: .utf8)
        let file = base.appendingPathComponent("class.yaml")
        try "name: private-class\nformat: round-robin\ngames_per_pairing: 2\nbots:\n  - random\nbots_from: subs\n".write(
            to: file, atomically: true, encoding: .utf8)
        let run = base.appendingPathComponent("out")
        let played = try await SalvoExecutable.run(["run", file.path, "--output", run.path, "--quiet"], workingDirectory: base.path)
        guard played.status == 0 else { throw TournamentReport.SetupFailure(command: "salvo run", output: played) }
        var folders: [URL] = []
        for name in ["public", "public-again"] {
            let destination = base.appendingPathComponent(name)
            let publish = try await SalvoExecutable.run(["publish", run.path, destination.path], workingDirectory: base.path)
            guard publish.status == 0 else { throw TournamentReport.SetupFailure(command: "salvo publish", output: publish) }
            folders.append(destination)
        }
        return (run, folders[0], folders[1])
    }

    /// The private-links.tsv lines: folder → page, relative to the published folder.
    static func links(_ run: URL) throws -> [String: String] {
        let text = try String(contentsOf: run.appendingPathComponent("private-links.tsv"), encoding: .utf8)
        var links: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            links[cells[0]] = cells[2]
        }
        return links
    }

    @Test("each student's stderr and build log are in their own private folder and in no other file of the published folder")
    func markersStayPrivate() async throws {
        let (run, folder, _) = try await Self.published.value
        let links = try Self.links(run)
        #expect(Set(links.keys) == ["alice", "bob", "carol", "dave"], "\(links)")
        let markers = ["alice": "STDERR-MARKER-alice", "bob": "STDERR-MARKER-bob", "carol": "BUILDLOG_MARKER_carol", "dave": "STDERR-MARKER-dave"]
        let files = PublishTests.files(folder)
        for (student, marker) in markers {
            let page = try #require(links[student])
            let own = (page as NSString).deletingLastPathComponent + "/"
            #expect(page.hasPrefix("private/") && own.count == "private/".count + 33, "\(page)")
            let holding = try files.filter { path in
                String(decoding: try Data(contentsOf: folder.appendingPathComponent(path)), as: UTF8.self).contains(marker)
            }
            #expect(!holding.isEmpty && holding.allSatisfy { $0.hasPrefix(own) }, "\(student)'s \(marker) is in \(holding)")
            #expect(holding.contains(page), "\(student)'s own page shows it: \(holding)")
        }
        // The quoted source line of a traceback is as private as the marker.
        for path in files where !path.hasPrefix("private/") {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(path)), as: UTF8.self)
            #expect(!text.contains("secret_strategy_"), "\(path)")
            #expect(!text.contains("salvo rematch"), "\(path) prints a rematch command no reader can run")
        }
    }

    @Test(
        "the public index lists the folder not entered, under its public name, with its reason in one line; the links are the same at every publication"
    )
    func publicNotEnteredAndStableLinks() async throws {
        let (run, folder, again) = try await Self.published.value
        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        // Under its public name (a pseudonym: carol's manifest gives no label), never its folder.
        let row = try #require(
            index.firstMatch(
                of:
                    /<tr data-folder="(entry-[0-9a-f]{6})"><td class="bot">(entry-[0-9a-f]{6})<\/td><td class="bot reason"><pre>the build failed \(exit status 1\)<\/pre><\/td><td class="bot">–<\/td><\/tr>/
            ), "\(index)")
        #expect(row.output.1 == row.output.2)
        #expect(!index.contains("carol"))
        #expect(index.contains("Each student's build log is on their private page") && !index.contains("class=\"build-log\""))
        let links = try Self.links(run)
        for page in links.values {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(page).path))
            #expect(FileManager.default.fileExists(atPath: again.appendingPathComponent(page).path))
        }
        let listing = try String(contentsOf: folder.appendingPathComponent("private/index.html"), encoding: .utf8)
        #expect(!links.values.contains { listing.contains(($0 as NSString).deletingLastPathComponent.dropFirst("private/".count)) })
        #expect(!PublishTests.files(folder).contains("publish-secret"))
    }

    @Test("a private page shows its student's forfeits with stderr and the entry; the failed build's page its log; opened in Chromium offline")
    func privatePageInBrowser() async throws {
        let (run, folder, _) = try await Self.published.value
        let links = try Self.links(run)
        try await HeadlessBrowser.with { browser in
            let alice = folder.appendingPathComponent(try #require(links["alice"]))
            let page = try await browser.open(URL(string: "about:blank")!)
            try await page.send(
                "Network.emulateNetworkConditions", ["offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1])
            try await page.navigate(to: alice)
            #expect(page.requestedURLs.allSatisfy { $0 == "about:blank" || $0 == alice.absoluteString }, "\(page.requestedURLs)")
            #expect(try await page.evaluate("document.getElementById('private-page').dataset.folder").string == "alice")
            #expect(try await page.evaluate("document.getElementById('entry').className").string == "entered")
            let forfeits = try await page.evaluate("document.querySelectorAll('article.forfeit').length").int ?? 0
            #expect(forfeits >= 2, "alice forfeits every game she plays, two against random at least")
            let stderr = try await page.evaluate("document.querySelector('article.forfeit pre.stderr').textContent").string ?? ""
            #expect(stderr.hasSuffix("STDERR-MARKER-alice"), "\(stderr)")
            let png = try await page.screenshot()
            #expect(Screenshots.pngSize(png) != nil)
            try Screenshots.save(png, as: "private-page.png")

            let carol = folder.appendingPathComponent(try #require(links["carol"]))
            try await page.navigate(to: carol)
            #expect(try await page.evaluate("document.getElementById('entry').className").string == "not-entered")
            let log = try await page.evaluate("document.querySelector('pre.build-log').textContent").string ?? ""
            #expect(log.contains("BUILDLOG_MARKER_carol") && log.contains("# the build failed (exit status 1)"), "\(log)")
        }
    }

    @Test("a forfeit's rematch file plays the student's bot alone in its seat against the recorded shots: the same shots, the same crash, its stderr")
    func soloRematch() async throws {
        let (run, folder, _) = try await Self.published.value
        let links = try Self.links(run)
        let own = folder.appendingPathComponent(try #require(links["dave"])).deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: own.appendingPathComponent("rematch").path).sorted()
        #expect(!files.isEmpty)
        let page = try String(contentsOf: own.appendingPathComponent("index.html"), encoding: .utf8)
        // Games against random, whose shots are not dave's: the crash at the fifth turn is a
        // deterministic function of dave's seed and the opponent's recorded shots.
        for file in files {
            #expect(page.contains("<code class=\"rematch\">salvo bot-check . --rematch \(file)</code>"), "\(file)")
            let rematch = own.appendingPathComponent("rematch/" + file).path
            let result = try await SalvoExecutable.run(
                ["bot-check", ".", "--rematch", rematch], workingDirectory: run.deletingLastPathComponent().appendingPathComponent("subs/dave").path)
            #expect(result.status == 1)
            #expect(result.out.contains("your bot forfeits (crash) after 4 shots: The bot crashed"), "\(file): \(result.out)")
            #expect(result.out.contains("the same 4 shots as the recorded game; recorded: forfeit: dave forfeits (crash)"), "\(file): \(result.out)")
            #expect(result.out.contains("The bot's stderr, its last lines:\n    STDERR-MARKER-dave at turn 5"), "\(file): \(result.out)")
        }
        // Mended (it no longer crashes at its fifth turn), the rematch does not reproduce the
        // forfeit: it says so and fails, never "passed" as though it had shown the fault gone.
        let mended = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-mended-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: mended) }
        try FileManager.default.copyItem(at: run.deletingLastPathComponent().appendingPathComponent("subs/dave"), to: mended)
        let source = try String(contentsOf: mended.appendingPathComponent("bot.py"), encoding: .utf8)
        try source.replacingOccurrences(of: "if turns == 5:", with: "if turns == -1:").write(
            to: mended.appendingPathComponent("bot.py"), atomically: true, encoding: .utf8)
        let first = try #require(files.first)
        let replayed = try await SalvoExecutable.run(
            ["bot-check", ".", "--rematch", own.appendingPathComponent("rematch/" + first).path], workingDirectory: mended.path)
        #expect(replayed.status == 1, "\(replayed.out)")
        #expect(
            replayed.out.contains("without the recorded forfeit: the fault did not happen again") && !replayed.out.contains("bot-check: passed"),
            "\(replayed.out)")
    }
}
