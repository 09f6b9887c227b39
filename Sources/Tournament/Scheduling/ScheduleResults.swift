/// What a scheduler is told of the games played so far: the journal's results and this
/// run's.
public struct ScheduleResults: Sendable {
    /// The rated record (a win or a forfeit) of every game that has one, by schedule index.
    public var rated: [Int: GameRecord]
    /// How many times each game was attempted, over every run (every `finished` line).
    public var attempts: [Int: Int]
    /// The games this run has given up on: tried ``TournamentRunner/maximumAttempts`` times
    /// in this run without a result. The next run of the same command tries them again.
    public var givenUp: Set<Int>

    public init(rated: [Int: GameRecord] = [:], attempts: [Int: Int] = [:], givenUp: Set<Int> = []) {
        self.rated = rated
        self.attempts = attempts
        self.givenUp = givenUp
    }

    /// The results a journal's `finished` records tell, in the order they were written.
    public init(finished: some Sequence<GameRecord>) {
        self.init()
        for record in finished { add(record) }
    }

    /// Counts one more attempt of a game: rated unless it ended with no result.
    public mutating func add(_ record: GameRecord) {
        attempts[record.index, default: 0] += 1
        if record.termination != .noResult { rated[record.index] = record }
    }

    /// The rated records in schedule order.
    public var ratedInOrder: [GameRecord] {
        rated.keys.sorted().compactMap { rated[$0] }
    }

    /// Whether the game has neither a rated result nor been given up on by this run.
    public func isOpen(_ index: Int) -> Bool {
        rated[index] == nil && !givenUp.contains(index)
    }
}
