import Foundation
import Reports
import SalvoTestSupport
import Testing

@testable import Tournament

/// A season: the same round robin of `bots_from:` submissions run night after night into one
/// output folder, with real folders, real builds in the sandbox and real `salvo run`
/// processes. Each night plays exactly what the current versions are missing.
@Suite("Season in the same output folder", .serialized, .timeLimit(.minutes(6)))
struct SeasonRunTests {
    static func night(_ directory: String, output: String = "out") async throws -> SalvoOutput {
        try await SalvoExecutable.run(["run", "season.yaml", "--output", output], timeout: .seconds(240), workingDirectory: directory)
    }

    /// A night run as a process of its own, sent `signal` once the journal holds `games`
    /// finished games (or the run ends first); returns it exited.
    static func nightStopped(_ directory: String, after games: Int, by signal: Int32) async throws -> SalvoOutput {
        let process = try TestProcess(salvo: ["run", "season.yaml", "--output", "out"], workingDirectory: directory)
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline, finished((try? entries(directory)) ?? []).count < games {
            try await Task.sleep(for: .milliseconds(10))
        }
        process.send(signal)
        return try await process.finish()
    }

    static func entries(_ directory: String, output: String = "out") throws -> [JournalEntry] {
        try Journal.read(path: directory + "/" + output + "/journal.jsonl")
    }

    static func finished(_ entries: [JournalEntry]) -> [GameRecord] {
        entries.compactMap { if case .finished(let record) = $0 { record } else { nil } }
    }

    static func nights(_ entries: [JournalEntry]) -> [SeasonNight] {
        entries.compactMap { if case .night(let night) = $0 { night } else { nil } }
    }

