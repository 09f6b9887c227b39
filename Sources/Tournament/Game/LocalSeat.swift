import BattleshipAPI
import BattleshipClient
import BattleshipRules
import Bots

/// One seat of a game that this runner plays: its bot, its player's client and id, and how
/// many of the opponent's shots the bot has been told. ``SeatsInOneTask`` and
/// ``PollingSeats`` decide when a seat polls and fires; a turn itself is played here, the
/// same way in both.
struct LocalSeat: Sendable {
    let seat: PlayerSeat
    let gameId: String
    let playerId: String
    /// The player's own client, so that each side's requests are counted apart.
    let client: BattleshipAPIClient
    var bot: any Bot
    /// The opponent's shots the bot has been told so far.
    private var heard = 0

    init(seat: PlayerSeat, gameId: String, playerId: String, client: BattleshipAPIClient, bot: any Bot) {
        self.seat = seat
        self.gameId = gameId
        self.playerId = playerId
        self.client = client
        self.bot = bot
    }

    /// The seat's view of the game: `POST /status`, retried on transient failures.
    func status() async throws -> TurnStatus {
        try await client.status(gameId: gameId, playerId: playerId)
    }

    /// Plays the seat's turn: tells the bot the opponent's shots since its last turn, asks
    /// it for its shot, fires it, records the accepted shot in `log` and tells the bot its
    /// result.
    ///
    /// - Throws: ``Bots/BotFault`` when the bot fails, ``BattleshipClient/BattleshipClientError``
    ///   when the server or the network does (``BattleshipClient/BattleshipClientError/cancelled``
    ///   when the game is stopped).
    mutating func playTurn(log: ShotLog) async throws {
        let news = await log.opponentShots(of: seat, from: heard)
        heard = news.cursor
        for shot in news.shots {
            try await bot.opponentFired(at: Coordinate(x: shot.x, y: shot.y), result: ShotResult(hit: shot.hit, sunkLength: shot.sunk))
        }
        let cell = try await bot.nextShot()
        let outcome = try await client.guess(gameId: gameId, playerId: playerId, at: cell)
        await log.append(seat: seat, cell: cell, result: outcome.result)
        try await bot.record(cell, result: outcome.result)
    }

    /// How a seat ended that `error` stopped: the bot's fault is a forfeit, unless the host
    /// failed the bot (its sandbox could not start it); anything else, a server's or the
    /// network's failure, is never charged to the bot.
    static func end(after error: any Error) -> SeatEnd {
        switch error {
        case let fault as BotFault: fault.isHostFault ? .hostFault(fault.description) : .forfeit(fault)
        case is CancellationError, BattleshipClientError.cancelled: .cancelled
        default: Task.isCancelled ? .cancelled : .failed("\(error)")
        }
    }
}
