import Foundation
import SalvoTestSupport
import Testing

@testable import Tournament

/// A season's nights split into shards (`salvo run season.yaml --shard I/N`, then `salvo
/// merge`), with real submissions, real builds and real processes, against the same season run
/// whole on one machine: the shards play the same night, and the merged season's journal holds
/// the same games.
@Suite("A season's night in shards", .serialized, .timeLimit(.minutes(8)))
struct SeasonShardTests {
    typealias Season = SeasonRunTests

    static func shard(_ directory: String, _ shard: String) async throws -> SalvoOutput {
        try await SalvoExecutable.run(
            ["run", "season.yaml", "--output", "out", "--shard", shard], timeout: .seconds(240), workingDirectory: directory)
    }

    static func merge(_ directory: String) async throws -> SalvoOutput {
        try await SalvoExecutable.run(["merge", "out"], timeout: .seconds(120), workingDirectory: directory)
    }

    /// A class of alice, bob and carl whose first night was played whole, on one machine, into
    /// `whole`; `out`, for the shards, has the same seed key, so that its games are the same.
    static func classWithWholeNight() async throws -> String {
        let directory = try ClassFolder.make(["alice", "bob", "carl"])
        let whole = try await Season.night(directory, output: "whole")
        #expect(whole.status == 0, "\(whole.err)")
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: directory + "/whole/seed.key", toPath: directory + "/out/seed.key")
        return directory
    }

    /// Every rated game by index: its players (bot@version, in seat order), winner and shots.
    static func games(_ entries: [JournalEntry]) -> [Int: String] {
        var games: [Int: String] = [:]
        for record in Season.finished(entries) where record.termination != .noResult {
            let players = record.players.map { BotEntry.versionedName($0.bot, version: $0.version) }.joined(separator: " v ")
            games[record.index] = "\(players): \(record.winner.map { "\($0)" } ?? "-") in \(record.shots.count) shots"
        }
        return games
    }

    @Test(
        "two nights played by two shards at once and merged equal the nights played whole: the first shard opens each night, only the missing games are played, a merge before every shard played names what is missing"
    )
    func shardedNights() async throws {
        let directory = try await Self.classWithWholeNight()

        // Night 1: both shards at once; one opens the night (enters and builds), the other waits and plays its part.
        async let first = Self.shard(directory, "0/2")
        async let second = Self.shard(directory, "1/2")
        let shards = try await [first, second]
        for shard in shards { #expect(shard.status == 0, "\(shard.err)") }
        let opened = shards.filter { $0.err.contains("Season night 1: 3 new entries (alice, bob, carl); 12 games to play") }
        let joined = shards.filter { $0.err.contains("Season night 1 is open") }
        #expect(opened.count == 1 && joined.count == 1, "\(shards.map(\.err))")
        #expect(joined.first?.err.contains("Submissions:") == false, "the shard that found the night open entered the submissions again")
        // Each shard plays its mirrored pairs: 12 games in 6 pairs, 3 each.
        for shard in shards { #expect(shard.out.contains("6 of 6 games rated"), "\(shard.out)") }
        let merged1 = try await Self.merge(directory)
        #expect(merged1.status == 0, "\(merged1.err)")
        #expect(merged1.out.contains("Merged 2 shards: 12 of 12 games rated."), "\(merged1.out)")
        let wholeNight1 = try Season.entries(directory, output: "whole")
        var outNights = try Season.entries(directory)
        #expect(Self.games(outNights) == Self.games(wholeNight1))
        #expect(Self.games(outNights).count == 12)
        // Merging again adds nothing.
        let again = try await Self.merge(directory)
        #expect(again.status == 0 && again.out.contains("12 of 12 games rated.") && !again.out.contains("played twice"), "\(again.out)")
        #expect(Self.games(try Season.entries(directory)) == Self.games(wholeNight1))

        // Night 2: alice resubmits; only shard 1 plays at first, so the merge names shard 0's games and writes nothing.
        try ClassFolder.resubmit("alice", in: directory, note: "version 2")
        let whole2 = try await Season.night(directory, output: "whole")
        #expect(whole2.status == 0, "\(whole2.err)")
        let late = try await Self.shard(directory, "1/2")
        #expect(late.status == 0, "\(late.err)")
        #expect(late.err.contains("Season night 2: 1 new version (alice); 6 games to play"), "\(late.err)")
        let early = try await Self.merge(directory)
        #expect(early.status == 2, "a merge with games missing must not exit 0: \(early.out)\(early.err)")
        #expect(early.err.contains("shard 0/2:") && early.err.contains("--shard 0/2 --output out"), "\(early.err)")
        #expect(!early.err.contains("shard 1/2:"), "\(early.err)")
        #expect(Season.nights(try Season.entries(directory)).count == 2, "the night's line is in the season's journal")
        #expect(Self.games(try Season.entries(directory)).count == 12, "an incomplete merge wrote games")

        let rest = try await Self.shard(directory, "0/2")
        #expect(rest.status == 0, "\(rest.err)")
        #expect(rest.err.contains("Season night 2 is open") && !rest.err.contains("Submissions:"), "\(rest.err)")
        let merged2 = try await Self.merge(directory)
        #expect(merged2.status == 0, "\(merged2.err)")
        #expect(merged2.out.contains("6 of 6 games rated."), "\(merged2.out)")

        let wholeEntries = try Season.entries(directory, output: "whole")
        outNights = try Season.entries(directory)
        #expect(Self.games(outNights) == Self.games(wholeEntries))
        #expect(Self.games(outNights).count == 18)
        let pairs = zip(Season.nights(outNights), Season.nights(wholeEntries))
        #expect(Season.nights(outNights).count == 2)
        for (sharded, single) in pairs {
            // The same versions (their copies are each output folder's own) and the same games.
            #expect(sharded.bots.map(\.versionedName) == single.bots.map(\.versionedName))
            #expect(sharded.games == single.games && sharded.firstIndex == single.firstIndex)
        }
        // The report of the merged season ranks the current versions as the whole season's does.
        #expect(try Season.standingsGames(directory) == Season.standingsGames(directory, output: "whole"))
        #expect(try Season.standingsGames(directory) == ["alice": 6, "bob": 6, "carl": 6, "random": 6])
    }

    @Test("a shard killed with SIGKILL mid-night continues its part when run again, and the merged night equals the night played whole")
    func killedShard() async throws {
        let directory = try await Self.classWithWholeNight()

        let process = try TestProcess(salvo: ["run", "season.yaml", "--output", "out", "--shard", "0/2"], workingDirectory: directory)
        let shardJournal = directory + "/out/shards/0/journal.jsonl"
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline, Season.finished((try? Journal.read(path: shardJournal)) ?? []).count < 2 {
            try await Task.sleep(for: .milliseconds(10))
        }
        process.send(SIGKILL)
        _ = try await process.finish()
        let before = Season.finished(try Journal.read(path: shardJournal)).count
        #expect(before >= 2 && before < 6, "killed after \(before) of its 6 games")

        let again = try await Self.shard(directory, "0/2")
        #expect(again.status == 0, "\(again.err)")
        #expect(again.err.contains("Season night 1 is open") && again.err.contains("Continuing: \(before) of 6 games already played"), "\(again.err)")
        let other = try await Self.shard(directory, "1/2")
        #expect(other.status == 0, "\(other.err)")
        // A line of the season's journal cut short (a kill while it was written) is left out by
        // the merge, not glued to the first game it appends.
        let season = try #require(FileHandle(forWritingAtPath: directory + "/out/journal.jsonl"))
        season.seekToEndOfFile()
        season.write(Data(#"{"type":"night","night":{"numb"#.utf8))
        try season.close()
        let merged = try await Self.merge(directory)
        #expect(merged.status == 0 && merged.out.contains("12 of 12 games rated."), "\(merged.out)\(merged.err)")
        #expect(Self.games(try Season.entries(directory)) == Self.games(try Season.entries(directory, output: "whole")))
    }

    @Test("a Swiss season cannot be sharded: refused in one line before anything is entered or built")
    func swissRefused() async throws {
        let directory = try ClassFolder.make(["alice", "bob"])
        try """
        name: season
        format: swiss
        rounds: 2
        games_per_pairing: 2
        bots: [random]
        bots_from: subs
        """.write(toFile: directory + "/season.yaml", atomically: true, encoding: .utf8)
        let run = try await Self.shard(directory, "0/2")
        #expect(run.status != 0)
        #expect(run.err.contains("cannot be sharded") && run.err.contains("run it without --shard"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/submissions"), "a refused shard built the submissions")
    }
}
