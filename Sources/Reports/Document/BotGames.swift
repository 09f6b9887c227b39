import BattleshipRules
import Bots
import Tournament

/// What a bot's page (``BotPage``) shows of its games, folded one game at a time, so a report
/// never holds every record at once: a short row per game (at most ``BotPage/gameRowLimit``),
/// the forfeits (the first ``BotPage/forfeitDetailLimit`` in full, then short rows), the two
/// heat maps of first shots, the games without result, and the game the rematch example
/// replays. Games come in schedule order, each game's counting record once.
public struct BotGames: Sendable {
    /// One game of the games table, in 32 bytes (a report of 400,000 games keeps 800,000).
    public struct Row: Hashable, Sendable {
        private var storedIndex: Int32
        public var opponent: String
        private var storedSeat: UInt8
        /// True won, false lost, nil no result.
        public var won: Bool?
        public var termination: Termination
        public var forfeitKind: ForfeitKind?
        private var storedShots: UInt16

        init(index: Int, opponent: String, seat: Int, won: Bool?, termination: Termination, forfeitKind: ForfeitKind?, shots: Int) {
            storedIndex = Int32(clamping: index)
            self.opponent = opponent
            storedSeat = UInt8(clamping: seat)
            self.won = won
            self.termination = termination
            self.forfeitKind = forfeitKind
            storedShots = UInt16(clamping: shots)
        }

        public var index: Int { Int(storedIndex) }
        /// The bot's seat: 0 moved first.
        public var seat: Int { Int(storedSeat) }
        /// Shots the bot fired.
        public var shots: Int { Int(storedShots) }
    }

    /// A forfeit shown in full: its reason and the end of the bot's stderr.
    public struct ForfeitDetail: Hashable, Sendable {
        public var index: Int
        public var kind: String
        public var opponent: String
        public var moment: ForfeitMoment?
        public var reason: String?
        public var stderrTail: String?
    }

    /// A forfeit listed in short.
    public struct ForfeitRow: Hashable, Sendable {
        public var index: Int
        public var kind: String
        public var moment: ForfeitMoment?
    }

    public let bot: String
    /// Games played (the counting record of each), every one counted.
    public private(set) var total = 0
    /// The first ``BotPage/gameRowLimit`` games, in schedule order.
    public private(set) var rows: [Row] = []
    public private(set) var noResult = 0
    public private(set) var forfeitCount = 0
    public private(set) var forfeitDetails: [ForfeitDetail] = []
    public private(set) var forfeitRows: [ForfeitRow] = []
    public private(set) var firstShots: FirstShotHeatMap
    public private(set) var openingShots: FirstShotHeatMap
    /// The first game the bot lost, else its first game: the rematch example.
    public private(set) var firstLoss: Int?
    public private(set) var firstGame: Int?

    public init(bot: String) {
        self.bot = bot
        firstShots = FirstShotHeatMap(shotsPerGame: 1)
        openingShots = FirstShotHeatMap(shotsPerGame: BotPage.openingShots)
    }

    /// The summary of `records` (the counting record of each of the bot's games, in schedule order).
    public init(bot: String, records: [GameRecord]) {
        self.init(bot: bot)
        for record in records { add(record) }
    }

    /// Folds in `record`, a game the bot played (once, even against itself).
    public mutating func add(_ record: GameRecord) {
        guard let seat = record.players.firstIndex(where: { $0.bot == bot }) else { return }
        total += 1
        if firstGame == nil { firstGame = record.index }
        let lost = record.loser.map { record.player($0).bot == bot } == true
        if lost && firstLoss == nil { firstLoss = record.index }
        if record.termination == .noResult { noResult += 1 }
        firstShots.add(record, bot: bot)
        openingShots.add(record, bot: bot)
        let opponent = record.players.first { $0.bot != bot }?.bot ?? bot
        if rows.count < BotPage.gameRowLimit {
            let won = record.winner.map { $0.index == seat }
            rows.append(
                Row(
                    index: record.index, opponent: opponent, seat: seat, won: won, termination: record.termination,
                    forfeitKind: record.forfeitKind, shots: record.shots.count { $0.seat.index == seat }
                ))
        }
        if record.termination == .forfeit && lost {
            forfeitCount += 1
            let kind = record.forfeitKind?.rawValue ?? "unknown"
            if forfeitDetails.count < BotPage.forfeitDetailLimit {
                let winner = record.winner.map { record.player($0).bot } ?? "?"
                forfeitDetails.append(
                    ForfeitDetail(
                        index: record.index, kind: kind, opponent: winner, moment: ForfeitMoment(record),
                        reason: record.reason, stderrTail: record.stderrTail
                    ))
            } else if forfeitRows.count < BotPage.forfeitRowLimit {
                forfeitRows.append(ForfeitRow(index: record.index, kind: kind, moment: ForfeitMoment(record)))
            }
        }
    }

    /// The game of the rematch example: the first lost, else the first played.
    public var rematchExample: Int? { firstLoss ?? firstGame }
}
