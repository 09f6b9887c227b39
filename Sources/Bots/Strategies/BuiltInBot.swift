import BattleshipRules

/// The built-in strategies, by the names used wherever a bot is named (CLI, tournament files).
public enum BuiltInBot: String, CaseIterable, Hashable, Sendable {
    /// Random unshot cells: about 95.4 shots per fleet.
    case random
    /// Random hunt, then neighbours of hits, then along the line: about 66.
    case huntTarget = "hunt-target"
    /// Hunt/target hunting on a checkerboard: about 61.
    case parity
    /// Probability density of ship positions: 44.8 or less.
    case density
    /// Salvo's own: fewer shots than density.
    case champion
    /// Champion's targeting, and, where the tournament lets bots place (`placement: bots`),
    /// its fleet where this opponent has fired late in earlier games (``PlacementStrategy/adaptive``).
    case admiral

    /// How this built-in places its fleet when a tournament lets bots place; nil for the
    /// built-ins that take their seed's fleet.
    public var placement: PlacementStrategy? {
        self == .admiral ? .adaptive : nil
    }

    /// A bot playing this strategy with random choices from `seed`; a placing built-in keeps
    /// what it learns of opponents in `memory` (one per entry and run).
    public func makeBot(seed: UInt64, memory: OpponentMemory? = nil) -> any Bot {
        switch self {
        case .random: StrategyBot<RandomStrategy>(name: rawValue, seed: seed)
        case .huntTarget: StrategyBot<HuntTargetStrategy>(name: rawValue, seed: seed)
        case .parity: StrategyBot<ParityStrategy>(name: rawValue, seed: seed)
        case .density: StrategyBot<DensityStrategy>(name: rawValue, seed: seed)
        case .champion: StrategyBot<ChampionStrategy>(name: rawValue, seed: seed)
        case .admiral: StrategyBot<ChampionStrategy>(name: rawValue, seed: seed, placement: placement, memory: memory)
        }
    }

    /// Plays one solo game synchronously (no async calls) and returns its shots.
    public func playSolo(against fleet: Fleet, seed: UInt64) -> Int {
        switch self {
        case .random: Self.play(RandomStrategy.self, fleet, seed)
        case .huntTarget: Self.play(HuntTargetStrategy.self, fleet, seed)
        case .parity: Self.play(ParityStrategy.self, fleet, seed)
        case .density: Self.play(DensityStrategy.self, fleet, seed)
        case .champion, .admiral: Self.play(ChampionStrategy.self, fleet, seed)
        }
    }

    /// Plays one solo game synchronously and returns its shots in the order fired.
    public func soloShots(against fleet: Fleet, seed: UInt64) -> [Coordinate] {
        switch self {
        case .random: Self.shots(RandomStrategy.self, fleet, seed)
        case .huntTarget: Self.shots(HuntTargetStrategy.self, fleet, seed)
        case .parity: Self.shots(ParityStrategy.self, fleet, seed)
        case .density: Self.shots(DensityStrategy.self, fleet, seed)
        case .champion, .admiral: Self.shots(ChampionStrategy.self, fleet, seed)
        }
    }

    private static func shots<S: Strategy>(_ type: S.Type, _ fleet: Fleet, _ seed: UInt64) -> [Coordinate] {
        var strategy = S(seed: seed)
        return SoloGame.shots(&strategy, against: fleet)
    }

    private static func play<S: Strategy>(_ type: S.Type, _ fleet: Fleet, _ seed: UInt64) -> Int {
        var strategy = S(seed: seed)
        return SoloGame.play(&strategy, against: fleet)
    }
}
