/// Everything a load run measured: per-endpoint requests and latencies, and how games ended.
public struct LoadStatistics: Sendable, Hashable {
    /// Per-endpoint figures; an endpoint that was never called has no entry.
    public internal(set) var endpoints: [Endpoint: EndpointStatistics] = [:]
    /// Games whose creation was attempted.
    public internal(set) var gamesStarted = 0
    /// Games the server declared won.
    public internal(set) var gamesFinished = 0
    /// Games cut short by the end of the run.
    public internal(set) var gamesAbandoned = 0
    /// Games ended by a failed request or a server that broke the rules.
    public internal(set) var gamesFailed = 0
    /// The first failed game's reason.
    public internal(set) var failureExample: String?
    /// Finished games whose winner was not a player or had not hit all 17 ship cells.
    public internal(set) var inconsistentGames = 0
    /// The fewest guesses a winner needed, over finished games (nil before the first).
    public internal(set) var fewestWinnerGuesses: Int?
    /// All guesses of the winners of finished games, and the hits among them.
    public internal(set) var winnerGuesses = 0
    public internal(set) var winnerHits = 0

    public init() {}

    /// Every request of every endpoint.
    public var totalRequests: Int { endpoints.values.reduce(0) { $0 + $1.requests } }
    /// Every failed request.
    public var totalErrors: Int { endpoints.values.reduce(0) { $0 + $1.errorCount } }

    /// Counts one request of `endpoint`.
    public mutating func record(
        _ endpoint: Endpoint, latency: Int64, serviceTime: Int64, error: LoadErrorKind?, detail: @autoclosure () -> String = ""
    ) {
        endpoints[endpoint, default: EndpointStatistics()].record(latency: latency, serviceTime: serviceTime, error: error, detail: detail())
    }

    /// Counts one game, attempted and ended.
    public mutating func record(_ outcome: LoadGameOutcome) {
        gamesStarted += 1
        switch outcome {
        case .finished(_, let guesses, let hits, let consistent):
            gamesFinished += 1
            winnerGuesses += guesses
            winnerHits += hits
            fewestWinnerGuesses = min(fewestWinnerGuesses ?? guesses, guesses)
            if !consistent { inconsistentGames += 1 }
        case .abandoned:
            gamesAbandoned += 1
        case .failed(let reason):
            gamesFailed += 1
            if failureExample == nil { failureExample = reason }
        }
    }

    /// Adds `other`'s figures.
    public mutating func merge(_ other: LoadStatistics) {
        endpoints.merge(other.endpoints) { mine, theirs in
            var merged = mine
            merged.merge(theirs)
            return merged
        }
        gamesStarted += other.gamesStarted
        gamesFinished += other.gamesFinished
        gamesAbandoned += other.gamesAbandoned
        gamesFailed += other.gamesFailed
        failureExample = failureExample ?? other.failureExample
        inconsistentGames += other.inconsistentGames
        if let theirs = other.fewestWinnerGuesses { fewestWinnerGuesses = min(fewestWinnerGuesses ?? theirs, theirs) }
        winnerGuesses += other.winnerGuesses
        winnerHits += other.winnerHits
    }
}
