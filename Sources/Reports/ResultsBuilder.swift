import Foundation
import Ratings
import Submissions
import Tournament

/// Builds ``ResultsDocument`` from a run's configuration and its journal's game records.
/// Pure: the same inputs give the same document.
///
/// Decisions the issue leaves open (documented in reports/README.md):
/// - bots are ranked by fitted rating, then by score, then by name;
/// - "shots to win" counts only wins by sinking the fleet, since a forfeit win ends early;
/// - the crosstable lists every ordered pair of distinct bots, met or not.
public enum ResultsBuilder {
    /// The results of a run of `config` whose journal holds `finished` (every `finished`
    /// line in journal order), stamped `generatedAt`.
    public static func build(config: TournamentConfig, finished: [GameRecord], generatedAt: Date) -> ResultsDocument {
        build(config: config, history: GameHistory(finished: finished), generatedAt: generatedAt)
    }

    /// As above, from records already grouped; `submissions` is the ledger of the run's
    /// `bots_from:` folder, when it has one.
    public static func build(config: TournamentConfig, history: GameHistory, generatedAt: Date, submissions: SubmissionLedger? = nil) -> ResultsDocument {
        let rated = history.rated
        var bots = config.bots.map(\.name)
        var known = Set(bots)
        for record in history.games {
            for player in record.players where !known.contains(player.bot) {
                bots.append(player.bot)
                known.insert(player.bot)
            }
        }
        let fit = Self.fit(rated, bots: bots)
        let tallies = Self.tallies(rated, bots: bots)
        let standings = Self.standings(bots: bots, tallies: tallies, fit: fit)
        let scheduled = config.scheduler.plannedGames
        let withoutResult = history.games.count - rated.count
        return ResultsDocument(
            tournament: config.name,
            generatedAt: generatedAt,
            configuration: Self.summary(of: config),
            progress: .init(
                scheduledGames: scheduled, ratedGames: rated.count, gamesWithoutResult: withoutResult,
                gamesNotPlayed: max(0, scheduled - history.games.count)
            ),
            standings: standings,
            crosstable: Self.crosstable(order: standings.map(\.bot), tallies: tallies),
            firstMover: Self.firstMover(rated, fit: fit),
            likelihoodOfSuperiority: Self.superiority(order: standings.map(\.bot), bots: bots, fit: fit),
            terminations: Self.terminations(rated, noResultAttempts: history.noResultAttempts),
            shotsToWin: standings.map { row in
                let wins = tallies[row.bot]?.shotsInWins ?? []
                var counts: [Int: Int] = [:]
                for shots in wins { counts[shots, default: 0] += 1 }
                return .init(
                    bot: row.bot, wins: wins.count, mean: Self.mean(wins),
                    histogram: counts.keys.sorted().map { .init(shots: $0, games: counts[$0] ?? 0) }
                )
            },
            sprt: Self.sprt(config: config, rated: rated),
            games: history.games.map { record in
                .init(
                    index: record.index, gameId: record.gameId, players: record.players.map(\.bot),
                    winnerSeat: record.winner?.index, termination: record.termination.rawValue,
                    forfeitKind: record.forfeitKind?.rawValue, reason: record.reason, shots: record.shots.count,
                    durationMilliseconds: Int(record.durationMilliseconds.rounded()),
                    attempts: history.attempts[record.index] ?? 1,
                    replayJSON: ReportLayout.replayJSON(index: record.index),
                    replayHTML: ReportLayout.replayHTML(index: record.index)
                )
            },
            swiss: Self.swiss(config: config, history: history),
            submissions: Self.submissions(submissions, config: config)
        )
    }

    /// Per-bot counts over rated games.
    struct Tally {
        var wins = 0
        var losses = 0
        var forfeits: [String: Int] = [:]
        /// Shots fired in each win by sinking the fleet.
        var shotsInWins: [Int] = []
        /// Wins and losses against each opponent.
        var against: [String: (wins: Int, losses: Int)] = [:]
    }

