import Foundation

/// One run of a season (`bots_from:` with a round robin, played again every night into the
/// same output folder): who was current, and which games the run was to play. A line of its
/// own in the journal, written before the night's first game, so that a run stopped at any
/// point continues the same night with the same games, and so that every game of every night
/// can be told apart by its index.
///
/// The night's game at position `p` of ``games`` has schedule index `firstIndex + p`. A
/// Swiss season's night (``swiss``) lists no games: its rounds are paired as they are played,
/// over the night's current versions, and take the indices from `firstIndex` on.
public struct SeasonNight: Hashable, Sendable {
    /// A Swiss season's night: `rounds` Swiss rounds over the night's current versions
    /// (``SeasonScheduler``), `games` games in all, and the games between those versions that
    /// earlier nights had already rated, which the standings count too.
    public struct Swiss: Hashable, Sendable {
        public var rounds: Int
        public var games: Int
        public var carried: Int

        public init(rounds: Int, games: Int, carried: Int) {
            self.rounds = rounds
            self.games = games
            self.carried = carried
        }
    }

    /// A night whose games matchmaking chose (``SeasonMatchmaking``): an adaptive round, or a
    /// settle round; its standings are the games between its current versions that earlier
    /// nights rated (`carried`) and its own.
    public struct Matchmade: Hashable, Sendable {
        public enum Method: String, Sendable {
            case adaptive
            case settle
        }

        public var method: Method
        public var carried: Int

        public init(method: Method, carried: Int) {
            self.method = method
            self.carried = carried
        }
    }

    /// One game to play: two entries of ``bots`` and the game's round within their pairing
    /// (from 0 to `games_per_pairing - 1`). `first` has the name that sorts first; it creates
    /// the game (and moves first) in even rounds, the other in odd ones.
    public struct Game: Hashable, Sendable {
        public var first: Int
        public var second: Int
        public var round: Int

        public init(first: Int, second: Int, round: Int) {
            self.first = first
            self.second = second
            self.round = round
        }
    }

    /// 1 for the season's first run, then one more for each run that found something changed.
    public var number: Int
    /// When the night began.
    public var startedAt: Date
    /// The schedule index of the night's first game.
    public var firstIndex: Int
    /// The current version of every entry: the tournament file's listed bots first, then the
    /// submissions by name.
    public var bots: [BotEntry]
    /// The games the current versions were missing when the night began (a round robin's), or
    /// those matchmaking chose (``matchmade``).
    public var games: [Game]
    /// A Swiss season's rounds; nil in a round robin's season.
    public var swiss: Swiss?
    /// How matchmaking chose ``games``; nil for a round robin's missing games.
    public var matchmade: Matchmade?
    /// How the night keys its games' fleets by their versions: ``SeasonFleetKeys/names`` for
    /// every new night, ``SeasonFleetKeys/fnv64`` for a night an earlier Salvo wrote.
    public var fleetKeys: SeasonFleetKeys

    public init(
        number: Int, startedAt: Date, firstIndex: Int, bots: [BotEntry], games: [Game], swiss: Swiss? = nil, matchmade: Matchmade? = nil,
        fleetKeys: SeasonFleetKeys = .names
    ) {
        self.number = number
        self.startedAt = startedAt
        self.firstIndex = firstIndex
        self.bots = bots
        self.games = games
        self.swiss = swiss
        self.matchmade = matchmade
        self.fleetKeys = fleetKeys
    }

    /// The schedule indices of the night's games.
    public var indices: Range<Int> { firstIndex..<(firstIndex + (swiss?.games ?? games.count)) }

    /// The number of the night of `nights` that played the game `index` (the last whose
    /// indices hold it); nil when none does (a game outside a season).
    public static func number(ofGame index: Int, in nights: [SeasonNight]) -> Int? {
        nights.last { $0.indices.contains(index) }?.number
    }

    /// The game with schedule index `index`, if it is this night's.
    public func game(at index: Int) -> Game? {
        games.indices.contains(index - firstIndex) ? games[index - firstIndex] : nil
    }

    /// Whether `record` is a game between two current versions: one of the current standings.
    public func isCurrent(_ record: GameRecord) -> Bool {
        record.players.allSatisfy { player in bots.contains { $0.name == player.bot && $0.version == player.version } }
    }

    /// How many games the current versions' whole round robin has: the current standings'
    /// games once every one is played.
    public func roundRobinGames(gamesPerPairing: Int) -> Int {
        bots.count * (bots.count - 1) / 2 * gamesPerPairing
    }

    /// What makes a game the same game in every night: both versions (in name order) and
    /// the round. A season plays each identity once.
    public func identity(of game: Game) -> SeasonGameIdentity {
        SeasonGameIdentity(first: bots[game.first].versionedName, second: bots[game.second].versionedName, round: game.round)
    }
}

/// A game of a season as the versions it is between and its round: `alice@3f9c…` against
/// `bob@77d0…`, round 2. Names sort `first` before `second`.
public struct SeasonGameIdentity: Hashable, Sendable {
    public var first: String
    public var second: String
    public var round: Int
}
