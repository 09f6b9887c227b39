import BattleshipAPI

extension ReplayDocument {
    /// One seat of the game and its fleet.
    public struct Player: Hashable, Sendable, Codable {
        public var seat: Int
        /// The bot's display name in the tournament.
        public var bot: String
        /// A season's game: the version of the submission that played this seat (its folder's
        /// digest, ``Tournament/PlayerRecord/version``); absent for a listed bot and outside a
        /// season.
        public var version: String?
        /// The name the server knew the player by.
        public var serverName: String
        /// The `boardSeed` sent with create or join, in decimal, as a string (it may exceed
        /// what a JSON number keeps exactly); absent when none was sent.
        public var boardSeed: String?
        /// The cells this player's ships covered, in row order; absent when the board could
        /// not be read and the seed does not explain the shots.
        public var shipCells: [Cell]?
        /// The ships one by one, when they can be told apart (see `shipsSource`).
        public var ships: [Ship]?
        /// Where `ships` came from: `seed` (the seeded fleet, checked against the board or
        /// against every shot fired at it) or `board` (the only way to split `shipCells`
        /// into the fleet 5-4-3-3-2); absent with `ships`.
        public var shipsSource: String?

        public init(
            seat: Int, bot: String, serverName: String, boardSeed: String?, shipCells: [Cell]?, ships: [Ship]?, shipsSource: String?,
            version: String? = nil
        ) {
            self.seat = seat
            self.bot = bot
            self.version = version
            self.serverName = serverName
            self.boardSeed = boardSeed
            self.shipCells = shipCells
            self.ships = ships
            self.shipsSource = shipsSource
        }
    }

    /// A cell of the grid: `x` the column, `y` the row, both 0...9.
    public struct Cell: Hashable, Sendable, Codable, Comparable {
        public var x: Int
        public var y: Int

        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }

        /// Row order, as the wire's board lists.
        public static func < (a: Cell, b: Cell) -> Bool { (a.y, a.x) < (b.y, b.x) }
    }

    /// One ship: `length` cells from its top-left cell (`x`, `y`) rightwards (`horizontal`)
    /// or downwards (`vertical`), as the `fleet` extension sends it.
    public typealias Ship = FleetPlacement.Ship
}
