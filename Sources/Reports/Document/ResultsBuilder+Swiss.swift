import Tournament

/// The Swiss section of results.json: the rounds recomputed from the journal's records.
extension ResultsBuilder {
    /// The rounds of a `format: swiss` run; nil for the other formats.
    static func swiss(config: TournamentConfig, rated: [Int: GameRecord], attempts: [Int: Int]) -> ResultsDocument.SwissSection? {
        guard let progress = config.scheduler.swissProgress(after: ScheduleResults(rated: rated, attempts: attempts)) else { return nil }
        let names = config.bots.map(\.name)
        let rounds = progress.rounds.map { round in
            var boards: [Int: [Int]] = [:]
            for game in round.games { boards[game.pairing, default: []].append(game.index) }
            let firstPairing = round.games.map(\.pairing).min() ?? 0
            let pairings = round.pairing.pairings.enumerated().map { board, pair in
                let games = boards[firstPairing + board] ?? []
                var wins = (first: 0, second: 0)
                for index in games {
                    guard let record = rated[index], let winner = record.winner else { continue }
                    if record.player(winner).bot == names[pair.first] { wins.first += 1 } else { wins.second += 1 }
                }
                let score = round.result?.pairings[board]
                return ResultsDocument.SwissPairingEntry(
                    first: names[pair.first], second: names[pair.second], firstWins: wins.first, secondWins: wins.second,
                    firstPoints: score.map { Double($0.firstHalfPoints) / 2 }, secondPoints: score.map { Double($0.secondHalfPoints) / 2 },
                    games: games
                )
            }
            return ResultsDocument.SwissRoundEntry(
                number: round.pairing.number, complete: round.result != nil, bye: round.pairing.bye.map { names[$0] },
                repeats: round.pairing.repeats, pairings: pairings,
                standingsAfter: round.recordAfter.map { swissStandings($0, lots: progress.lots, names: names) }
            )
        }
        return .init(
            plannedRounds: progress.plannedRounds, completeRounds: progress.completeRounds,
            standings: swissStandings(progress.record, lots: progress.lots, names: names), rounds: rounds
        )
    }

    /// The bots by points, Buchholz and lot.
    static func swissStandings(_ record: SwissRecord, lots: [Int], names: [String]) -> [ResultsDocument.SwissStanding] {
        record.ranking(lots: lots).enumerated().map { position, bot in
            .init(
                rank: position + 1, bot: names[bot], points: Double(record.halfPoints[bot]) / 2,
                buchholz: Double(record.buchholzHalfPoints(of: bot)) / 2, byes: record.byes[bot]
            )
        }
    }
}
