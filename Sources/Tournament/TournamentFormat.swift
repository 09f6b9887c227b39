/// How bots are paired.
public enum TournamentFormat: String, Sendable, Codable, CaseIterable {
    /// Every bot plays every other bot.
    case roundRobin = "round-robin"
    /// The first bot listed plays each of the others; the others do not play each other.
    case gauntlet
}
