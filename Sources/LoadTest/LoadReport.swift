import DurationUnits
import Foundation
import JSONCoding
import SalvoVersion

/// The report of a load run, as written to `load.json` (schema `salvo-load/1`, described in
/// docs/load.md) and shown in the final table and `load.html`.
///
/// Latencies are in milliseconds. Percentiles come from HdrHistograms (3 significant
/// digits, so each is within 0.1% of the exact value); `max` and `mean` are exact.
public struct LoadReport: Codable, Sendable, Hashable {
    /// Latency figures of one endpoint, in milliseconds.
    public struct Percentiles: Codable, Sendable, Hashable {
        public var p50: Double
        public var p90: Double
        /// Absent in reports from before it (Salvo 0.3).
        public var p95: Double?
        public var p99: Double
        public var p999: Double
        public var max: Double
        public var mean: Double
        /// The standard deviation, from the histogram (within its 0.1%); absent in reports from before it.
        public var stdev: Double?

        enum CodingKeys: String, CodingKey {
            case p50, p90, p95, p99
            case p999 = "p99.9"
            case max, mean, stdev
        }

        init(_ histogram: LatencyHistogram) {
            func milliseconds(_ microseconds: UInt64) -> Double { LoadReport.milliseconds(Double(microseconds)) }
            p50 = milliseconds(histogram.valueAtPercentile(50))
            p90 = milliseconds(histogram.valueAtPercentile(90))
            p95 = milliseconds(histogram.valueAtPercentile(95))
            p99 = milliseconds(histogram.valueAtPercentile(99))
            p999 = milliseconds(histogram.valueAtPercentile(99.9))
            max = milliseconds(histogram.max)
            mean = LoadReport.milliseconds(histogram.mean)
            stdev = histogram.count == 0 ? 0 : LoadReport.milliseconds(histogram.histogram.stdDeviation)
        }
    }

    /// An open loop's schedule kept or not: the requests due at the asked rate over the run's
    /// whole time, those sent, and a warning when the generator fell behind (less than 95%).
    /// Every request due before the end of `--duration` is sent, however late; when they are
    /// late, the run lasts longer than asked and fewer were sent than its time called for.
    public struct OpenLoop: Codable, Sendable, Hashable {
        public var requestsPerSecondAsked: Double
        public var due: Int
        public var sent: Int
        /// `100·sent/due`, to 0.1.
        public var sentPercent: Double
        /// Why the figures are not what was asked; nil when at least 95% of the due requests were sent.
        public var warning: String?

        init(rate: Double, seconds: Double, sent: Int) {
            requestsPerSecondAsked = rate
            due = Int((rate * seconds).rounded(.down))
            self.sent = sent
            sentPercent = due == 0 ? 100 : LoadReport.rounded(100 * Double(sent) / Double(due), places: 1)
            if due > 0, Double(sent) < 0.95 * Double(due) {
                warning = String(
                    format:
                        "the load generator fell behind: at %.0f requests/s, %d requests were due in the run's %.1f s, and %d were sent (%.1f%%, %.1f requests/s); the latencies count from each request's due time, but the server was not given the asked load: raise --concurrency, lower --rate, or run shards on more machines",
                    rate, due, seconds, sent, sentPercent, Double(sent) / Swift.max(seconds, 1e-9)
                )
            }
        }
    }

    /// One point of a percentile curve: the latency at or below which `percentile` percent of
    /// the requests completed.
    public struct CurvePoint: Codable, Sendable, Hashable {
        public var percentile: Double
        public var milliseconds: Double
    }

    /// One endpoint's row (or the total of all).
    public struct EndpointRow: Codable, Sendable, Hashable {
        /// `create`, `join`, `guess`, `status`, `board`, `list`, `detail`, or `total`.
        public var endpoint: String
        /// Method and route, such as `POST /api/games/:id/guess`; `*` for the total.
        public var route: String
        /// Requests that got a reply or failed.
        public var requests: Int
        public var requestsPerSecond: Double
        /// Failed requests of every kind, and their share of the requests in %, to 0.01
        /// (absent in reports from before them).
        public var errorCount: Int?
        public var errorRatePercent: Double?
        /// Failures by kind: `connect`, `disconnect`, `timeout`, `4xx`, `5xx`, `undecodable`
        /// (every kind present, 0 when none).
        public var errors: [String: Int]
        /// The first failure of each kind that occurred.
        public var errorExamples: [String: String]
        /// Of successful requests, from the intended send time (open loop) or the send time
        /// (closed loop). Reports before Salvo 0.4 counted failed requests here too.
        public var latency: Percentiles
        /// Of successful requests, from the actual send time.
        public var serviceTime: Percentiles
        /// Of failed requests: the time to failure, from the intended send time; absent when
        /// none failed (and in reports from before it).
        public var failedLatency: Percentiles?
        /// `latency` at percentiles from 0 to 100, for a chart.
        public var latencyCurve: [CurvePoint]
        /// `serviceTime` at the same percentiles.
        public var serviceTimeCurve: [CurvePoint]
    }

