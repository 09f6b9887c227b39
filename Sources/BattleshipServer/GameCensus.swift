import BattleshipAPI
import Prometheus

/// The server's games by status as Prometheus gauges, `salvo_games{status="waiting"}`,
/// `"playing"` and `"done"` (the lobby's statuses, lower case): set from the stored games at
/// start-up, then moved by each create, join and winning guess, so a scrape reads them without
/// walking the games. Their sum is every game the server holds.
final class GameCensus: Sendable {
    private let gauges: [GameStatus: Gauge]

    /// The gauges of `registry`, at zero until ``reset(to:)``.
    init(registry: PrometheusCollectorRegistry) {
        var gauges: [GameStatus: Gauge] = [:]
        for status in GameStatus.allCases {
            gauges[status] = registry.makeGauge(
                descriptor: MetricNameDescriptor(
                    namespace: "salvo", metricName: "games", unitName: "",
                    helpText: "Games held by the server, by the status the lobby shows (waiting, playing, done)."
                ),
                labels: [("status", status.rawValue.lowercased())]
            )
        }
        self.gauges = gauges
    }

    /// Sets every gauge to its count among `statuses` (the games loaded at start-up).
    func reset(to statuses: some Sequence<GameStatus>) {
        var counts: [GameStatus: Int] = [:]
        for status in statuses { counts[status, default: 0] += 1 }
        for (status, gauge) in gauges { gauge.set(to: Double(counts[status] ?? 0)) }
    }

    /// A game was created: one more waiting.
    func created() {
        gauges[.waiting]?.increment()
    }

    /// A game moved from `old` to `new` (a join, or the guess that sank the last ship).
    func moved(from old: GameStatus, to new: GameStatus) {
        guard old != new else { return }
        gauges[old]?.decrement()
        gauges[new]?.increment()
    }
}
