/// The one thing a ``MutantServer`` does wrong; `.none` is a faithful server.
public enum MutantFault: String, Sendable, CaseIterable {
    /// Faithful to the API, fixing the reference's bugs as Salvo's server does.
    case none
    /// Status answers `isMyTurn` instead of `isYourTurn`.
    case renamedTurnKey
    /// After the join the joiner moves first.
    case joinerMovesFirst
    /// A guess off the grid is accepted as a miss.
    case acceptsOffGridGuess
    /// An unknown (well-formed) game id gets a 200 reply on every route.
    case unknownGameAnswers200
    /// `opponentBoard` shows the opponent's unhit ships as SHIP.
    case leaksOpponentShips
    /// A guess out of turn is applied like any other.
    case appliesOutOfTurnGuesses
    /// A guess out of turn is refused with "Not your turn", but lands all the same.
    case refusesButAppliesOutOfTurnGuesses
    /// `shipSunk` is 1 instead of the sunk ship's length.
    case wrongSunkLength
    /// `winner` is the winner's player id instead of its name.
    case winnerIsPlayerId
    /// `GET /api/games` keeps listing a started game as WAITING.
    case listsPlayingAsWaiting
    /// Reference bug: `Player id is not a valid GUID` as a plain-text body.
    case plainTextPlayerIdError
    /// Reference bug: a `playerId` sent as a number fails the server (its GUID test throws on a
    /// non-string) with a 500 HTML page; the plain-text error otherwise.
    case numericPlayerIdCrashes
    /// Reference bug: unknown routes answer 404 with an HTML page.
    case htmlNotFound
    /// Reference bug: after the end the loser is told `isYourTurn: true`.
    case loserToldToMove
    /// Reference bug: a second guess at a hit answers 418 and ends the game.
    case teapot
    /// Every `POST /api/games` answers 500 and creates nothing.
    case createFails
    /// Every join answers 500 and seats nobody.
    case joinFails
    /// Every guess answers 500 and lands nowhere.
    case guessFails
    /// Advertises Salvo's `fleet` extension at `GET /api/extensions` and ignores every
    /// placed fleet (each player gets a random one). The faithful mutant advertises nothing.
    case ignoresPlacedFleets
}
