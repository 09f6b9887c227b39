import Tournament

/// Puts the journals of a sharded tournament back together, as pure rules over what they
/// hold: it checks that they are shards of one tournament, keeps one result per game, and
/// names the games that have none. ``TournamentMerge`` does the reading and writing.
///
/// A game with several results (played by two pods of one index, by a requeued task, or by
/// a rerun) keeps the first one found, shards in order and each journal in order: games are
/// deterministic for their seeds, so any of them would do. Attempts with no result are all
/// kept, as they are in one process's journal.
///
/// ```swift
/// let merged = try ShardMerge.merge(shards, output: "reports/class")
/// merged.missing      // [MissingGame(index: 17, shard: 1)]
/// ```
public enum ShardMerge {
    public static func merge(_ shards: [ShardJournal], output: String) throws(MergeError) -> MergedTournament {
        let (configuration, count, first) = try tournament(of: shards, output: output)
        let started = shards.filter { $0.start != nil }
        let scheduler = configuration.scheduler
        guard let fixed = scheduler.sharding?.fixedSchedule, scheduler.whyNotShardable == nil else {
            throw .notShardable(path: first.path, reason: scheduler.whyNotShardable ?? "its games are not fixed by its configuration")
        }
        let schedule = fixed.games
        let pairings = fixed.pairings.count
        let found = try ShardLines(shards) { shard, record throws(MergeError) in
            guard schedule.indices.contains(record.index) else {
                throw .strayGame(path: shard.path, index: record.index, detail: "the schedule has \(schedule.count) games")
            }
            let owner = Shard.index(of: schedule[record.index], pairings: pairings, count: count)
            guard owner == shard.folderIndex else {
                throw .strayGame(path: shard.path, index: record.index, detail: "it is shard \(owner)'s")
            }
            return true
        }
        var lines: [MergedTournament.Line] = []
        lines.reserveCapacity(schedule.count)
        var missing: [MissingGame] = []
        for game in schedule {
            let hasResult = found.append(game.index, to: &lines)
            if !hasResult { missing.append(MissingGame(index: game.index, shard: Shard.index(of: game, pairings: pairings, count: count))) }
        }
        var merged = MergedTournament(
            configuration: configuration, shardCount: count, shards: shards, lines: lines, scheduledGames: schedule.count,
            missing: missing, duplicates: found.duplicates
        )
        merged.unenforced = unenforced(started)
        return merged
    }

    /// Every shard's `unenforced` sentence, each once.
    static func unenforced(_ started: [ShardJournal]) -> [String] {
        var sentences: [String] = []
        for sentence in started.flatMap({ $0.start?.unenforced ?? [] }) where !sentences.contains(sentence) { sentences.append(sentence) }
        return sentences
    }

    /// The tournament the shards are parts of: its configuration without a shard (writing into
    /// `output`), the number of shards, and the first shard that started. Throws unless every
    /// shard that started is a part of one tournament, in its own folder.
    static func tournament(of shards: [ShardJournal], output: String) throws(MergeError) -> (
        configuration: TournamentConfig, count: Int, first: ShardJournal
    ) {
        let started = shards.filter { $0.start != nil }
        guard let first = started.first, let firstStart = first.start else { throw .nothingStarted(output: output) }
        guard let count = firstStart.configuration.context.shard?.count else { throw .notAShard(path: first.path) }
        var configuration = firstStart.configuration
        configuration.context.shard = nil
        configuration.outputDirectory = output
        let digest = ResumeSettings.digest(of: configuration)

        for shard in started {
            guard var other = shard.start?.configuration, let part = other.context.shard else { throw .notAShard(path: shard.path) }
            guard part.count == count else { throw .shardCounts(path: shard.path, count: part.count, expected: count, firstPath: first.path) }
            guard part.index == shard.folderIndex else { throw .wrongFolder(path: shard.path, shard: part.index) }
            other.context.shard = nil
            if ResumeSettings.digest(of: other) != digest {
                let difference = ResumeSettings.difference(journal: configuration, run: other) ?? "a setting differs"
                throw .otherTournament(path: shard.path, firstPath: first.path, difference: difference)
            }
            // Shards of one folder share its seed key (OUTPUT/seed.key); another key means other fleets.
            if other.context.seedKey != configuration.context.seedKey {
                throw .otherTournament(
                    path: shard.path, firstPath: first.path,
                    difference: "seed key: the shards were played with different keys (each folder's seed.key); play them into one output folder")
            }
        }
        if let stray = shards.first(where: { $0.folderIndex >= count }), stray.start != nil || !stray.finished.isEmpty {
            throw .wrongFolder(path: stray.path, shard: stray.folderIndex)
        }
        return (configuration, count, first)
    }
}
