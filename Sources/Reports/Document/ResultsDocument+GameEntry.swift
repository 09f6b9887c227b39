extension ResultsDocument {
    /// One game of the index: the record that counts for a scheduled game (its rated
    /// attempt, or its last attempt when none was rated).
    public struct GameEntry: Hashable, Sendable, Codable {
        /// The game's place in the schedule.
        public var index: Int
        /// The id the server gave the game (any text; not used in file names).
        public var gameId: String
        /// The bots in seat order: `players[0]` created the game and moved first.
        public var players: [String]
        /// The winner's seat; absent for no result.
        public var winnerSeat: Int?
        /// The winner's name; absent for no result.
        public var winner: String?
        /// `win`, `forfeit` or `no-result`.
        public var termination: String
        /// For a forfeit, the fault's kind.
        public var forfeitKind: String?
        /// Why a forfeit or no result happened.
        public var reason: String?
        /// The game's moves: the shots of both seats together, its length. "Shots" as a count
        /// is always one player's (``winnerShots``, the standings' shots per win); results.json
        /// of Salvo 0.3 (schemaVersion 1) called this `shots`, which is still read.
        public var moves: Int
        /// The winner's own shots: its shots to win when it sank the fleet, what the standings'
        /// shots per win, `salvo games` and the replay count; absent for no result.
        public var winnerShots: Int?
        public var durationMilliseconds: Int
        /// How many times the game was played (more than 1 after no-result attempts).
        public var attempts: Int
        /// The replay as a file of its own (`replays/NNNN.json`), relative to the folder of
        /// results.json; absent unless the report was written with `--replay-files` (`salvo
        /// replay N --format json` gives any game's).
        public var replayJSON: String?
        /// The replay in the viewer (`replays/viewer.html#game=N`), relative to the folder of
        /// results.json.
        public var replayHTML: String
        /// A season's game: the version of each seat's bot, in seat order (`""` for a listed
        /// bot); absent outside a season.
        public var versions: [String]?
        /// A season's game: the number of the night that played it (``Tournament/SeasonNight``);
        /// absent outside a season.
        public var night: Int?
        /// False for a season's game that is not in the current standings (an earlier
        /// version's, or a retired entry's): in the history and the list of games, with its
        /// replay, but not counted; absent for a game the standings count.
        public var countsInStandings: Bool?

        public init(
            index: Int, gameId: String, players: [String], winnerSeat: Int?, termination: String, forfeitKind: String?, reason: String?, moves: Int,
            durationMilliseconds: Int, attempts: Int, replayJSON: String?, replayHTML: String
        ) {
            self.index = index
            self.gameId = gameId
            self.players = players
            self.winnerSeat = winnerSeat
            self.winner = winnerSeat.flatMap { players.indices.contains($0) ? players[$0] : nil }
            self.termination = termination
            self.forfeitKind = forfeitKind
            self.reason = reason
            self.moves = moves
            self.durationMilliseconds = durationMilliseconds
            self.attempts = attempts
            self.replayJSON = replayJSON
            self.replayHTML = replayHTML
        }
    }
}

extension ResultsDocument.GameEntry {
    enum CodingKeys: String, CodingKey {
        case index, gameId, players, winnerSeat, winner, termination, forfeitKind, reason, moves, winnerShots
        case durationMilliseconds, attempts, replayJSON, replayHTML, versions, night, countsInStandings
    }

    /// The name results.json of Salvo 0.3 (schemaVersion 1), and of 0.4 builds before the
    /// rename, gave ``moves``.
    enum LegacyKeys: String, CodingKey {
        case shots
    }

    /// Reads a game of results.json: its length from `moves`, or from `shots` in older files.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(Int.self, forKey: .index)
        gameId = try container.decode(String.self, forKey: .gameId)
        players = try container.decode([String].self, forKey: .players)
        winnerSeat = try container.decodeIfPresent(Int.self, forKey: .winnerSeat)
        winner = try container.decodeIfPresent(String.self, forKey: .winner)
        termination = try container.decode(String.self, forKey: .termination)
        forfeitKind = try container.decodeIfPresent(String.self, forKey: .forfeitKind)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        if let moves = try container.decodeIfPresent(Int.self, forKey: .moves) {
            self.moves = moves
        } else if let shots = try decoder.container(keyedBy: LegacyKeys.self).decodeIfPresent(Int.self, forKey: .shots) {
            moves = shots
        } else {
            // Neither: the error names the member this Salvo writes.
            moves = try container.decode(Int.self, forKey: .moves)
        }
        winnerShots = try container.decodeIfPresent(Int.self, forKey: .winnerShots)
        durationMilliseconds = try container.decode(Int.self, forKey: .durationMilliseconds)
        attempts = try container.decode(Int.self, forKey: .attempts)
        replayJSON = try container.decodeIfPresent(String.self, forKey: .replayJSON)
        replayHTML = try container.decode(String.self, forKey: .replayHTML)
        versions = try container.decodeIfPresent([String].self, forKey: .versions)
        night = try container.decodeIfPresent(Int.self, forKey: .night)
        countsInStandings = try container.decodeIfPresent(Bool.self, forKey: .countsInStandings)
    }
}
