import BattleshipAPI
import BattleshipRules

extension FleetPlacement {
    /// The wire form of `fleet`, for the `fleet` extension of create and join.
    public init(_ fleet: Fleet) {
        self.init(
            ships: fleet.ships.map {
                Ship(length: $0.length, x: $0.origin.x, y: $0.origin.y, orientation: $0.orientation.rawValue)
            })
    }
}
