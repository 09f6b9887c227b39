import Bots

/// The loop that plays a batch of games, shared by every format: a fixed schedule's whole
/// run at once, a Swiss tournament's round by round.
extension TournamentRunner {
    /// What the games played so far have given.
    struct PlayState {
        /// The rated records, every attempt, and the games this run gave up on.
        var results: ScheduleResults
        /// Attempts made in this run, by schedule index: each run gives a game
        /// ``TournamentRunner/maximumAttempts`` tries.
        var attemptsInRun: [Int: Int] = [:]
        /// The games of the run, for progress events.
        var total: Int
        /// Rated games in ``results`` that are not the run's (a season's earlier nights'), left
        /// out of the progress events' count of games done.
        var doneOffset = 0
        /// The event that ended the tournament early, once the scheduler has said so.
        var earlyEnd: ProgressEvent?
        /// Games without result because the sandbox could not start a bot, and the last cause.
        var hostFaults = 0
        var lastHostFault: String?

        init(results: ScheduleResults, total: Int) {
            self.results = results
            self.total = total
        }

        /// Whether no more games are to be started.
        var isStopping: Bool { earlyEnd != nil || hostFaults >= TournamentRunner.maximumHostFaults }
    }

    /// The player of the run's games, sharing `pools`, with a launcher of its own for each
    /// external bot (its caps count all its processes together) and a memory of opponents for each
    /// built-in that places its own fleet (when the tournament lets bots place), kept for the run.
    func gameRunner(pools: [String: BotProcessPool]) -> GameRunner {
        var runner = GameRunner(
            config: config, serverURL: serverURL, client: client, logDirectory: logDirectory, launcher: launcher, pools: pools,
            privateGames: privateGames)
        for bot in config.bots {
            if case .external = bot.kind { runner.launchers[bot.name] = launcher.forOneBot() }
        }
        guard config.placement == .bots else { return runner }
        for bot in config.bots {
            if case .builtin(let builtIn) = bot.kind, builtIn.placement != nil { runner.memories[bot.name] = OpponentMemory() }
        }
        return runner
    }

    /// Plays one game, journaling its creation and join as they happen. The game does not wait
    /// for those lines to reach the disk: a kill loses at most the names of games in flight,
    /// which a resume plays again anyway (benchmarks/HISTORY.md, "The journal's waits").
    private func playJournaled(_ game: ScheduledGame, runner: GameRunner) async throws -> GameRunner.Played {
        try await runner.play(game) { event in
            switch event {
            case .created(let gameId, let creatorPlayerId):
                try journal.enqueue(.created(index: game.index, server: serverURL, gameId: gameId, creatorPlayerId: creatorPlayerId))
            case .joined(let joinerPlayerId):
                try journal.enqueue(.joined(index: game.index, joinerPlayerId: joinerPlayerId))
            }
        }
    }

    /// Plays `batch` in order, `concurrency` at a time, journaling each finished game and
    /// playing a game without result again (up to ``maximumAttempts`` attempts in this run);
    /// returns once the batch is done and no game is in flight, or once a stop is requested,
    /// the scheduler ends the tournament early, or the host failed too often, and the games in
    /// flight have ended, with every finished line on disk.
    ///
    /// A finished game's line is queued, and the next game starts at once; the game's progress
    /// events are sent once its line is on disk, so nothing is shown as played that a kill
    /// could still take back. Lines finished together share one `fsync`.
    func play(
        _ batch: [ScheduledGame], scheduler: any Scheduler, runner: GameRunner, state: PlayState,
        progress: @escaping @Sendable (ProgressEvent) -> Void
    ) async throws -> PlayState {
        var state = state
        var queue = batch[...]
        try await withThrowingTaskGroup(of: (ScheduledGame, GameRunner.Played).self) { group in
            var inFlight = 0
            func startNext() {
                guard !stop.isRequested, !state.isStopping, let next = queue.popFirst() else { return }
                inFlight += 1
                group.addTask(executorPreference: executor) { (next, try await playJournaled(next, runner: runner)) }
            }
            for _ in 0..<config.concurrency { startNext() }
            while inFlight > 0 {
                let finished: (ScheduledGame, GameRunner.Played)?
                do {
                    finished = try await group.next()
                } catch {
                    // After the tournament ended early, the games still in flight were cancelled.
                    guard state.earlyEnd != nil else { throw error }
                    inFlight -= 1
                    continue
                }
                guard let (game, played) = finished else { break }
                inFlight -= 1
                // After the tournament ended early, the games still in flight do not count.
                if state.earlyEnd != nil { continue }
                let record = played.record
                // Shown once the record is on disk, in this order.
                var events: [ProgressEvent] = []
                state.results.add(record)
                let attempt = state.attemptsInRun[game.index, default: 0] + 1
                state.attemptsInRun[game.index] = attempt
                if record.termination == .noResult {
                    if played.hostFault {
                        state.hostFaults += 1
                        state.lastHostFault = record.reason
                    }
                    if attempt < Self.maximumAttempts {
                        events.append(.willRerun(index: game.index, reason: record.reason ?? "no result"))
                        queue.append(game)
                    } else {
                        state.results.givenUp.insert(game.index)
                        events.append(.abandoned(index: game.index, reason: record.reason ?? "no result", attempts: attempt))
                    }
                } else {
                    events.append(.gameFinished(record, done: state.results.rated.count - state.doneOffset, total: state.total))
                    if let end = scheduler.earlyEnd(after: state.results) {
                        state.earlyEnd = end
                        events.append(end)
                        group.cancelAll()
                    }
                }
                try journal.enqueue(.finished(record)) { [events] in
                    for event in events { progress(event) }
                }
                startNext()
            }
        }
        try await journal.flush()
        return state
    }
}
