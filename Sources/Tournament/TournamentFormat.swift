/// How bots are paired.
public enum TournamentFormat: String, Hashable, Sendable, CaseIterable {
    /// Every bot plays every other bot.
    case roundRobin = "round-robin"
    /// The first bot listed plays each of the others; the others do not play each other.
    case gauntlet
    /// Rounds in which bots of equal or nearest scores meet (``SwissPairing``); how many is
    /// ``TournamentConfig/rounds``. Each round is paired once the one before has finished.
    case swiss
}
