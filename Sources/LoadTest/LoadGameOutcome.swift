/// How one game of a load test ended.
public enum LoadGameOutcome: Sendable, Hashable {
    /// The server named a winner. `winnerHits` is how many of the winner's guesses the
    /// server answered as hits; `consistent` is false when the named winner is neither player
    /// or did not hit all 17 ship cells.
    case finished(winnerSeat: Int?, winnerGuesses: Int, winnerHits: Int, consistent: Bool)
    /// The run ended (duration reached, or stopped) before the game did.
    case abandoned
    /// A request failed or the server broke the rules of play; the reason says which.
    case failed(reason: String)
}
