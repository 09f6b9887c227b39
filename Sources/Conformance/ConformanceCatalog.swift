/// Every check of the suite, in the order they run and are printed: reply shapes, bodies,
/// lobby, turns, boards, guesses, the end of a game, the error table, the reference's bugs,
/// then Salvo's extensions where the server advertises them. docs/check.md describes each.
public enum ConformanceCatalog {
    /// All checks.
    public static var all: [ConformanceCheck] {
        keyChecks + bodyChecks + lobbyChecks + turnChecks + boardChecks + guessChecks + endgameChecks + errorChecks + referenceBugChecks
            + extensionChecks
    }

    /// The checks whose id equals one of `selectors` or starts with one followed by a dot
    /// (`guess` selects `guess.out-of-turn`); every check when `selectors` is empty.
    public static func select(_ selectors: [String]) -> [ConformanceCheck] {
        guard !selectors.isEmpty else { return all }
        return all.filter { check in
            selectors.contains { check.id == $0 || check.id.hasPrefix($0.hasSuffix(".") ? $0 : $0 + ".") }
        }
    }

    /// A `{"playerId": id}` body.
    static func player(_ id: String) -> [(String, JSONValue)] {
        [("playerId", .string(id))]
    }
}