    /// The standings' games per bot in results.json.
    static func standingsGames(_ directory: String, output: String = "out") throws -> [String: Int] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + output + "/results.json"))
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let standings = try #require(results["standings"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: standings.compactMap { row in
                guard let bot = row["bot"] as? String, let games = row["games"] as? Int else { return nil }
                return (bot, games)
            })
    }

    @Test("resubmission, late entry, retirement and a failed build: each night plays only the missing games, the last good version stays current")
    func nights() async throws {
        let directory = try ClassFolder.make(["alice", "bob", "carl"])

        // Night 1: 4 entries, 6 pairings, 2 games each.
        let first = try await Self.night(directory)
        #expect(first.status == 0, "\(first.err)")
        #expect(first.err.contains("Season night 1: 3 new entries (alice, bob, carl); 12 games to play"), "\(first.err)")
        var entries = try Self.entries(directory)
        #expect(Self.finished(entries).count == 12)
        let version1 = try #require(Self.nights(entries).first?.bots.first { $0.name == "alice" }?.version)
        #expect(Self.finished(entries).allSatisfy { record in record.players.allSatisfy { ($0.bot == "random") == ($0.version == nil) } })

        // The same folder again: nothing changed, nothing played, no new night.
        let again = try await Self.night(directory)
        #expect(again.status == 0, "\(again.err)")
        #expect(again.err.contains("Season night 1 (continued): nothing changed since it began; 0 games to play"), "\(again.err)")
        #expect(Self.nights(try Self.entries(directory)).count == 1)

        // Night 2: alice resubmits: her new version meets each of the 3 others twice.
        try ClassFolder.resubmit("alice", in: directory, note: "version 2")
        let second = try await Self.night(directory)
        #expect(second.status == 0, "\(second.err)")
        #expect(second.err.contains("Season night 2: 1 new version (alice); 6 games to play"), "\(second.err)")
        #expect(
            second.err.contains(": 4 entries, season night 2, round-robin, 2 games per pairing, on http://"),
            "the header, word for word: \(second.err)")
        // The progress counts the night's games; its leader, the standings' (every entry has
        // 6 games between current versions once the night is played), as the report's.
        #expect(second.err.contains("6/6 games"), "\(second.err)")
        #expect(!second.err.contains("Continuing:"), "a new night continues nothing: \(second.err)")
        #expect(second.err.contains(/leader: \S+ [0-9.]+% \(\d+ of 6\)/), "\(second.err)")
        entries = try Self.entries(directory)
        let night2 = try #require(Self.nights(entries).last)
        let version2 = try #require(night2.bots.first { $0.name == "alice" }?.version)
        #expect(version2 != version1)
        let played2 = Self.finished(entries).filter { night2.indices.contains($0.index) }
        #expect(played2.count == 6)
        #expect(played2.allSatisfy { record in record.players.contains { $0.bot == "alice" && $0.version == version2 } })
        // The standings count the current versions only: alice's 6 new games, not her 6 old ones.
        #expect(try Self.standingsGames(directory) == ["alice": 6, "bob": 6, "carl": 6, "random": 6])

        // Night 3: dave is new, carl is gone, bob's new version does not build.
        try ClassFolder.addSubmission("dave", in: directory)
        try ClassFolder.resubmit("dave", in: directory, note: "dave's own")
        try FileManager.default.removeItem(atPath: directory + "/subs/carl")
        let bobVersion = try #require(night2.bots.first { $0.name == "bob" }?.version)
        try "command: python3 bot.py\nbuild: exit 3\n".write(toFile: directory + "/subs/bob/bot.yaml", atomically: true, encoding: .utf8)
        let third = try await Self.night(directory)
        #expect(third.status == 0, "\(third.err)")
        #expect(
            third.err.contains("Season night 3: 1 new entry (dave), 1 retired (carl), 1 kept at its last good version (bob); 6 games to play"),
            "\(third.err)")
        #expect(third.err.contains("bob keeps its last good version: its new one is not entered (the build failed (exit status 3))"), "\(third.err)")
        entries = try Self.entries(directory)
        let night3 = try #require(Self.nights(entries).last)
        #expect(night3.bots.map(\.name) == ["random", "alice", "bob", "dave"])
        #expect(night3.bots.first { $0.name == "bob" }?.version == bobVersion)
        let played3 = Self.finished(entries).filter { night3.indices.contains($0.index) }
        #expect(played3.count == 6)
        #expect(played3.allSatisfy { $0.players.contains { $0.bot == "dave" } })
        #expect(played3.allSatisfy { !$0.players.contains { $0.bot == "carl" } })
        #expect(
            played3.filter { $0.players.contains { $0.bot == "bob" } }.allSatisfy { record in
                record.players.contains { $0.bot == "bob" && $0.version == bobVersion }
            })
        #expect(try Self.standingsGames(directory) == ["alice": 6, "bob": 6, "dave": 6, "random": 6])
        // The history across the three runs: a point per night, every version on one scale.
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/out/results.json"))) as? [String: Any])
        let season = try #require(results["season"] as? [String: Any])
        let nightPoints = try #require(season["nights"] as? [[String: Any]])
        #expect(nightPoints.map { $0["number"] as? Int } == [1, 2, 3])
        #expect(nightPoints.map { $0["gamesPlayed"] as? Int } == [12, 6, 6])
        let versions = try #require(season["versions"] as? [[String: Any]])
        let alice = versions.filter { $0["bot"] as? String == "alice" }
        #expect(alice.map { $0["version"] as? String } == [version1, version2])
        #expect(alice.map { $0["latest"] as? Bool } == [false, true])
        #expect(versions.contains { $0["bot"] as? String == "carl" && $0["lastNight"] as? Int == 2 }, "carl was current until night 2")
        let standings = try #require(results["standings"] as? [[String: Any]])
        #expect(standings.first { $0["bot"] as? String == "alice" }?["version"] as? String == version2)
        // Every game the season played is listed, with each seat's version and its replay:
        // 24 in all; the 12 of alice's first version and of the retired carl are not in the standings.
        let games = try #require(results["games"] as? [[String: Any]])
        #expect(games.count == 24)
        let uncounted = games.filter { $0["countsInStandings"] as? Bool == false }
        #expect(uncounted.count == 12)
        #expect(
            uncounted.allSatisfy { game in
                let players = game["players"] as? [String] ?? []
                let versions = game["versions"] as? [String] ?? []
                return players.contains("carl") || zip(players, versions).contains { $0 == ("alice", version1) }
            }, "\(uncounted)")
        #expect(games.allSatisfy { ($0["versions"] as? [String])?.count == 2 })
        let listing = try String(contentsOfFile: directory + "/out/index.html", encoding: .utf8)
        for game in uncounted {
            let number = try #require(game["index"] as? Int)
            #expect(listing.contains("href=\"replays/viewer.html#game=\(number)\">\(number)</a>"), "game \(number) is listed with its replay")
            #expect(FileManager.default.fileExists(atPath: directory + "/out/" + ReportLayout.pack(number: ReplayPack.number(of: number))))
        }
        // The grading export names each entry's current version.
        let csvRun = try await SalvoExecutable.run(["report", "out", "--csv"], workingDirectory: directory)
        #expect(csvRun.status == 0, "\(csvRun.err)")
        let csv = try String(contentsOfFile: directory + "/out/standings.csv", encoding: .utf8)
        #expect(csv.split(separator: "\r\n").contains { $0.contains(",alice,\(version2),") }, "\(csv)")
        #expect(csv.split(separator: "\r\n").contains { $0.contains(",random,,") }, "a listed bot has no version: \(csv)")
        let index = try String(contentsOfFile: directory + "/out/index.html", encoding: .utf8)
        #expect(index.contains(#"<section id="season">"#) && index.contains(#"<polyline class="history" data-bot="alice" style="stroke:hsl("#))

        // The published folder keeps the history, and no path of the instructor's machine.
        let publish = try await SalvoExecutable.run(["publish", "out", "pub"], workingDirectory: directory)
        #expect(publish.status == 0, "\(publish.err)")
        let published = try String(contentsOfFile: directory + "/pub/index.html", encoding: .utf8)
        #expect(published.contains(#"<section id="season">"#))
        let publishedResults = try String(contentsOfFile: directory + "/pub/results.json", encoding: .utf8)
        #expect(publishedResults.contains("\"nights\"") && !publishedResults.contains(directory))

        // Bob fixes his build by going back to what he had: the same version, nothing to play.
        try "command: python3 bot.py\n".write(toFile: directory + "/subs/bob/bot.yaml", atomically: true, encoding: .utf8)
        let fourth = try await Self.night(directory)
        #expect(fourth.status == 0, "\(fourth.err)")
        #expect(fourth.err.contains("Season night 3 (continued): nothing changed since it began; 0 games to play"), "\(fourth.err)")
        // Every game of the season is in the journal once, under its own index.
        let all = Self.finished(try Self.entries(directory))
        #expect(Set(all.map(\.index)).count == all.count)
        #expect(all.count == 12 + 6 + 6)
    }

    @Test("a change that makes old games incomparable is refused, naming the setting")
    func refusals() async throws {
        let directory = try ClassFolder.make(["alice", "bob"])
        let first = try await Self.night(directory)
        #expect(first.status == 0, "\(first.err)")

        let yaml = try String(contentsOfFile: directory + "/season.yaml", encoding: .utf8)
        try yaml.replacingOccurrences(of: "games_per_pairing: 2", with: "games_per_pairing: 4")
            .write(toFile: directory + "/season.yaml", atomically: true, encoding: .utf8)
        let games = try await Self.night(directory)
        #expect(games.status != 0)
        #expect(games.err.contains("games_per_pairing: the journal's run has 2, this one 4"), "\(games.err)")

        try yaml.replacingOccurrences(of: "bots_from: subs", with: "bots_from: {folder: subs, move_timeout_ms: 2500}")
            .write(toFile: directory + "/season.yaml", atomically: true, encoding: .utf8)
        let limits = try await Self.night(directory)
        #expect(limits.status != 0)
        #expect(limits.err.contains("bots[alice].move_timeout_ms: the journal's run has the default, this one 2500"), "\(limits.err)")
        // Nothing was played by the refused runs.
        #expect(Self.finished(try Self.entries(directory)).count == 6)
    }

    @Test("a night killed with SIGKILL and run again ends as the same night uninterrupted")
    func killedNight() async throws {
        let interrupted = try ClassFolder.make(["alice", "bob", "carl"], concurrency: 1)
        let whole = try ClassFolder.make(["alice", "bob", "carl"], concurrency: 1)
        // Both folders play with one seed key, so the same games are the same games.
        for directory in [interrupted, whole] {
            try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: true)
            try "00112233445566778899aabbccddeeff\n".write(toFile: directory + "/out/seed.key", atomically: true, encoding: .utf8)
            let first = try await Self.night(directory)
            #expect(first.status == 0, "\(first.err)")
            try ClassFolder.resubmit("bob", in: directory, note: "bob 2")
            try ClassFolder.resubmit("carl", in: directory, note: "carl 2")
        }
        let uninterrupted = try await Self.night(whole)
        #expect(uninterrupted.status == 0, "\(uninterrupted.err)")

        // Kill the other folder's night 2 once a few of its games are journaled.
        _ = try await Self.nightStopped(interrupted, after: 12 + 2, by: SIGKILL)
        let beforeResume = Self.finished(try Self.entries(interrupted)).filter { $0.termination != .noResult }.count
        let resumed = try await Self.night(interrupted)
        #expect(resumed.status == 0, "\(resumed.err)")
        #expect(beforeResume > 12 && beforeResume < 12 + 10, "the night ended before it could be killed")
        #expect(
            resumed.err.contains("Season night 2 (continued): nothing changed since it began; \(12 + 10 - beforeResume) games to play"),
            "\(resumed.err)")

        // The same nights, the same games, the same shots.
        let a = try Self.entries(interrupted)
        let b = try Self.entries(whole)
        #expect(Self.nights(a).map(\.games) == Self.nights(b).map(\.games))
        #expect(Self.nights(a).count == 2)
        func played(_ entries: [JournalEntry]) -> [Int: [String]] {
            var games: [Int: [String]] = [:]
            for record in Self.finished(entries) where record.termination != .noResult {
                games[record.index] = record.players.map { "\($0.bot)@\($0.version ?? "-")" } + record.shots.map { "\($0.x),\($0.y)" }
            }
            return games
        }
        #expect(played(a) == played(b))
        #expect(played(a).count == 12 + 10)
    }

    @Test("a night stopped with one Ctrl-C finishes its games in flight, exits incomplete, and the next run continues the same night")
    func interruptedNight() async throws {
        let directory = try ClassFolder.make(["alice", "bob", "carl"], concurrency: 1)
        let first = try await Self.night(directory)
        #expect(first.status == 0, "\(first.err)")
        try ClassFolder.resubmit("alice", in: directory, note: "alice 2")

        let process = try await Self.nightStopped(directory, after: 12 + 1, by: SIGINT)
        let rated = Self.finished(try Self.entries(directory)).filter { $0.termination != .noResult }.count
        // Stopped before the night's 6 games were all played: incomplete, never 0.
        if rated < 12 + 6 { #expect(process.status == 2, "an incomplete night exits 2") }
        #expect(Self.nights(try Self.entries(directory)).count == 2)

        let resumed = try await Self.night(directory)
        #expect(resumed.status == 0, "\(resumed.err)")
        #expect(resumed.err.contains("Season night 2 (continued): nothing changed since it began; \(12 + 6 - rated) games to play"), "\(resumed.err)")
        let all = Self.finished(try Self.entries(directory)).filter { $0.termination != .noResult }
        #expect(all.count == 12 + 6)
        #expect(Set(all.map(\.index)).count == all.count, "no game twice")
        #expect(Self.nights(try Self.entries(directory)).count == 2, "the same night, not a third")
    }

    @Test(
        "after the deadline a new version is not entered, whatever its file times: the version from before stays current, a touched folder is no change, and the printout says why"
    )
    func deadline() async throws {
        let directory = try ClassFolder.make(["alice", "bob"])
        let yaml = try String(contentsOfFile: directory + "/season.yaml", encoding: .utf8)
        func deadline(_ date: Date) throws {
            let text = ISO8601DateFormatter().string(from: date)
            try yaml.replacingOccurrences(of: "bots_from: subs", with: "bots_from: {folder: subs, deadline: \(text)}")
                .write(toFile: directory + "/season.yaml", atomically: true, encoding: .utf8)
        }
        // The first night, before the deadline: Salvo sees both versions.
        try deadline(Date().addingTimeInterval(3_600))
        let first = try await Self.night(directory)
        #expect(first.status == 0, "\(first.err)")
        let version1 = try #require(Self.nights(try Self.entries(directory)).last?.bots.first { $0.name == "alice" }?.version)

        // The deadline passes (Salvo's record keeps whole seconds). Alice changes her bot; bob's
        // files get times after the deadline without a change of content, as `touch` or `cp -r` gives them.
        try await Task.sleep(for: .milliseconds(2_100))
        try deadline(Date().addingTimeInterval(-1))
        try ClassFolder.resubmit("alice", in: directory, note: "too late")
        for file in ["bot.py", "bot.yaml", ""] {
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(86_400)], ofItemAtPath: directory + "/subs/bob" + (file.isEmpty ? "" : "/" + file))
        }
        let late = try await Self.night(directory)
        #expect(late.status == 0, "\(late.err)")
        #expect(
            late.err.contains("alice keeps its last good version: its new one is not entered (this version was first seen by Salvo at "),
            "\(late.err)")
        #expect(!late.err.contains("bob keeps"), "a touched folder is the same version: \(late.err)")
        #expect(late.err.contains("Season night 1 (continued)"), "nothing new is played: \(late.err)")
        #expect(Self.nights(try Self.entries(directory)).last?.bots.first { $0.name == "alice" }?.version == version1)
    }

    @Test(
        "a season moved to another path between nights goes on: a kept version is launched from where its copy is now, and no bot is charged a forfeit"
    )
    func movedSeason() async throws {
        let first = try ClassFolder.make(["alice", "carol"])
        let night1 = try await Self.night(first)
        #expect(night1.status == 0, "\(night1.err)")
        // A new machine, a new path: the whole folder moves.
        let moved = first + "-moved"
        #expect(rename(first, moved) == 0)
        defer { try? FileManager.default.removeItem(atPath: moved) }
        // carol's new version does not build, so her last good one stays current; alice's new one plays it.
        try "command: python3 bot.py\nbuild: exit 3\n".write(toFile: moved + "/subs/carol/bot.yaml", atomically: true, encoding: .utf8)
        try ClassFolder.resubmit("alice", in: moved, note: "night 2")
        let night2 = try await Self.night(moved)
        #expect(night2.status == 0, "\(night2.err)")
        #expect(night2.err.contains("carol keeps its last good version"), "\(night2.err)")
        let entries = try Self.entries(moved)
        let last = try #require(Self.nights(entries).last)
        #expect(last.number == 2)
        let carol = try #require(last.bots.first { $0.name == "carol" })
        guard case .external(let spec) = carol.kind else {
            Issue.record("carol is not external")
            return
        }
        let movedPath = URL(fileURLWithPath: moved).resolvingSymlinksInPath().path
        #expect(
            spec.folder?.hasPrefix(movedPath + "/out/submissions/bots/carol@") == true
                || spec.folder?.hasPrefix(moved + "/out/submissions/bots/carol@") == true, "\(spec.folder ?? "")")
        let played = Self.finished(entries).filter { last.indices.contains($0.index) }
        #expect(played.count == 4, "alice's new version against carol's kept one and random, 2 games each")
        #expect(played.allSatisfy { $0.termination != .forfeit }, "\(played.compactMap(\.reason))")
    }

    @Test("going back to an earlier version is said as such, not as a new version, and plays only what it misses: nothing")
    func backToAnEarlierVersion() async throws {
        let directory = try ClassFolder.make(["alice", "bob"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let original = try Data(contentsOf: URL(fileURLWithPath: directory + "/subs/alice/bot.py"))
        #expect(try await Self.night(directory).status == 0)
        try ClassFolder.resubmit("alice", in: directory, note: "version 2")
        let second = try await Self.night(directory)
        #expect(second.err.contains("Season night 2: 1 new version (alice); 4 games to play"), "\(second.err)")
        try original.write(to: URL(fileURLWithPath: directory + "/subs/alice/bot.py"))
        let third = try await Self.night(directory)
        #expect(third.status == 0, "\(third.err)")
        #expect(third.err.contains("Season night 3: 1 back to an earlier version (alice); 0 games to play"), "\(third.err)")
    }
}