    static func tallies(_ rated: [GameRecord], bots: [String]) -> [String: Tally] {
        var tallies = Dictionary(uniqueKeysWithValues: bots.map { ($0, Tally()) })
        for record in rated {
            guard let winner = record.winner else { continue }
            let winnerBot = record.player(winner).bot, loserBot = record.player(winner.opponent).bot
            tallies[winnerBot, default: Tally()].wins += 1
            tallies[winnerBot, default: Tally()].against[loserBot, default: (0, 0)].wins += 1
            tallies[loserBot, default: Tally()].losses += 1
            tallies[loserBot, default: Tally()].against[winnerBot, default: (0, 0)].losses += 1
            if record.termination == .forfeit {
                tallies[loserBot, default: Tally()].forfeits[record.forfeitKind?.rawValue ?? "unknown", default: 0] += 1
            } else {
                tallies[winnerBot, default: Tally()].shotsInWins.append(record.shotCount(of: winner))
            }
        }
        return tallies
    }

    /// The joint Bradley–Terry fit over rated games, as `TournamentRatings` does it; nil
    /// without rated games or when the fit fails.
    static func fit(_ rated: [GameRecord], bots: [String]) -> BradleyTerryFit? {
        let index = Dictionary(uniqueKeysWithValues: bots.enumerated().map { ($1, $0) })
        let games: [RatedGame] = rated.compactMap { record in
            guard let winner = record.winner,
                  let first = index[record.player(.one).bot], let second = index[record.player(.two).bot], first != second
            else { return nil }
            return RatedGame(first: first, second: second, firstMovedFirst: true, score: winner == .one ? 1 : 0)
        }
        guard !games.isEmpty else { return nil }
        return try? BradleyTerryFit(games: games, playerCount: bots.count)
    }

    static func standings(bots: [String], tallies: [String: Tally], fit: BradleyTerryFit?) -> [ResultsDocument.Standing] {
        let rows = bots.enumerated().map { position, bot in
            let tally = tallies[bot] ?? Tally()
            let games = tally.wins + tally.losses
            return ResultsDocument.Standing(
                rank: 0, bot: bot, rating: fit.flatMap { estimate($0.ratings[position]) },
                games: games, wins: tally.wins, losses: tally.losses,
                scorePercent: games == 0 ? 0 : round(100 * Double(tally.wins) / Double(games), places: 2),
                meanShotsToWin: mean(tally.shotsInWins), forfeits: tally.forfeits
            )
        }
        let sorted = rows.sorted { a, b in
            let ra = a.rating?.value ?? -.infinity, rb = b.rating?.value ?? -.infinity
            if ra != rb { return ra > rb }
            if a.scorePercent != b.scorePercent { return a.scorePercent > b.scorePercent }
            return a.bot < b.bot
        }
        return sorted.enumerated().map { position, row in
            var row = row
            row.rank = position + 1
            return row
        }
    }

    static func crosstable(order: [String], tallies: [String: Tally]) -> [ResultsDocument.CrosstableCell] {
        order.flatMap { bot in
            order.filter { $0 != bot }.map { opponent in
                let pair = tallies[bot]?.against[opponent] ?? (0, 0)
                let games = pair.wins + pair.losses
                return ResultsDocument.CrosstableCell(
                    bot: bot, opponent: opponent, games: games, wins: pair.wins, losses: pair.losses,
                    scorePercent: games == 0 ? nil : round(100 * Double(pair.wins) / Double(games), places: 2)
                )
            }
        }
    }

    static func firstMover(_ rated: [GameRecord], fit: BradleyTerryFit?) -> ResultsDocument.FirstMoverStatistics {
        let games = rated.filter { $0.winner != nil }
        let wins = games.filter { $0.winner == .one }.count
        return .init(
            games: games.count, firstMoverWins: wins,
            firstMoverScorePercent: games.isEmpty ? nil : round(100 * Double(wins) / Double(games.count), places: 2),
            advantage: fit.flatMap { estimate($0.advantage) }
        )
    }

    static func superiority(order: [String], bots: [String], fit: BradleyTerryFit?) -> [ResultsDocument.Superiority] {
        guard let fit else { return [] }
        let matrix = LikelihoodOfSuperiority(fit: fit)
        let index = Dictionary(uniqueKeysWithValues: bots.enumerated().map { ($1, $0) })
        return order.flatMap { bot in
            order.filter { $0 != bot }.compactMap { opponent in
                guard let i = index[bot], let j = index[opponent], matrix[i, j].isFinite else { return nil }
                return .init(bot: bot, opponent: opponent, likelihood: round(matrix[i, j], places: 4))
            }
        }
    }

