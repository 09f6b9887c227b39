import BattleshipRules

/// A game as the mutant server keeps it: both oceans, whose turn it is, and the winner.
/// Rules are applied by hand here (not through `Game`) so a fault can bend any of them.
struct MutantGame: Sendable {
    struct Player: Sendable {
        let id: String
        let name: String
    }

    let id: String
    let name: String
    let creator: Player
    var joiner: Player?
    /// The creator's ocean, then the joiner's.
    var oceans: [OceanBoard]
    /// 0 for the creator, 1 for the joiner.
    var turn = 0
    var winner: Int?
    var shots = 0
    var renamedWinner: String?

    var status: String {
        joiner == nil ? "WAITING" : (winner == nil ? "PLAYING" : "DONE")
    }

    func seat(of playerId: String) -> Int? {
        if playerId.lowercased() == creator.id { return 0 }
        if let joiner, playerId.lowercased() == joiner.id { return 1 }
        return nil
    }

    func player(_ seat: Int) -> Player? {
        seat == 0 ? creator : joiner
    }
}
