import Foundation
import Ratings
import Scoring
import Submissions
import Tournament

/// Builds ``ResultsDocument`` from a run's configuration and its journal's game records.
/// Pure: the same inputs give the same document.
///
/// Every count and the rating fit come from one ``Scoring/Scoreboard``, as the terminal's
/// table and the live page do (documented in reports/README.md):
/// - bots are ranked by score, then wins, then name (``Scoring/BotTally/ranks(above:)``); in a
///   season whose games matchmaking chose, by rating (``Tournament/TournamentConfig/ranksByRating``);
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
    public static func build(config: TournamentConfig, history: GameHistory, generatedAt: Date, submissions: SubmissionLedger? = nil)
        -> ResultsDocument
    {
        var results = build(config: config, tally: ResultsTally(config: config, history: history), generatedAt: generatedAt, submissions: submissions)
        results.games = history.games.map { record in entry(record, attempts: history.attempts[record.index] ?? 1) }
        return results
    }

    /// Every section but `games` (left empty: a report streams them, ``entry(_:attempts:)``),
    /// from the games folded into `tally`.
    public static func build(config: TournamentConfig, tally: ResultsTally, generatedAt: Date, submissions: SubmissionLedger? = nil)
        -> ResultsDocument
    {
        let board = tally.board
        let ratings = board.ratings()
        var standings = Self.standings(board, ratings: ratings, config: config)
        for position in standings.indices {
            standings[position].version = config.bots.first { $0.name == standings[position].bot }?.version
        }
        let order = standings.map(\.bot)
        let scheduled = config.scheduler.standingsGames
        return ResultsDocument(
            tournament: config.name,
            generatedAt: generatedAt,
            configuration: Self.summary(of: config),
            progress: .init(
                scheduledGames: scheduled, ratedGames: tally.rated, gamesWithoutResult: tally.games - tally.rated,
                gamesNotPlayed: max(0, scheduled - tally.games)
            ),
            standings: standings,
            crosstable: Self.crosstable(order: order, board: board),
            firstMover: Self.firstMover(board, ratings: ratings),
            likelihoodOfSuperiority: Self.superiority(order: order, ratings: ratings),
            terminations: .init(
                wins: board.winsBySinking, forfeits: board.forfeits, forfeitsByKind: board.forfeitsByKind,
                noResultAttempts: tally.noResultAttempts
            ),
            shotsToWin: order.map { bot in
                let tally = board.tally(of: bot)
                return .init(
                    bot: bot, wins: tally.winsBySinking, mean: tally.meanShotsToWin,
                    histogram: tally.shotsToWin.keys.sorted().map { .init(shots: $0, games: tally.shotsToWin[$0] ?? 0) }
                )
            },
            sprt: Self.sprt(config: config, board: board),
            games: [],
            swiss: Self.swiss(config: config, rated: tally.swissRated, attempts: tally.swissAttempts),
            submissions: Self.submissions(submissions, config: config)
        )
    }

    /// The games section's entry of `record`, the record that counts for its game. A season's
    /// game (`season`) names each seat's version and its `night`, and says when the standings
    /// do not count it.
    public static func entry(
        _ record: GameRecord, attempts: Int, replayFile: Bool = false, season: Bool = false, countsInStandings: Bool = true, night: Int? = nil
    ) -> ResultsDocument.GameEntry {
        var entry = ResultsDocument.GameEntry(
            index: record.index, gameId: record.gameId, players: record.players.map(\.bot),
            winnerSeat: record.winner?.index, termination: record.termination.rawValue,
            forfeitKind: record.forfeitKind?.rawValue, reason: record.reason, moves: record.shots.count,
            durationMilliseconds: Int(record.durationMilliseconds.rounded()),
            attempts: attempts,
            replayJSON: replayFile ? ReportLayout.replayJSON(index: record.index) : nil,
            replayHTML: ReportLayout.replayLink(index: record.index)
        )
        entry.winnerShots = record.winner.map { record.shotCount(of: $0) }
        if season { entry.versions = record.players.map { $0.version ?? "" } }
        if season { entry.night = night }
        if !countsInStandings { entry.countsInStandings = false }
        return entry
    }

    /// The scoreboard's standings, in the order `config` ranks by (its own without one), with
    /// the fit's ratings and statistical ties.
    static func standings(_ board: Scoreboard, ratings: ScoreboardRatings?, config: TournamentConfig? = nil) -> [ResultsDocument.Standing] {
        let order = config.map { board.standings(for: $0, ratings: ratings) } ?? board.standings
        var standings = order.enumerated().map { position, tally in
            ResultsDocument.Standing(
                rank: position + 1, bot: tally.bot, rating: ratings?.rating(of: tally.bot).flatMap(estimate),
                games: tally.games, wins: tally.wins, losses: tally.losses,
                scorePercent: tally.scorePercent, meanShotsToWin: tally.meanShotsToWin, forfeits: tally.forfeits
            )
        }
        guard let ratings else { return standings }
        for (position, tie) in ties(standings, ratings: ratings) { standings[position].tie = tie }
        return standings
    }

    /// The statistical ties of `standings` (``ResultsDocument/Standing/tie``), by position:
    /// over each run of consecutive standings with a rating, in the standings' order, two
    /// neighbours whose Elo difference is within its 95% interval are tied, and ties chain
    /// (``Ratings/RatingTies/groups(_:ranked:)``, with the fit's covariance). A bot without a
    /// rating ends a run and is never tied; a bot separated from both neighbours has no tie.
    static func ties(_ standings: [ResultsDocument.Standing], ratings: ScoreboardRatings) -> [Int: ResultsDocument.Standing.Tie] {
        var runs: [[(position: Int, player: Int)]] = [[]]
        for (position, standing) in standings.enumerated() {
            if standing.rating != nil, let player = ratings.position(of: standing.bot) {
                runs[runs.count - 1].append((position, player))
            } else if !runs[runs.count - 1].isEmpty {
                runs.append([])
            }
        }
        var ties: [Int: ResultsDocument.Standing.Tie] = [:]
        for run in runs {
            let groups = RatingTies.groups(ratings.fit, ranked: run.map(\.player))
            for (member, group) in zip(run, groups) where group.count > 1 {
                let (first, last) = (standings[run[group.lowerBound].position], standings[run[group.upperBound].position])
                ties[member.position] = .init(first: first.rank, last: last.rank)
            }
        }
        return ties
    }

    static func crosstable(order: [String], board: Scoreboard) -> [ResultsDocument.CrosstableCell] {
        order.flatMap { bot in
            let against = board.tally(of: bot).against
            return order.filter { $0 != bot }.map { opponent in
                let pair = against[opponent] ?? HeadToHead()
                return ResultsDocument.CrosstableCell(
                    bot: bot, opponent: opponent, games: pair.games, wins: pair.wins, losses: pair.losses, scorePercent: pair.scorePercent
                )
            }
        }
    }

    static func firstMover(_ board: Scoreboard, ratings: ScoreboardRatings?) -> ResultsDocument.FirstMoverStatistics {
        .init(
            games: board.ratedGames, firstMoverWins: board.firstMoverWins,
            firstMoverScorePercent: board.ratedGames == 0 ? nil : round(100 * Double(board.firstMoverWins) / Double(board.ratedGames), places: 2),
            advantage: ratings.flatMap { estimate($0.firstMoverAdvantage) }
        )
    }

    static func superiority(order: [String], ratings: ScoreboardRatings?) -> [ResultsDocument.Superiority] {
        guard let ratings else { return [] }
        let matrix = ratings.likelihoodOfSuperiority()
        return order.flatMap { bot in
            order.filter { $0 != bot }.compactMap { opponent in
                guard let i = ratings.position(of: bot), let j = ratings.position(of: opponent), matrix[i, j].isFinite else { return nil }
                return .init(bot: bot, opponent: opponent, likelihood: round(matrix[i, j], places: 4))
            }
        }
    }

    /// The SPRT section: the first listed bot against the second, over their rated games as
    /// the scoreboard counts them.
    static func sprt(config: TournamentConfig, board: Scoreboard) -> ResultsDocument.SPRTResult? {
        guard let settings = config.sprt, config.bots.count >= 2 else { return nil }
        let (alpha, beta) = (settings.alpha, settings.beta)
        guard alpha > 0, alpha < 1, beta > 0, beta < 1, alpha + beta < 1 else { return nil }
        let bot = config.bots[0].name
        let opponent = config.bots[1].name
        let tally = board.sprtTally(settings, first: bot, second: opponent)
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
                        sandbox: spec.sandbox.word,
                        readOnly: spec.sandbox.isEnabled && !spec.sandbox.readOnlyPaths.isEmpty ? spec.sandbox.readOnlyPaths : nil,
                        limits: spec.limits,
                        restart: spec.restart.rawValue
                    )
                }
            },
            gamesPerPairing: config.gamesPerPairing, concurrency: config.concurrency, seed: String(config.seed),
            server: config.server.text, pollIntervalMilliseconds: Int((config.pollInterval / .milliseconds(1)).rounded()),
            rateLimit: config.rateLimit,
            stallTimeoutSeconds: config.stallTimeout / .seconds(1)
        )
        summary.placement = config.placement == .server ? nil : config.placement.rawValue
        summary.tellOpponent = config.tellOpponent ? true : nil
        let clocked = config.bots.contains { if case .external = $0.kind { true } else { false } }
        summary.timeControl = clocked ? config.timeControl?.description : nil
        return summary
    }

    static func estimate(_ rating: RatingEstimate) -> ResultsDocument.Estimate? {
        EloFigure(rating).map { .init(value: $0.value, standardError: $0.standardError, lower: $0.lower, upper: $0.upper) }
    }

    /// `value` rounded to `places` decimals, so the JSON prints short, stable numbers.
    static func round(_ value: Double, places: Int) -> Double {
        Scoreboard.round(value, places: places)
    }
}
