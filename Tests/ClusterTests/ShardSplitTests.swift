import Bots
import Testing

@testable import Tournament

/// The split of a schedule into shards, and where a process finds its shard: pure rules.
@Suite("Shards of a schedule")
struct ShardSplitTests {
    static func config(bots: Int, games: Int, format: TournamentFormat = .roundRobin) -> TournamentConfig {
        TournamentConfig(
            name: "split", format: format, bots: (0..<bots).map { BotEntry(name: "b\($0)", kind: .builtin(.random)) }, gamesPerPairing: games)
    }

    static func shardGames(_ config: TournamentConfig, count: Int) throws -> [[ScheduledGame]] {
        try (0..<count).map { index in
            var part = config
            part.context.shard = try Shard(index: index, count: count)
            return try #require(part.scheduler.sharding?.fixedSchedule).gamesInRun
        }
    }

    @Test(
        "the shards hold every game exactly once, balanced to one mirrored pair, both games of each pair together",
        arguments: [
            (bots: 5, games: 4, count: 3), (bots: 4, games: 6, count: 2), (bots: 7, games: 2, count: 5), (bots: 3, games: 3, count: 4),
            (bots: 6, games: 10, count: 7),
        ]
    )
    func partition(bots: Int, games: Int, count: Int) throws {
        let config = Self.config(bots: bots, games: games)
        let whole = RoundRobinScheduler(config: config).schedule.games
        let parts = try Self.shardGames(config, count: count)
        let indices = parts.flatMap { $0.map(\.index) }
        #expect(indices.sorted() == whole.map(\.index), "every game once")
        // Balanced: at most one mirrored pair (two games) between the fullest and the emptiest.
        let sizes = parts.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 2, "sizes \(sizes)")
        // A mirrored pair never straddles two shards.
        for (shard, part) in parts.enumerated() {
            let mine = Set(part.map(\.index))
            let split = part.filter { game in
                whole.contains { $0.pairing == game.pairing && $0.duo == game.duo && !mine.contains($0.index) }
            }
            #expect(split.isEmpty, "shard \(shard): games \(split.map(\.index)) have their mirror in another shard")
        }
        // Each shard plays its games in schedule order, and as they are in the whole schedule.
        for part in parts {
            #expect(part.map(\.index) == part.map(\.index).sorted())
            #expect(part.allSatisfy { whole[$0.index] == $0 })
        }
    }

    @Test("the split is fixed by the schedule alone: the same for the same configuration, whatever its concurrency or output")
    func deterministic() throws {
        let config = Self.config(bots: 6, games: 4)
        var other = config
        other.concurrency = 64
        other.outputDirectory = "/elsewhere"
        #expect(try Self.shardGames(config, count: 4).map { $0.map(\.index) } == Self.shardGames(other, count: 4).map { $0.map(\.index) })
    }

    @Test("a gauntlet splits too, and one shard of one is the whole schedule")
    func gauntletAndOne() throws {
        let config = Self.config(bots: 6, games: 4, format: .gauntlet)
        #expect(try Self.shardGames(config, count: 1)[0] == GauntletScheduler(config: config).schedule.games)
        #expect(try Self.shardGames(config, count: 3).map(\.count) == [8, 6, 6])
    }

    @Test("--shard I/N is read, and every wrong form is refused with what to give instead")
    func parsing() throws {
        #expect(try Shard(parsing: "2/5") == Shard(index: 2, count: 5))
        #expect(throws: ShardError.indexOutOfRange(index: 5, count: 5)) { try Shard(parsing: "5/5") }
        #expect(throws: ShardError.badCount(0)) { try Shard(parsing: "0/0") }
        #expect(throws: ShardError.unreadable("1-3")) { try Shard(parsing: "1-3") }
        #expect(throws: ShardError.unreadable("/3")) { try Shard(parsing: "/3") }
        #expect(ShardError.indexOutOfRange(index: 5, count: 5).description.contains("from 0 to 4"))
    }

    @Test("--shard auto reads a Slurm array task or a Kubernetes completion index, of SALVO_SHARD_COUNT, and refuses without either")
    func environment() throws {
        #expect(
            try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "2", "SALVO_SHARD_COUNT": "3", "SLURM_ARRAY_TASK_COUNT": "3"])
                == Shard(index: 2, count: 3))
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "SALVO_SHARD_COUNT": "4"]) == Shard(index: 0, count: 4))
        #expect(throws: ShardError.noEngine) { try Shard.fromEnvironment(["HOME": "/root"]) }
        #expect(throws: ShardError.missingVariable(have: "JOB_COMPLETION_INDEX", need: "SALVO_SHARD_COUNT")) {
            try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0"])
        }
        // Slurm's own count is the array's, which a partial resubmission changes: never used.
        #expect(throws: ShardError.missingVariable(have: "SLURM_ARRAY_TASK_ID", need: "SALVO_SHARD_COUNT")) {
            try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "3"])
        }
        #expect(throws: ShardError.badVariable(name: "SLURM_ARRAY_TASK_ID", value: "x")) {
            try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "x", "SALVO_SHARD_COUNT": "2"])
        }
        #expect(throws: ShardError.indexOutOfRange(index: 3, count: 3)) {
            try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SALVO_SHARD_COUNT": "3"])
        }
    }

    @Test("a resubmitted task (sbatch --array=3: its own array has one task, from 3) is still shard 3 of the written count")
    func partialResubmission() throws {
        let environment = [
            "SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "1",
            "SALVO_SHARD_COUNT": "4",
        ]
        #expect(try Shard.fromEnvironment(environment) == Shard(index: 3, count: 4))
    }

    @Test("a shard is a resume setting: a shard's journal is refused to another shard, and a sharded one to a whole run")
    func resumeSetting() throws {
        var first = Self.config(bots: 4, games: 2)
        first.context.shard = try Shard(index: 0, count: 2)
        var second = first
        second.context.shard = try Shard(index: 1, count: 2)
        var whole = first
        whole.context.shard = nil
        #expect(ResumeSettings.difference(journal: first, run: second) == "shard: the journal's run has 0/2, this one 1/2")
        #expect(ResumeSettings.difference(journal: first, run: whole) != nil)
        #expect(ResumeSettings.digest(of: whole) == ResumeSettings.digest(of: Self.config(bots: 4, games: 2)))
    }
}
