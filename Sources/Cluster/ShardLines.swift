import Tournament

/// The `finished` lines of a tournament's shards gathered by game, for a merge (``ShardMerge``,
/// ``SeasonMerge``): each game's attempts without a result, in shard and journal order, and its
/// first result; a result found after the first counts as played twice.
struct ShardLines {
    private var rated: [Int: MergedTournament.Line] = [:]
    private var attempts: [Int: [MergedTournament.Line]] = [:]
    /// Results left out because their game already had one.
    private(set) var duplicates = 0

    /// Gathers the lines of every shard that started that `take` keeps; `take` checks a line
    /// (throwing for one that is not its shard's) and says whether the merge wants it.
    init(_ shards: [ShardJournal], take: (ShardJournal, ShardJournal.Line) throws(MergeError) -> Bool) throws(MergeError) {
        for (position, shard) in shards.enumerated() where shard.start != nil {
            for record in shard.finished where try take(shard, record) {
                let line = MergedTournament.Line(shard: position, location: record.location)
                if !record.rated {
                    attempts[record.index, default: []].append(line)
                } else if rated[record.index] == nil {
                    rated[record.index] = line
                } else {
                    duplicates += 1
                }
            }
        }
    }

    /// Appends game `index`'s lines to `lines` (its attempts, then its result) and says whether
    /// it has a result.
    func append(_ index: Int, to lines: inout [MergedTournament.Line]) -> Bool {
        lines += attempts[index] ?? []
        guard let result = rated[index] else { return false }
        lines.append(result)
        return true
    }
}
