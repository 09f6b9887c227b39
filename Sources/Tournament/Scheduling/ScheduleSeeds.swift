import BattleshipRules
import Bots
import Digests

/// The seeds of a tournament's games, derived from its configuration alone: each fleet's
/// `boardSeed` and each bot's seed. Every format's scheduler asks here, so a game's seeds
/// depend on where it sits in the schedule, never on which format put it there.
public enum ScheduleSeeds {
    /// The two fleets' seeds of the `duo`-th mirrored pair of games of `pairing`: the two
    /// games of a pair share them, with the roles swapped.
    public static func fleetSeeds(_ config: TournamentConfig, pairing: Int, duo: Int) -> (UInt64, UInt64) {
        switch config.context.seedDerivation {
        case .keyed:
            return (
                GameSeeds.derive(key: config.seedKeyMaterial, label: "fleet", UInt64(pairing), UInt64(duo), 0),
                GameSeeds.derive(key: config.seedKeyMaterial, label: "fleet", UInt64(pairing), UInt64(duo), 1)
            )
        case .mixed:
            var generator = SeededGenerator(seed: mix(config.seed, UInt64(pairing), UInt64(duo)))
            return (generator.next(), generator.next())
        }
    }

    /// The two fleets' seeds of a season's game: keyed with the run's secret by both versions
    /// and the mirrored pair (`round / 2`), never by where the game sits in a night, so that a
    /// new version meets fresh fleets and the same two versions always the same ones. `keys`
    /// is how the night that plays the game names the versions (``SeasonFleetKeys``).
    public static func seasonFleetSeeds(_ config: TournamentConfig, identity: SeasonGameIdentity, keys: SeasonFleetKeys) -> (UInt64, UInt64) {
        let duo = UInt64(identity.round / 2)
        switch keys {
        case .names:
            let names = [identity.first, identity.second]
            return (
                GameSeeds.derive(key: config.seedKeyMaterial, label: "season-fleet-names", texts: names, duo, 0),
                GameSeeds.derive(key: config.seedKeyMaterial, label: "season-fleet-names", texts: names, duo, 1)
            )
        case .fnv64:
            let first = fnv1a(identity.first)
            let second = fnv1a(identity.second)
            return (
                GameSeeds.derive(key: config.seedKeyMaterial, label: "season-fleet", first, second, duo, 0),
                GameSeeds.derive(key: config.seedKeyMaterial, label: "season-fleet", first, second, duo, 1)
            )
        }
    }

    /// FNV-1a (64 bits, ``Digests/FNV1a64``) of a text's bytes: how the nights of journals
    /// before ``SeasonFleetKeys/names`` turned a versioned name into a number, kept to replay them.
    static func fnv1a(_ text: String) -> UInt64 {
        FNV1a64.hash(text)
    }

    /// The seed given to the bot in `seat` of game `index` (`salvo rematch` gives it again).
    public static func botSeed(_ config: TournamentConfig, index: Int, seat: PlayerSeat) -> UInt64 {
        switch config.context.seedDerivation {
        case .keyed: GameSeeds.derive(key: config.seedKeyMaterial, label: "bot", UInt64(index), UInt64(seat.index))
        case .mixed: mix(config.seed, UInt64(index), UInt64(seat.index) &+ 0xB07)
        }
    }

    /// The game at `index` of `pairing`'s `duo`-th mirrored pair, between `pair`'s two bots:
    /// the first creates it (and moves first) unless `swapped`; its fleets' and bots' seeds
    /// derived here. The one place a ``ScheduledGame`` is made.
    /// A season's game takes `fleets` from ``seasonFleetSeeds(_:identity:)`` instead, so that
    /// every pair of versions meets on fleets of its own.
    public static func game(
        _ config: TournamentConfig, index: Int, pairing: Int, duo: Int, pair: (Int, Int), swapped: Bool, fleets: (UInt64, UInt64)? = nil
    ) -> ScheduledGame {
        let (creatorFleet, joinerFleet) = fleets ?? fleetSeeds(config, pairing: pairing, duo: duo)
        return ScheduledGame(
            index: index, pairing: pairing, duo: duo,
            creator: swapped ? pair.1 : pair.0, joiner: swapped ? pair.0 : pair.1,
            creatorSeed: creatorFleet, joinerSeed: joinerFleet,
            botSeeds: [botSeed(config, index: index, seat: .one), botSeed(config, index: index, seat: .two)]
        )
    }

    /// The seed derivation of journals before ``SeedDerivation/keyed``: independent streams per
    /// tuple, but invertible.
    static func mix(_ values: UInt64...) -> UInt64 {
        var generator = SeededGenerator(seed: 0x5A17_0000_0000_0000)
        var state: UInt64 = 0
        for value in values {
            state = (state ^ value) &* 0x9E37_79B9_7F4A_7C15
            state ^= generator.next()
        }
        return state
    }
}
