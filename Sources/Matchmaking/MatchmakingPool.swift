import Ratings

/// The players matchmaking chooses among and the games they have played, with the one rating
/// fit every decision reads (``Ratings/BradleyTerryFit``, the fit the standings print).
///
/// Players are numbered `0..<playerCount`; the caller decides who is in the pool (the current
/// versions and the built-ins: a retired version's games are not the pool's).
public struct MatchmakingPool: Sendable {
    public let playerCount: Int
    /// The built-ins: every new version's opening meets them; they never ask for games themselves.
    public var anchors: Set<Int>
    /// Games a version must still play whatever its interval and budget: a version returned to
    /// after others keeps its games and plays twice as many again (``owedOnReturn(games:)``),
    /// so its old luck weighs a third, not all.
    public var freshGamesOwed: [Int: Int]
    public private(set) var games: [RatedGame]
    /// Games played by each player.
    public private(set) var gameCounts: [Int]
    /// Games between each pair, keyed by ``pairKey(_:_:)``.
    private(set) var met: [Int: Int]
    /// The last fit, and the games it was fitted on.
    public private(set) var fit: BradleyTerryFit?
    private var fittedGames = -1

    public init(playerCount: Int, anchors: Set<Int> = [], games: [RatedGame] = [], freshGamesOwed: [Int: Int] = [:]) {
        self.playerCount = playerCount
        self.anchors = anchors
        self.freshGamesOwed = freshGamesOwed
        self.games = []
        gameCounts = [Int](repeating: 0, count: playerCount)
        met = [:]
        add(games)
    }

    /// The fresh games a version returned to owes, for the `games` it had.
    public static func owedOnReturn(games: Int) -> Int { 2 * games }

    func pairKey(_ a: Int, _ b: Int) -> Int { min(a, b) * playerCount + max(a, b) }

    /// Games played between `a` and `b`.
    public func meetings(_ a: Int, _ b: Int) -> Int { met[pairKey(a, b)] ?? 0 }

    /// Records played games.
    public mutating func add(_ new: [RatedGame]) {
        for game in new {
            games.append(game)
            gameCounts[game.first] += 1
            gameCounts[game.second] += 1
            met[pairKey(game.first, game.second), default: 0] += 1
            for player in [game.first, game.second] {
                if let owed = freshGamesOwed[player] { freshGamesOwed[player] = owed > 1 ? owed - 1 : nil }
            }
        }
    }

    /// Fits the ratings to the games so far (from the last fit's ratings, so a refit after a
    /// round takes a few Newton steps); nil when there is nothing to fit or the fit fails.
    @discardableResult
    public mutating func refit() -> BradleyTerryFit? {
        guard fittedGames != games.count else { return fit }
        fittedGames = games.count
        guard !games.isEmpty else {
            fit = nil
            return nil
        }
        fit =
            (try? BradleyTerryFit(games: games, playerCount: playerCount, start: fit?.ratings.map(\.value)))
            ?? (try? BradleyTerryFit(games: games, playerCount: playerCount))
        return fit
    }

    /// The half-width of `player`'s 95% interval; infinite before its first game.
    public func halfWidth(_ player: Int) -> Double {
        guard gameCounts[player] > 0, let fit else { return .infinity }
        return RatingEstimate.z95 * fit.ratings[player].standardError
    }

    /// `player`'s rating now; 1500 before any fit.
    public func rating(_ player: Int) -> Double {
        fit?.ratings[player].value ?? 1500
    }

    /// Whether `player` is settled under `policy`: its interval within the target, and no
    /// fresh games owed.
    public func isSettled(_ player: Int, policy: MatchmakingPolicy) -> Bool {
        halfWidth(player) <= policy.ratingInterval && freshGamesOwed[player] == nil
    }
}
