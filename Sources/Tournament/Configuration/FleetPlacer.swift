/// Who places each player's fleet in a tournament (`placement:` in the tournament file).
public enum FleetPlacer: String, Hashable, Sendable, CaseIterable {
    /// The server, from each game's seeded `boardSeed` (every tournament before bots could
    /// place, and the default): the two games of a mirrored pair share their fleets.
    case server
    /// Each bot that announces `supports place` places its own fleet for each game; any other
    /// bot gets the fleet of the game's seed, as with `server`. Needs a server that offers the
    /// `fleet` extension (Salvo's own does; docs/server.md).
    case bots
}
