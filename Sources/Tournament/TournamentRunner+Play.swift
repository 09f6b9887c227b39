import Bots

/// The loop that plays a list of games, shared by every format: a round robin's or gauntlet's
/// whole schedule at once, a Swiss tournament's round by round (``SwissRounds``).
extension TournamentRunner {
    /// What the games played so far have given: the rated records, the attempts, and the
    /// sequential test's decision once it has decided.
    struct PlayState {
        var rated: [Int: GameRecord]
        var attempts: [Int: Int]
        /// The games of the run, for progress events.
        var total: Int
        var decided: SPRTTally?
    }

    /// The player of one game, sharing `pools`.
    func gameRunner(pools: [String: BotProcessPool]) -> GameRunner {
        GameRunner(config: config, serverURL: serverURL, client: client, journal: journal, logDirectory: logDirectory, launcher: launcher, pools: pools, privateGames: privateGames)
    }

    /// Plays `queue` in order, `concurrency` at a time, journaling each finished game and
    /// playing a game without result again (up to ``maximumAttempts`` attempts); returns once
    /// the queue is empty and no game is in flight, or once a stop is requested or the
    /// sequential test decides and the games in flight have ended.
    func play(
        _ queue: [(game: ScheduledGame, attempt: Int)], runner: GameRunner, state: PlayState,
        progress: @escaping @Sendable (ProgressEvent) -> Void
    ) async throws -> PlayState {
        var state = state
        var queue = queue[...]
        try await withThrowingTaskGroup(of: (ScheduledGame, Int, GameRecord).self) { group in
            var inFlight = 0
            func startNext() {
                guard !stop.isRequested, state.decided == nil, let next = queue.popFirst() else { return }
                inFlight += 1
                group.addTask(executorPreference: executor) { (next.game, next.attempt, try await runner.play(next.game)) }
            }
            for _ in 0..<config.concurrency { startNext() }
            while inFlight > 0 {
                let finished: (ScheduledGame, Int, GameRecord)?
                do {
                    finished = try await group.next()
                } catch {
                    // After the test decided, the games still in flight were cancelled.
                    guard state.decided != nil else { throw error }
                    inFlight -= 1
                    continue
                }
                guard let (game, attempt, record) = finished else { break }
                inFlight -= 1
                // After the test decided, the games still in flight do not count.
                if state.decided != nil { continue }
                try await journal.append(.finished(record))
                state.attempts[game.index, default: 0] += 1
                if record.termination == .noResult {
                    if attempt < Self.maximumAttempts {
                        progress(.willRerun(index: game.index, reason: record.reason ?? "no result"))
                        queue.append((game, attempt + 1))
                    } else {
                        progress(.abandoned(index: game.index, reason: record.reason ?? "no result", attempts: attempt))
                    }
                } else {
                    state.rated[game.index] = record
                    progress(.gameFinished(record, done: state.rated.count, total: state.total))
                    if let tally = sprtDecision(state.rated.values) {
                        state.decided = tally
                        progress(.sprtDecided(tally))
                        group.cancelAll()
                    }
                }
                startNext()
            }
        }
        return state
    }
}