    /// How the run's settings were given.
    public struct Settings: Codable, Sendable, Hashable {
        /// `--games`, or nil when the run was timed.
        public var games: Int?
        /// `--duration` in seconds, or nil when the run counted games.
        public var durationSeconds: Double?
        public var concurrency: Int
        /// `--rate` in requests per second, or nil for closed loop.
        public var rate: Double?
        public var bot: String
        /// `--endpoint`, or nil when whole games were played.
        public var endpoint: String?
        public var seed: UInt64
        public var requestTimeoutSeconds: Double
        public var listEvery: Int
    }

    /// How the games went. In single-endpoint mode all are 0: its games are set up unmeasured.
    public struct Games: Codable, Sendable, Hashable {
        public var started: Int
        public var finished: Int
        public var abandoned: Int
        public var failed: Int
        /// Finished games per second.
        public var perSecond: Double
        /// Finished games whose named winner was not a player, had not hit all 17 ship
        /// cells, or was not the winner the other player and the detail showed.
        public var inconsistent: Int
        /// The fewest guesses a winner needed (at least 17 on a correct server).
        public var fewestWinnerGuesses: Int?
        /// All guesses of the finished games' winners, and the hits among them (17 a game).
        public var winnerGuesses: Int
        public var winnerHits: Int
        /// The first failed game's reason.
        public var failureExample: String?
    }

    public var schema = "salvo-load/1"
    /// The Salvo that wrote this report (``SalvoVersion/text``); nil in reports from before it.
    public var salvoVersion: String? = SalvoVersion.text
    /// The URL that was loaded.
    public var server: String
    /// Whether the server was started in the same process (then they shared the CPU).
    public var embeddedServer: Bool
    /// `games` (whole games) or `endpoint` (one endpoint, `--endpoint`).
    public var mode: String
    /// ISO 8601, UTC.
    public var startedAt: String
    public var elapsedSeconds: Double
    public var settings: Settings
    public var games: Games
    public var total: EndpointRow
    /// The endpoints that were called, in the order create, join, guess, status, board, list, detail.
    public var endpoints: [EndpointRow]
    /// `I/N` when this run was one shard of a load test (`salvo load --shard`); nil otherwise.
    public var shard: String?
    /// How many shards a merged report (`salvo merge`) adds up; nil for one run.
    public var shards: Int?
    /// An open loop's due and sent requests (`--rate`); nil for a closed loop.
    public var openLoop: OpenLoop?
    /// The run second by second after the first reply (``LoadTimeline``): requests, errors,
    /// p50 and p99; nil in a merged report (its shards' seconds are not one clock's).
    public var timeline: [LoadTimeline.Point]?
    /// In a merged report whose shards never all ran at once: what that means for its rates
    /// (``ShardTimeSpans/warning``); nil otherwise.
    public var timingWarning: String?
    /// Every count and both histograms of every endpoint, losslessly, so that `salvo merge`
    /// can add up shards without averaging a percentile; nil in reports from before it.
    public var measurements: LoadStatistics?
    /// The requirements of `--require`, each with what was measured and its verdict, and the
    /// verdict of all (``grade(_:)``); nil when none were given.
    public var requirements: Requirements?

