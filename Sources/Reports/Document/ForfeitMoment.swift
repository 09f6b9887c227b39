import Tournament

/// When a bot forfeited, in moves: the shot it was to fire (its own count, from 1) and the
/// game's move (both seats' shots, from 1). A forfeit happens while the forfeiting bot is
/// asked for its shot, told a result, or told the opponent's shot; in every case the next
/// accepted shot would have been its own next one, so the move is the first shot it never
/// fired. A bot that could not be started forfeits at launch, before any shot.
public struct ForfeitMoment: Hashable, Sendable {
    /// The seat that forfeited.
    public var seat: Int
    /// The forfeiting bot's shot that never came: its shots fired plus one.
    public var ownShot: Int
    /// The game's move that never came: all shots fired plus one.
    public var gameMove: Int
    /// Whether the bot forfeited at launch (`launch` kind), before the game began.
    public var atLaunch: Bool

    public init(seat: Int, ownShot: Int, gameMove: Int, atLaunch: Bool) {
        self.seat = seat
        self.ownShot = ownShot
        self.gameMove = gameMove
        self.atLaunch = atLaunch
    }

    /// The moment of `record`'s forfeit; nil when the game was not a forfeit.
    public init?(_ record: GameRecord) {
        guard record.termination == .forfeit, let loser = record.loser else { return nil }
        self.init(
            seat: loser.index, ownShot: record.shotCount(of: loser) + 1, gameMove: record.shots.count + 1,
            atLaunch: record.forfeitKind == .launch
        )
    }

    /// `at launch, before its first shot` or `at its shot 5 (move 10 of the game)`.
    public var description: String {
        atLaunch ? "at launch, before its first shot" : "at its shot \(ownShot) (move \(gameMove) of the game)"
    }
}
