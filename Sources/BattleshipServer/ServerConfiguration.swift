import HTTPGuards

/// Where the server listens and where it keeps its games.
public struct ServerConfiguration: Sendable {
    /// The address to bind, `127.0.0.1` by default.
    public var host: String
    /// The port to bind; 0 picks a free one.
    public var port: Int
    /// The SQLite file, or nil for an in-memory database that is gone when the server stops.
    public var databasePath: String?
    /// Whether every commit waits for an fsync (SQLite `synchronous=FULL`), surviving a power
    /// cut; otherwise (`NORMAL`) a commit survives a crash or kill of the process.
    public var fsyncEveryCommit: Bool
    /// Whether a create, join or guess is answered as soon as it is applied in memory and
    /// queued for the database, instead of after its commit. The database still receives
    /// every change, in order, in group commits at most 10 ms apart, and ``RunningServer/stop()``
    /// waits for the queue; a crash loses at most the last 10 ms or so of changes, never one
    /// from the middle. For the tournament runner's embedded server, whose journal is the run's record
    /// (games in flight at a crash are replayed); `salvo serve` keeps it off.
    public var writeBehind: Bool
    /// Whether the server offers Salvo's `joinToken` extension and lists its extensions at
    /// `GET /api/extensions`; false behaves as a server without them (that endpoint answers
    /// 404 and a `joinToken` is ignored), for trying a client against one. `boardSeed` stays.
    public var offersExtensions: Bool
    /// Where requests are counted and timed, served at `GET /metrics`; nil (the default) for
    /// neither (the embedded server of a run or a test shares its process with others).
    public var metrics: ServerMetrics? = nil
    /// Where every request is logged as a JSON line (``AccessLog``); nil for no access log.
    public var accessLog: AccessLog? = nil
    /// How long a client may take to send each request (a stalled or trickling one, or an
    /// idle keep-alive connection, is closed after it): ``HTTPGuards/RequestDeadline/standard``.
    public var requestDeadline: RequestDeadline = .standard

    /// A configuration; the defaults are those of `salvo serve`.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String? = "salvo.sqlite", fsyncEveryCommit: Bool = false,
        writeBehind: Bool = false, offersExtensions: Bool = true
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.fsyncEveryCommit = fsyncEveryCommit
        self.writeBehind = writeBehind
        self.offersExtensions = offersExtensions
    }
}
