import Foundation
import SalvoTestSupport
import Testing

/// One scoreboard behind every output: the terminal's table, `--summary`, the live page,
/// results.json and index.html of one real run agree on the order and on every figure; the
/// progress line's leader counts the whole tournament after a resume.
@Suite("One scoreboard", .serialized, .timeLimit(.minutes(10)))
struct ScoreboardAgreementTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// GET `path` from the live server on `port`; the body.
    static func get(port: Int, path: String) async throws -> Data {
        try await LoopbackSocket.onThread {
            let fd = try LoopbackSocket.connect(port: port)
            defer { close(fd) }
            try LoopbackSocket.send(fd, Data("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            var received = Data()
            try LoopbackSocket.read(fd, into: &received, deadline: Date() + 30) { data in
                guard let reply = try? LoopbackSocket.parse(data), let length = reply.headers["content-length"].flatMap(Int.init) else {
                    return false
                }
                return reply.body.count >= length
            }
            let reply = try LoopbackSocket.parse(received)
            guard reply.status == 200 else { throw LoopbackSocket.Failure(description: "GET \(path): \(reply.status)") }
            return reply.body
        }
    }

    /// One bot's standing counted from a journal's lines alone, by the rules (docs/scoring.md),
    /// not through the scoreboard every output shares: a wrong figure there would be the same in
    /// every output, and only a count of its own finds it.
    struct Counted {
        var games = 0, wins = 0, losses = 0, winsBySinking = 0, shotsInWins = 0
        /// Games lost by forfeit, by kind.
        var forfeits: [String: Int] = [:]
        /// `wins/games`, unrounded.
        var fraction: Double { games == 0 ? 0 : Double(wins) / Double(games) }
        /// Mean shots per win by sinking the fleet, unrounded; nil without one.
        var meanShotsToWin: Double? { winsBySinking == 0 ? nil : Double(shotsInWins) / Double(winsBySinking) }

        /// Each bot's counts over the rated games (wins and forfeits) of the journal at `path`,
        /// and the order of the standings: by score, then wins, then name.
        static func standings(journal path: String) throws -> (counts: [String: Counted], order: [String]) {
            var counts: [String: Counted] = [:]
            for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
                let entry = try ScoreboardAgreementTests.object(Data(line.utf8))
                guard entry["type"] as? String == "finished", let game = entry["game"] as? [String: Any] else { continue }
                let termination = try #require(game["termination"] as? String)
                guard termination == "win" || termination == "forfeit" else { continue }
                let bots = try #require((game["players"] as? [[String: Any]])?.compactMap { $0["bot"] as? String })
                let winnerSeat = try #require(game["winnerSeat"] as? Int)
                try #require(bots.count == 2 && (0...1).contains(winnerSeat))
                let (winner, loser) = (bots[winnerSeat], bots[1 - winnerSeat])
                for bot in bots { counts[bot, default: Counted()].games += 1 }
                counts[winner, default: Counted()].wins += 1
                counts[loser, default: Counted()].losses += 1
                if termination == "forfeit" {
                    counts[loser, default: Counted()].forfeits[game["forfeitKind"] as? String ?? "unknown", default: 0] += 1
                } else {
                    counts[winner, default: Counted()].winsBySinking += 1
                    counts[winner, default: Counted()].shotsInWins += try shotCount(game["shots"], seat: winnerSeat)
                }
            }
            return (counts, order(counts))
        }

        /// The shots of `seat` in a journal's `shots`: the text of layout 3 (per shot x, y, then
        /// `m`, `h` or `s` and the sunk length, in lower case for seat 0 and upper for seat 1),
        /// or layout 2's list of objects.
        static func shotCount(_ shots: Any?, seat: Int) throws -> Int {
            if let list = shots as? [[String: Any]] { return list.count { $0["seat"] as? Int == seat } }
            var text = Substring(try #require(shots as? String, "no shots"))
            var count = 0
            while !text.isEmpty {
                let shot = text.prefix(3)
                try #require(shot.count == 3, "a shot cut short: \(text)")
                let letter = try #require(shot.last)
                try #require("mhsMHS".contains(letter), "not a shot: \(shot)")
                if letter.isLowercase == (seat == 0) { count += 1 }
                text = text.dropFirst(letter.lowercased() == "s" ? 4 : 3)
            }
            return count
        }

        /// The standings' order: by score, then wins, then name.
        static func order(_ counts: [String: Counted]) -> [String] {
            counts.sorted { a, b in
                if a.value.fraction != b.value.fraction { return a.value.fraction > b.value.fraction }
                if a.value.wins != b.value.wins { return a.value.wins > b.value.wins }
                return a.key < b.key
            }.map(\.key)
        }
    }

    /// The rows of the terminal's final table, as cells (columns are two or more spaces apart).
    static func terminalRows(_ out: String) -> [[String]] {
        let lines = out.components(separatedBy: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("#  ") && $0.contains("shots/win") }) else { return [] }
        return lines[(header + 1)...].prefix { $0.first?.isNumber == true }.map { line in
            line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    /// The rows of index.html's standings table, as the text of their cells.
    static func htmlRows(_ html: String) throws -> [[String]] {
        let table = try #require(
            html.range(of: #"<table id="standings">"#).flatMap { start in
                html.range(of: "</table>", range: start.upperBound..<html.endIndex).map { html[start.upperBound..<$0.lowerBound] }
            })
        let row = try NSRegularExpression(pattern: #"<tr data-bot="[^"]*">(.*?)</tr>"#)
        let cell = try NSRegularExpression(pattern: #"<td[^>]*>(.*?)</td>"#)
        let tag = try NSRegularExpression(pattern: "<[^>]+>")
        let text = String(table)
        return row.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let inner = String(text[Range(match.range(at: 1), in: text)!])
            return cell.matches(in: inner, range: NSRange(inner.startIndex..., in: inner)).map { cellMatch in
                let content = String(inner[Range(cellMatch.range(at: 1), in: inner)!])
                return tag.stringByReplacingMatches(in: content, range: NSRange(content.startIndex..., in: content), withTemplate: "")
            }
        }
    }

    @Test(
        "the terminal's table, --summary, the live page, results.json and index.html of one run: the same order and the same figures, forfeit wins out of shots per win everywhere"
    )
    func everyOutputAgrees() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-scoreboard-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        // Two crashers (each crashes on its second turn): the built-ins beat them by forfeit, and
        // between themselves each wins once by the other's forfeit, so they have only forfeit wins.
        let crasher = "[python3, \(Self.root)/Tests/BotsTests/Fixtures/crash_bot.py]"
        try """
        name: agreement
        games_per_pairing: 2
        concurrency: 2
        seed: 27
        sandbox: none
        bots:
          - density
          - parity
          - name: crash-a
            command: \(crasher)
          - name: crash-b
            command: \(crasher)

        """.write(toFile: base + "/t.yaml", atomically: true, encoding: .utf8)
        let run = try TestProcess(salvo: ["run", base + "/t.yaml", "--output", base + "/out", "--summary", base + "/summary.json", "--live", "0"])
        // The live page stays up after the run until Ctrl-C: wait for the report line, read it, then stop.
        let deadline = ContinuousClock.now + .seconds(300)
        while !run.outputText.contains("Report: ") || !run.errorText.contains("stay on") {
            guard ContinuousClock.now < deadline else {
                Issue.record("no report: \(run.outputText) \(run.errorText)")
                run.terminate()
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let portText = try #require(run.errorText.firstMatch(of: /live standings on http:\/\/127\.0\.0\.1:(\d+)/)?.output.1)
        let live = try Self.object(try await Self.get(port: try #require(Int(portText)), path: "/standings.json"))
        run.interrupt()
        let ended = try await run.finish()
        #expect(ended.status == 0, "\(ended.err)")
        #expect(live["phase"] as? String == "finished")

        let results = try Self.object(try Data(contentsOf: URL(fileURLWithPath: base + "/out/results.json")))
        let summary = try Self.object(try Data(contentsOf: URL(fileURLWithPath: base + "/summary.json")))
        let reported = try #require(results["standings"] as? [[String: Any]])
        let summarized = try #require(summary["standings"] as? [[String: Any]])
        let shown = try #require(live["standings"] as? [[String: Any]])
        let order = reported.compactMap { $0["bot"] as? String }
        #expect(order.count == 4)
        #expect(summarized.compactMap { $0["bot"] as? String } == order)
        #expect(shown.compactMap { $0["bot"] as? String } == order)

        // The figures as data: results.json, the summary and the live page hold the same numbers.
        for (position, row) in reported.enumerated() {
            let bot = order[position]
            for other in [summarized[position], shown[position]] {
                #expect(other["rank"] as? Int == position + 1 && row["rank"] as? Int == position + 1)
                for key in ["games", "wins", "losses"] { #expect(other[key] as? Int == row[key] as? Int, "\(bot) \(key)") }
                #expect(other["scorePercent"] as? Double == row["scorePercent"] as? Double, "\(bot) score")
                #expect(other["meanShotsToWin"] as? Double == row["meanShotsToWin"] as? Double, "\(bot) shots per win")
            }
            #expect(shown[position]["forfeits"] as? [String: Int] == row["forfeits"] as? [String: Int])
            #expect(summarized[position]["forfeitsByKind"] as? [String: Int] == row["forfeits"] as? [String: Int])
            let rating = try #require(row["rating"] as? [String: Any])
            #expect(summarized[position]["elo"] as? Double == rating["value"] as? Double)
            #expect(summarized[position]["eloLower"] as? Double == rating["lower"] as? Double)
            #expect(summarized[position]["eloUpper"] as? Double == rating["upper"] as? Double)
        }
        // The figures themselves, counted again from the journal: the order, and each row's
        // games, wins, losses, forfeits, score and shots per win (both to 0.01).
        let (counted, countedOrder) = try Counted.standings(journal: base + "/out/journal.jsonl")
        #expect(order == countedOrder, "results.json \(order), journal \(countedOrder)")
        #expect(counted.values.map(\.games).reduce(0, +) == 2 * 12, "6 pairings of 2 games, each counted for both bots")
        for row in reported {
            let bot = try #require(row["bot"] as? String)
            let count = try #require(counted[bot], "\(bot) not in the journal")
            #expect(
                row["games"] as? Int == count.games && row["wins"] as? Int == count.wins && row["losses"] as? Int == count.losses,
                "\(bot): \(row) against \(count)")
            #expect(row["forfeits"] as? [String: Int] ?? [:] == count.forfeits, "\(bot) forfeits")
            let score = try #require(row["scorePercent"] as? Double)
            #expect(abs(score - 100 * count.fraction) <= 0.005 + 1e-9, "\(bot): score \(score), counted \(100 * count.fraction)")
            if let mean = count.meanShotsToWin {
                let shown = try #require(row["meanShotsToWin"] as? Double, "\(bot) has wins by sinking and no shots per win")
                #expect(abs(shown - mean) <= 0.005 + 1e-9, "\(bot): shots per win \(shown), counted \(mean)")
            } else {
                #expect(row["meanShotsToWin"] == nil, "\(bot) has no win by sinking")
            }
        }

        // Forfeit wins are left out of shots per win: the crashers won only by forfeit.
        for crasher in ["crash-a", "crash-b"] {
            let row = try #require(reported.first { $0["bot"] as? String == crasher })
            #expect(row["wins"] as? Int == 1 && row["meanShotsToWin"] == nil, "\(row)")
        }

        // The figures as text: the terminal's table and index.html's print the same cells.
        let terminal = Self.terminalRows(ended.out)
        let html = try Self.htmlRows(try String(contentsOfFile: base + "/out/index.html", encoding: .utf8))
        #expect(terminal.count == 4 && html.count == 4, "\(ended.out)")
        for (position, (text, page)) in zip(terminal, html).enumerated() {
            // Terminal: #, bot, games, wins, losses, forfeits, score, shots/win, Elo, interval.
            // Page: #, bot, Elo, interval, games, won, lost, score, shots/win, forfeits; its rank
            // cell adds the statistical tie results.json names, when the bot is in one.
            #expect(text.count == 10 && page.count == 10, "\(text) \(page)")
            guard text.count == 10, page.count == 10 else { continue }
            let tie = (reported[position]["tie"] as? [String: Int]).map { " tied \($0["first"] ?? 0)–\($0["last"] ?? 0)" } ?? ""
            #expect([text[0] + tie, text[1], text[8], text[9], text[2], text[3], text[4], text[6], text[7], text[5]] == page)
        }
        // "–" for exactly the bots without a win by sinking the fleet, the crashers among them.
        let dashed = Set(terminal.filter { $0.count > 7 && $0[7] == "–" }.map { $0[1] })
        #expect(dashed == Set(reported.filter { $0["meanShotsToWin"] == nil }.compactMap { $0["bot"] as? String }))
        #expect(dashed.isSuperset(of: ["crash-a", "crash-b"]))
    }

    @Test("after a resume, the progress line's leader counts the whole tournament, earlier runs' games included")
    func resumedLeaderCountsEveryGame() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-leader-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        try "name: leader\nbots: [density, parity]\ngames_per_pairing: 400\nconcurrency: 2\nseed: 3\n".write(
            toFile: base + "/t.yaml", atomically: true, encoding: .utf8)
        let arguments = ["run", base + "/t.yaml", "--output", base + "/out"]
        let first = try TestProcess(salvo: arguments)
        let deadline = ContinuousClock.now + .seconds(240)
        while ((try? String(contentsOfFile: base + "/out/journal.jsonl", encoding: .utf8)) ?? "").components(separatedBy: #""type":"finished""#).count
            <= 10
        {
            guard ContinuousClock.now < deadline else {
                first.terminate()
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        first.interrupt()
        let stopped = try await first.finish()
        #expect(stopped.status == 2, "\(stopped.err)")

        let rest = try await SalvoExecutable.run(arguments + ["--summary", base + "/summary.json"], timeout: .seconds(540))
        #expect(rest.status == 0, "\(rest.err)")
        // Progress is a note, on standard error (docs/output.md).
        let continuing = try #require(rest.err.firstMatch(of: /Continuing: (\d+) of 400 games already played\./)?.output.1)
        let earlier = try #require(Int(continuing))
        try #require(earlier > 0 && earlier < 400, "\(rest.err)")
        // The line printed when the last game ends (standard error is a pipe: plain lines).
        let last = try #require(rest.err.components(separatedBy: "\n").last { $0.hasPrefix("400/400 games") }, "\(rest.err)")
        let summary = try Self.object(try Data(contentsOf: URL(fileURLWithPath: base + "/summary.json")))
        let leader = try #require((summary["standings"] as? [[String: Any]])?.first)
        let bot = try #require(leader["bot"] as? String)
        let wins = try #require(leader["wins"] as? Int)
        let score = try #require(leader["scorePercent"] as? Double)
        // The leader and its wins counted again from the journal, both runs' games.
        let (counted, countedOrder) = try Counted.standings(journal: base + "/out/journal.jsonl")
        #expect(
            countedOrder.first == bot && counted[bot]?.wins == wins && counted[bot]?.games == 400,
            "\(countedOrder) \(counted[bot].map { "\($0.wins) of \($0.games)" } ?? "none")")
        // Both bots play every game: the leader's games are all 400, not the 400 - earlier of this run.
        #expect(last.hasSuffix("leader: \(bot) \(String(format: "%.1f", score))% (\(wins) of 400)"), "\(last)")
    }
}
