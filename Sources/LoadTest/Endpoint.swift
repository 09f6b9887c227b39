/// The seven endpoints of the Battleship API, as the load test counts them.
public enum Endpoint: String, CaseIterable, Sendable, Hashable, Codable, Comparable {
    /// `POST /api/games`
    case create
    /// `POST /api/games/:id/join`
    case join
    /// `POST /api/games/:id/guess`
    case guess
    /// `POST /api/games/:id/status`
    case status
    /// `POST /api/games/:id/board`
    case board
    /// `GET /api/games`
    case list
    /// `GET /api/games/:id`
    case detail

    /// The method and route, such as `POST /api/games/:id/guess`.
    public var route: String {
        switch self {
        case .create: "POST /api/games"
        case .join: "POST /api/games/:id/join"
        case .guess: "POST /api/games/:id/guess"
        case .status: "POST /api/games/:id/status"
        case .board: "POST /api/games/:id/board"
        case .list: "GET /api/games"
        case .detail: "GET /api/games/:id"
        }
    }

    /// Declaration order, which is the order of the report's rows.
    public static func < (lhs: Endpoint, rhs: Endpoint) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
