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
                guard let reply = try? LoopbackSocket.parse(data), let length = reply.headers["content-length"].flatMap(Int.init) else { return false }
                return reply.body.count >= length
            }
            let reply = try LoopbackSocket.parse(received)
            guard reply.status == 200 else { throw LoopbackSocket.Failure(description: "GET \(path): \(reply.status)") }
            return reply.body
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
        let table = try #require(html.range(of: #"<table id="standings">"#).flatMap { start in
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

    @Test("the terminal's table, --summary, the live page, results.json and index.html of one run: the same order and the same figures, forfeit wins out of shots per win everywhere")
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
        let run = try RunningSalvo(["run", base + "/t.yaml", "--output", base + "/out", "--summary", base + "/summary.json", "--live", "0"])
        // The live page stays up after the run until Ctrl-C: wait for the report line, read it, then stop.
        let deadline = ContinuousClock.now + .seconds(300)
        while !run.outputText.contains("Report: ") || !run.errorText.contains("stay on") {
            guard ContinuousClock.now < deadline else { Issue.record("no report: \(run.outputText) \(run.errorText)"); run.terminate(); return }
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
        // Forfeit wins are left out of shots per win: the crashers won only by forfeit.
        for crasher in ["crash-a", "crash-b"] {
            let row = try #require(reported.first { $0["bot"] as? String == crasher })
            #expect(row["wins"] as? Int == 1 && row["meanShotsToWin"] == nil, "\(row)")
        }

        // The figures as text: the terminal's table and index.html's print the same cells.
        let terminal = Self.terminalRows(ended.out)
        let html = try Self.htmlRows(try String(contentsOfFile: base + "/out/index.html", encoding: .utf8))
        #expect(terminal.count == 4 && html.count == 4, "\(ended.out)")
        for (text, page) in zip(terminal, html) {
            // Terminal: #, bot, games, wins, losses, forfeits, score, shots/win, Elo, interval.
            // Page: #, bot, Elo, interval, games, won, lost, score, shots/win, forfeits.
            #expect(text.count == 10 && page.count == 10, "\(text) \(page)")
            guard text.count == 10, page.count == 10 else { continue }
            #expect([text[0], text[1], text[8], text[9], text[2], text[3], text[4], text[6], text[7], text[5]] == page)
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
        try "name: leader\nbots: [density, parity]\ngames_per_pairing: 400\nconcurrency: 2\nseed: 3\n".write(toFile: base + "/t.yaml", atomically: true, encoding: .utf8)
        let arguments = ["run", base + "/t.yaml", "--output", base + "/out"]
        let first = try RunningSalvo(arguments)
        let deadline = ContinuousClock.now + .seconds(240)
        while ((try? String(contentsOfFile: base + "/out/journal.jsonl", encoding: .utf8)) ?? "").components(separatedBy: #""type":"finished""#).count <= 10 {
            guard ContinuousClock.now < deadline else { first.terminate(); throw CancellationError() }
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
        let bot = try #require(leader["bot"] as? String), wins = try #require(leader["wins"] as? Int)
        let score = try #require(leader["scorePercent"] as? Double)
        // Both bots play every game: the leader's games are all 400, not the 400 - earlier of this run.
        #expect(last.hasSuffix("leader: \(bot) \(String(format: "%.1f", score))% (\(wins) of 400)"), "\(last)")
    }
}
