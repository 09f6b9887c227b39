import Bots

/// What a load run does: whom it targets, when it stops, how many games at once, at what rate.
public struct LoadSettings: Sendable, Hashable {
    /// When a run ends.
    public enum Stop: Sendable, Hashable {
        /// After this many games were attempted and each has ended.
        case games(Int)
        /// This long after the start; games still in flight are abandoned.
        case duration(Duration)
    }

    /// The server's root URL, without `/api`. Nothing else is ever sent a request.
    public var serverURL: String
    /// When the run ends.
    public var stop: Stop
    /// Games in flight at once (in single-endpoint mode: request loops, one game each).
    public var concurrency: Int
    /// Open-loop rate in requests per second over the whole run, or nil for closed loop
    /// (every game sends its next request as soon as the last one is answered).
    public var requestsPerSecond: Double?
    /// The strategy of both players of every game.
    public var bot: BuiltInBot
    /// nil to play whole games; otherwise hammer this one read-only endpoint (status, board
    /// or detail) of `concurrency` games created and joined first.
    public var endpoint: Endpoint?
    /// Seeds the boards (Salvo's server honours `boardSeed`) and the bots' choices.
    public var seed: UInt64
    /// The deadline of each request.
    public var requestTimeout: Duration
    /// One in this many games looks at the lobby (`GET /api/games`, which lists every game on
    /// the server) before joining; 0 never.
    public var listEvery: Int

    /// The endpoints `--endpoint` accepts: reads that change nothing, so they can be repeated.
    public static let repeatableEndpoints: [Endpoint] = [.status, .board, .detail]

    public init(
        serverURL: String,
        stop: Stop = .duration(.seconds(10)),
        concurrency: Int = 16,
        requestsPerSecond: Double? = nil,
        bot: BuiltInBot = .huntTarget,
        endpoint: Endpoint? = nil,
        seed: UInt64 = 1,
        requestTimeout: Duration = .seconds(5),
        listEvery: Int = 20
    ) {
        var root = serverURL
        while root.hasSuffix("/") { root.removeLast() }
        self.serverURL = root
        self.stop = stop
        self.concurrency = concurrency
        self.requestsPerSecond = requestsPerSecond
        self.bot = bot
        self.endpoint = endpoint
        self.seed = seed
        self.requestTimeout = requestTimeout
        self.listEvery = listEvery
    }
}
