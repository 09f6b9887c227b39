import BattleshipRules
import Tournament

/// Turns a journal's `GameRecord` into its ``ReplayDocument``. Pure.
public enum ReplayBuilder {
    /// The replay of `record`, a game of the tournament `tournament`.
    public static func replay(of record: GameRecord, tournament: String) -> ReplayDocument {
        let players = PlayerSeat.allCases.map { seat in
            let player = record.player(seat)
            let incoming = record.shots.filter { $0.seat != seat }.map { (cell: Coordinate(x: $0.x, y: $0.y), hit: $0.hit) }
            let fleet = FleetReconstruction(board: player.finalBoard, seed: player.boardSeed, shotsAtPlayer: incoming)
            return ReplayDocument.Player(
                seat: seat.index, bot: player.bot, serverName: player.serverName,
                boardSeed: player.boardSeed.map { String($0) },
                shipCells: fleet.cells?.map { ReplayDocument.Cell(x: $0.x, y: $0.y) },
                ships: fleet.ships?.map {
                    ReplayDocument.Ship(length: $0.length, x: $0.origin.x, y: $0.origin.y, orientation: $0.orientation.rawValue)
                },
                shipsSource: fleet.source, version: player.version
            )
        }
        let winner = record.winner.map { record.player($0).bot }
        return ReplayDocument(
            tournament: tournament, index: record.index, gameId: record.gameId, gameName: record.gameName,
            server: record.server, startedAt: record.startedAt,
            durationMilliseconds: Int(record.durationMilliseconds.rounded()),
            players: players, shots: record.shots,
            outcome: ReplayDocument.Outcome(
                termination: record.termination.rawValue, winnerSeat: record.winner?.index, winner: winner,
                reason: record.reason, forfeitKind: record.forfeitKind?.rawValue
            )
        )
    }
}
