import Bots

/// Plays a Swiss tournament round by round (`format: swiss`, tournaments/README.md): pairs a
/// round from the results of the rounds before it (``SwissProgress``, ``SwissPairing``), plays
/// its games, and pairs the next only once every game of the round has ended.
///
/// A continued run rebuilds the rounds from its journal's records the same way, so the
/// pairings after a kill are those an uninterrupted run makes: the complete rounds are not
/// played again, the round under way keeps its finished games and plays the rest, a game
/// keeps the attempts it has already used. ``TournamentRunner/run(from:progress:)`` hands a
/// Swiss configuration to this type.
struct SwissRounds {
    let runner: TournamentRunner

    /// Plays every game the journal does not hold yet, round by round; returns every rated
    /// record, in schedule order. Stops after the games in flight when a stop is requested.
    func run(from resume: TournamentRunner.ResumePoint, progress: @escaping @Sendable (ProgressEvent) -> Void) async throws -> [GameRecord] {
        let config = runner.config
        let total = SwissSchedule.totalGames(config)
        var state = TournamentRunner.PlayState(rated: resume.rated, attempts: resume.attempts, total: total)
        var rounds = SwissProgress(config: config, rated: state.rated, attempts: state.attempts)
        try checkConsistent(rounds)
        if !resume.hasStarted {
            try await runner.journal.append(.started(JournalStart(
                name: config.name, configurationDigest: ResumeSettings.digest(of: config), totalGames: total, configuration: config
            )))
        }
        progress(.started(total: total, rated: state.rated))

        state = try await TournamentRunner.withPools(config) { pools in
            let games = runner.gameRunner(pools: pools)
            var state = state
            while let round = rounds.current, !runner.stop.isRequested {
                progress(.roundPaired(round.pairing, rounds: rounds.plannedRounds))
                let queue = round.games
                    .filter { !SwissProgress.hasEnded($0, rated: state.rated, attempts: state.attempts) }
                    .map { (game: $0, attempt: state.attempts[$0.index, default: 0] + 1) }
                state = try await runner.play(queue, runner: games, state: state, progress: progress)
                rounds.advance(config: config, rated: state.rated, attempts: state.attempts)
                try checkConsistent(rounds)
            }
            return state
        }
        return state.rated.keys.sorted().compactMap { state.rated[$0] }
    }

    /// Refuses a journal whose games were played by other pairings than these rounds'.
    private func checkConsistent(_ rounds: SwissProgress) throws {
        guard let first = rounds.mismatchedGames.first else { return }
        throw TournamentRunner.Failure(description: "The journal's game \(first) was played by other bots than this Salvo pairs for its round (\(rounds.mismatchedGames.count) such games): the journal was written by a Salvo that paired Swiss rounds otherwise; continue it with that Salvo, or choose another --output")
    }
}