    static func terminations(_ rated: [GameRecord], noResultAttempts: Int) -> ResultsDocument.TerminationCounts {
        var byKind: [String: Int] = [:]
        for record in rated where record.termination == .forfeit {
            byKind[record.forfeitKind?.rawValue ?? "unknown", default: 0] += 1
        }
        return .init(
            wins: rated.filter { $0.termination == .win }.count,
            forfeits: rated.filter { $0.termination == .forfeit }.count,
            forfeitsByKind: byKind, noResultAttempts: noResultAttempts
        )
    }

    /// The SPRT section: the first listed bot against the second, over their rated games.
    static func sprt(config: TournamentConfig, rated: [GameRecord]) -> ResultsDocument.SPRTResult? {
        guard let settings = config.sprt, config.bots.count >= 2 else { return nil }
        let (alpha, beta) = (settings.alpha, settings.beta)
        guard alpha > 0, alpha < 1, beta > 0, beta < 1, alpha + beta < 1 else { return nil }
        let bot = config.bots[0].name, opponent = config.bots[1].name
        let tally = settings.tally(records: rated, first: bot, second: opponent)
        return .init(
            bot: bot, opponent: opponent, elo0: settings.elo0, elo1: settings.elo1, alpha: alpha, beta: beta,
            wins: tally.wins, losses: tally.losses, llr: round(tally.logLikelihoodRatio, places: 4),
            lowerBound: round(tally.lowerBound, places: 4), upperBound: round(tally.upperBound, places: 4),
            decision: tally.verdict
        )
    }

    static func summary(of config: TournamentConfig) -> ResultsDocument.ConfigurationSummary {
        var summary = ResultsDocument.ConfigurationSummary(
            format: config.format.rawValue,
            bots: config.bots.map { entry in
                switch entry.kind {
                case .builtin(let builtIn): .init(name: entry.name, kind: "builtin", strategy: builtIn.rawValue)
                case .external(let spec):
                    .init(
                        name: entry.name, kind: "external", command: spec.command,
                        sandbox: spec.sandbox.isEnabled ? "bubblewrap" : "none",
                        readOnly: spec.sandbox.isEnabled && !spec.sandbox.readOnlyPaths.isEmpty ? spec.sandbox.readOnlyPaths : nil,
                        limits: .init(
                            memoryBytes: spec.limits.memoryBytes, cpuSeconds: spec.limits.cpuSeconds, processes: spec.limits.processes,
                            openFiles: spec.limits.openFiles, fileSizeBytes: spec.limits.fileSizeBytes, tmpBytes: spec.limits.tmpBytes
                        ),
                        restart: spec.restart.rawValue
                    )
                }
            },
            gamesPerPairing: config.gamesPerPairing, concurrency: config.concurrency, seed: String(config.seed),
            server: config.server.text, pollIntervalMilliseconds: Int((config.pollInterval / .milliseconds(1)).rounded()), rateLimit: config.rateLimit,
            stallTimeoutSeconds: config.stallTimeout / .seconds(1)
        )
        summary.placement = config.placement == .server ? nil : config.placement.rawValue
        summary.tellOpponent = config.tellOpponent ? true : nil
        return summary
    }

    static func estimate(_ rating: RatingEstimate) -> ResultsDocument.Estimate? {
        guard rating.value.isFinite, rating.standardError.isFinite else { return nil }
        return .init(
            value: round(rating.value, places: 1), standardError: round(rating.standardError, places: 1),
            lower: round(rating.lower, places: 1), upper: round(rating.upper, places: 1)
        )
    }

    static func mean(_ values: [Int]) -> Double? {
        values.isEmpty ? nil : round(Double(values.reduce(0, +)) / Double(values.count), places: 2)
    }

    /// `value` rounded to `places` decimals, so the JSON prints short, stable numbers.
    static func round(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        let rounded = (value * scale).rounded() / scale
        return rounded == 0 ? 0 : rounded  // never "-0"
    }
}