    /// The report of `result`; `embeddedServer` says whether the server ran in-process.
    public init(_ result: LoadResult, embeddedServer: Bool, shard: String? = nil) {
        let settings = result.settings
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var games: Int?
        var duration: Double?
        switch settings.stop {
        case .games(let count): games = count
        case .duration(let length): duration = length.seconds
        }
        self.init(
            statistics: result.statistics, seconds: result.elapsed.seconds, startedAt: formatter.string(from: result.startedAt),
            settings: Settings(
                games: games, durationSeconds: duration, concurrency: settings.concurrency, rate: settings.requestsPerSecond,
                bot: settings.bot.rawValue, endpoint: settings.endpoint?.rawValue, seed: settings.seed,
                requestTimeoutSeconds: settings.requestTimeout.seconds, listEvery: settings.listEvery
            ),
            server: settings.serverURL, embeddedServer: embeddedServer, mode: settings.endpoint == nil ? "games" : "endpoint"
        )
        self.shard = shard
        timeline = result.timeline?.points
    }

    /// The report of `statistics`, measured over `seconds`.
    init(statistics: LoadStatistics, seconds: Double, startedAt: String, settings: Settings, server: String, embeddedServer: Bool, mode: String) {
        self.server = server
        self.embeddedServer = embeddedServer
        self.mode = mode
        self.startedAt = startedAt
        self.settings = settings
        elapsedSeconds = Self.rounded(seconds, places: 3)
        measurements = statistics
        self.games = Games(
            started: statistics.gamesStarted, finished: statistics.gamesFinished, abandoned: statistics.gamesAbandoned,
            failed: statistics.gamesFailed, perSecond: Self.rounded(Double(statistics.gamesFinished) / max(seconds, 1e-9), places: 2),
            inconsistent: statistics.inconsistentGames, fewestWinnerGuesses: statistics.fewestWinnerGuesses,
            winnerGuesses: statistics.winnerGuesses, winnerHits: statistics.winnerHits, failureExample: statistics.failureExample
        )
        var all = EndpointStatistics()
        endpoints = statistics.endpoints.keys.sorted().compactMap { endpoint in
            guard let figures = statistics.endpoints[endpoint] else { return nil }
            all.merge(figures)
            return Self.row(endpoint: endpoint.rawValue, route: endpoint.route, figures, seconds: seconds)
        }
        total = Self.row(endpoint: "total", route: "*", all, seconds: seconds)
        openLoop = settings.rate.map { OpenLoop(rate: $0, seconds: seconds, sent: total.requests) }
    }

    private static func row(endpoint: String, route: String, _ figures: EndpointStatistics, seconds: Double) -> EndpointRow {
        var errors: [String: Int] = [:]
        for kind in LoadErrorKind.allCases { errors[kind.rawValue] = figures.errors[kind] ?? 0 }
        var examples: [String: String] = [:]
        for (kind, text) in figures.errorExamples { examples[kind.rawValue] = text }
        let failed = figures.errors.values.reduce(0, +)
        return EndpointRow(
            endpoint: endpoint, route: route, requests: figures.requests,
            requestsPerSecond: rounded(Double(figures.requests) / max(seconds, 1e-9), places: 1),
            errorCount: failed, errorRatePercent: figures.requests == 0 ? 0 : rounded(100 * Double(failed) / Double(figures.requests), places: 2),
            errors: errors, errorExamples: examples,
            latency: Percentiles(figures.latency), serviceTime: Percentiles(figures.serviceTime),
            failedLatency: figures.failedLatency.count == 0 ? nil : Percentiles(figures.failedLatency),
            latencyCurve: curve(figures.latency), serviceTimeCurve: curve(figures.serviceTime)
        )
    }

    /// The percentiles a chart needs: 0, then 100·(1 − 10^−x) for x = 0.1, 0.2, … as far as
    /// the number of requests resolves (at most 99.999), then 100.
    static func curvePercentiles(count: UInt64) -> [Double] {
        guard count > 0 else { return [] }
        let depth = min(5, log10(Double(count)))
        var percentiles: [Double] = [0]
        var tenths = 1
        while Double(tenths) / 10 <= depth + 1e-9 {
            percentiles.append(rounded(100 * (1 - pow(10, -Double(tenths) / 10)), places: 4))
            tenths += 1
        }
        percentiles.append(100)
        return percentiles
    }

    private static func curve(_ histogram: LatencyHistogram) -> [CurvePoint] {
        curvePercentiles(count: histogram.count).map {
            CurvePoint(percentile: $0, milliseconds: milliseconds(Double(histogram.valueAtPercentile($0))))
        }
    }

    static func milliseconds(_ microseconds: Double) -> Double {
        rounded(microseconds / 1000, places: 3)
    }

    static func rounded(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// The report as indented JSON.
    public func json() throws -> Data {
        try JSONFormat.encoder().encode(self)
    }
}
