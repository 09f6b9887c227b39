import BattleshipRules

/// The lines of the bot protocol (bots/PROTOCOL.md): formatting what Salvo sends and
/// parsing what a bot answers.
enum ProtocolLine {
    static let version = 1

    static func hello() -> String { "salvo \(version)" }

    static func newGame(_ game: GameStart, seed: UInt64) -> String {
        let lengths = game.fleetLengths.map(String.init).joined(separator: ",")
        let line = "new-game \(game.boardSize) \(lengths) \(game.movesFirst ? "first" : "second") \(seed)"
        // The opponent's name last, to the end of the line: older bots read the words before it.
        guard let opponent = game.opponent else { return line }
        return line + " opponent " + opponent
    }

    static let yourTurn = "your-turn"

    /// The feature a bot that places its own fleet announces at the handshake (`supports place`).
    static let placeFeature = "place"

    /// The features in `supports <feature>...`, or nil when the line is not one.
    static func parseSupports(_ line: String) -> [String]? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.first == "supports" else { return nil }
        return words.dropFirst().map(String.init)
    }

    /// `place-fleet <size> <lengths> <seed>`: asks a bot for its fleet.
    static func placeFleet(boardSize: Int, lengths: [Int], seed: UInt64) -> String {
        "place-fleet \(boardSize) \(lengths.map(String.init).joined(separator: ",")) \(seed)"
    }

    /// The ships of `fleet <length> <x> <y> <h|v> ...`, four words per ship; nil when the line
    /// is not such (the ships themselves are checked by the rules).
    static func parseFleet(_ line: String) -> [ShipPlacement]? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.first == "fleet" else { return nil }
        return Fleet.ships(words: words.dropFirst())
    }

    static func result(_ cell: Coordinate, _ result: ShotResult) -> String {
        "result \(cell.x) \(cell.y) \(word(result))"
    }

    static func opponentShot(_ cell: Coordinate, _ result: ShotResult) -> String {
        "opponent-shot \(cell.x) \(cell.y) \(word(result))"
    }

    static func gameOver(_ outcome: GameOutcome) -> String { "game-over \(outcome.protocolWord)" }

    static let quit = "quit"

    private static func word(_ result: ShotResult) -> String {
        switch result {
        case .miss: "miss"
        case .hit: "hit"
        case .sunk(let length): "sunk \(length)"
        }
    }

    /// The name in `name <name>`, or nil.
    static func parseName(_ line: String) -> String? {
        let trimmed = line.trimmingSpaces
        guard trimmed.hasPrefix("name "), trimmed.count > 5 else { return nil }
        let name = String(trimmed.dropFirst(5)).trimmingSpaces
        return name.isEmpty ? nil : name
    }

    /// Whether the line is `ready`.
    static func isReady(_ line: String) -> Bool { line.trimmingSpaces == "ready" }

    /// The cell in `shot <x> <y>` (integers, possibly off the grid), or nil when malformed.
    static func parseShot(_ line: String) -> Coordinate? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 3, words[0] == "shot", let x = Int(words[1]), let y = Int(words[2]) else { return nil }
        return Coordinate(x: x, y: y)
    }
}

extension String {
    var trimmingSpaces: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view.removeFirst() }
        while let last = view.last, last == " " || last == "\t" { view.removeLast() }
        return String(view)
    }
}
