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
        /// Shots fired by both seats: the game's length. Not "shots" in the standings' sense,
        /// which is ``winnerShots``.
        public var shots: Int
        /// The winner's own shots: what "shots" means in the standings' shots per win, `salvo
        /// games` and the replay; absent for no result.
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

        public init(index: Int, gameId: String, players: [String], winnerSeat: Int?, termination: String, forfeitKind: String?, reason: String?, shots: Int, durationMilliseconds: Int, attempts: Int, replayJSON: String?, replayHTML: String) {
            self.index = index
            self.gameId = gameId
            self.players = players
            self.winnerSeat = winnerSeat
            self.winner = winnerSeat.flatMap { players.indices.contains($0) ? players[$0] : nil }
            self.termination = termination
            self.forfeitKind = forfeitKind
            self.reason = reason
            self.shots = shots
            self.durationMilliseconds = durationMilliseconds
            self.attempts = attempts
            self.replayJSON = replayJSON
            self.replayHTML = replayHTML
        }
    }
}
