/// How long an external bot's process lives.
public enum RestartPolicy: String, Hashable, Sendable, CaseIterable {
    /// One process plays many games, each begun with `new-game` (the default, as in
    /// cutechess-cli and fastchess): a bot pays for its start-up once, not every game. A
    /// process never plays both games of a mirrored pair (``BotProcessPool``).
    case reuse
    /// A new process for every game.
    case perGame = "per-game"
}
