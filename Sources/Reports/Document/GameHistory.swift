import Tournament

/// The games of a run as its journal tells them: every `finished` line, grouped by the
/// game's schedule index. A game may have been attempted several times (attempts with no
/// result are played again); the record that counts is its last win or forfeit, or, when it
/// never got one, its last attempt.
public struct GameHistory: Sendable {
    /// The record that counts for each attempted game, in schedule order.
    public let games: [GameRecord]
    /// How many times each game (by index) was attempted.
    public let attempts: [Int: Int]
    /// Attempts that ended with no result, over the whole run.
    public let noResultAttempts: Int

    /// Groups `finished`, the journal's records in the order they were written.
    public init(finished: [GameRecord]) {
        var rated: [Int: GameRecord] = [:]
        var last: [Int: GameRecord] = [:]
        var attempts: [Int: Int] = [:]
        var noResult = 0
        for record in finished {
            attempts[record.index, default: 0] += 1
            last[record.index] = record
            if record.termination == .noResult {
                noResult += 1
            } else {
                rated[record.index] = record
            }
        }
        games = last.keys.sorted().compactMap { rated[$0] ?? last[$0] }
        self.attempts = attempts
        noResultAttempts = noResult
    }

    /// The games with a result that counts (a win or a forfeit), in schedule order.
    public var rated: [GameRecord] { games.filter { $0.termination != .noResult } }

    /// The record that counts for the game with schedule index `index`.
    public func game(index: Int) -> GameRecord? {
        var low = 0
        var high = games.count
        while low < high {
            let middle = (low + high) / 2
            if games[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low < games.count && games[low].index == index ? games[low] : nil
    }
}
