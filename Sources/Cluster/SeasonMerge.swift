import Foundation
import Tournament

/// Puts a season's night back together from its shards (`salvo run FILE --shard I/N` of a
/// round robin of `bots_from:` submissions): the night is the last one in the season's own
/// journal (`OUTPUT/journal.jsonl`, which the first shard wrote, ``Orchestrator``'s
/// `SeasonShardNight`), and the merged journal is that journal, as it is, followed by the
/// night's games that the shards played and it does not hold yet. Pure rules, as
/// ``ShardMerge``'s; ``TournamentMerge`` reads and writes.
///
/// - Each shard plays the night's mirrored pairs that are its own (pair `k` is shard `k mod N`'s),
///   and may hold earlier nights' games, already merged then, which are left out.
/// - A game the season's journal already rated (merged before, or played by a run on one
///   machine) keeps that result: merging again adds nothing.
/// - A shard whose journal holds another night of the same number was played against another
///   season's journal, and is refused.
///
/// ```swift
/// let merged = try SeasonMerge.merge(shards, season: resume, seasonPath: "reports/class/journal.jsonl", output: "reports/class")
/// merged.scheduledGames   // the night's games
/// ```
public enum SeasonMerge {
    public static func merge(
        _ shards: [ShardJournal], season: TournamentRunner.ResumePoint, seasonPath: String, output: String
    ) throws(MergeError) -> MergedTournament {
        let (configuration, count, _) = try ShardMerge.tournament(of: shards, output: output)
        guard let night = season.nights.last else {
            throw .season(
                "the season's journal \(seasonPath) has no night: the first shard to run writes it; run the shards (`salvo run FILE --shard I/N --output \(output)`), then merge"
            )
        }
        for shard in shards {
            if let other = shard.nights.first(where: { $0.number == night.number }), other != night {
                throw .season(
                    "\(shard.path) played another night \(night.number) than the season's journal \(seasonPath) holds (its versions or games differ); remove that shard's folder and run the shard again"
                )
            }
        }
        let scheduler = SeasonScheduler(config: configuration, night: night)
        if let obstacle = scheduler.whyNotShardable { throw .notShardable(path: seasonPath, reason: obstacle) }

        let found = try ShardLines(shards) { shard, record throws(MergeError) in
            guard night.indices.contains(record.index) else { return false }
            let owner = scheduler.shard(ofGameAt: record.index, count: count)
            guard owner == shard.folderIndex else {
                throw .strayGame(
                    path: shard.path, index: record.index, detail: "it is shard \(owner.map(String.init) ?? "?")'s in night \(night.number)")
            }
            // Merged before (this merge run again), or played by a run on one machine.
            return season.rated[record.index] == nil
        }
        var lines: [MergedTournament.Line] = []
        var missing: [MissingGame] = []
        for index in night.indices where season.rated[index] == nil {
            let hasResult = found.append(index, to: &lines)
            if !hasResult { missing.append(MissingGame(index: index, shard: scheduler.shard(ofGameAt: index, count: count) ?? 0)) }
        }
        var merged = MergedTournament(
            configuration: configuration, shardCount: count, shards: shards, lines: lines, scheduledGames: night.indices.count,
            missing: missing, duplicates: found.duplicates
        )
        merged.base = seasonPath
        merged.unenforced = ShardMerge.unenforced(shards.filter { $0.start != nil })
        return merged
    }
}
