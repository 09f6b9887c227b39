import Bots
import DurationUnits
import Foundation
import Orchestrator
import Reports
import RunControl
import Submissions
import Synchronization
import Tournament

/// The arena's one worker: it takes the uploads in the order they came, a few at once but
/// never two of one student's (``ArenaIntake``: unpack, build and check, put in place), and
/// meanwhile enters the passed versions into the season and plays their missing games as one
/// batch, a season night, through the library call a tournament file runs with
/// (``Orchestrator/TournamentFileRun``); the season's journal and reports (results.json, the
/// ratings, the history) are updated after each batch. Checks go on while a batch plays. With
/// `schedule: nightly`, batches wait for the night's time.
///
/// Nothing is lost on a kill: uploads are durable before they are acknowledged; one caught
/// mid-check is checked again; versions passed but not yet entered are entered at the next
/// start; a batch cut short is finished by the next (the season plays only what is missing).
public actor ArenaWorker {
    /// What the worker did, for the service's log: a student's words are in it as written, so a
    /// terminal shows it through ``SafeText/TerminalText``.
    public typealias Log = @Sendable (String) -> Void

    let folder: ArenaFolder
    let settings: ArenaSettings
    let intake: ArenaIntake
    let sandboxDisabled: Bool
    let stop: StopSignal
    let log: Log
    let clock: @Sendable () -> Date
    private let wake: AsyncStream<Void>.Continuation
    private let wakes: AsyncStream<Void>
    /// The last day (UTC, as yyyy-mm-dd) a nightly batch was played.
    private var lastNight: String?
    /// When a failed batch may be tried again.
    private var retryAfter: Date?
    /// Batches played since the worker started.
    public private(set) var batches = 0
    /// Why the host's disk holds the checks now (``checkShortage()``); nil while it does not.
    public private(set) var hostShortage: String?
    /// Whether the store could not be read at the last look (``uploads(in:)``).
    private var storeUnreadable = false
    /// Whether an adaptive season may have rounds to play: at the start (a batch looks), and
    /// after a batch whose rounds were cut short for uploads waiting to be entered.
    private var roundsPending: Bool
    /// Whether the rounds of the batch playing now were cut short (``betweenNights()``).
    private var roundsInterrupted = false
    /// The uploads the batch playing now enters, until they are said entered: after its first
    /// night (``betweenNights()``), or at its end.
    private var entering: (newest: [String: ArenaSubmission], entries: Shared<SubmissionEntries?>)?
    /// The idle play's settle games in the last hour, by when they ended.
    private var idleGames: [(at: Date, games: Int)] = []
    /// Until when idle play rests, after a round that found every neighbour separated.
    private var idleQuietUntil: Date?
    /// Whether this worker has settled the season after the deadline (``ArenaSettle``).
    private var settledAfterDeadline = false
    /// How long idle play rests once every neighbour is separated.
    static let idleRest: TimeInterval = 15 * 60
    /// The least time between two publications in a batch's rounds: publishing a class's
    /// season takes seconds (the report and every page, 10,000 games: about 10 s on 2 cores),
    /// and the next round waits for it (BENCHMARKS.md, the 200-student arena).
    static let publishBetweenNights: Duration = .seconds(120)
    /// When the season was last published.
    private var lastPublished: ContinuousClock.Instant?

    public init(
        folder: ArenaFolder, settings: ArenaSettings, launcher: any BotLauncher, sandboxDisabled: Bool = false, stop: StopSignal,
        clock: @escaping @Sendable () -> Date = { Date() }, log: @escaping Log = { _ in }
    ) {
        self.folder = folder
        self.settings = settings
        self.intake = ArenaIntake(
            arena: folder.path, settings: settings, launcher: launcher, sandboxDisabled: sandboxDisabled, gate: SubmissionsGate())
        self.sandboxDisabled = sandboxDisabled
        self.stop = stop
        self.clock = clock
        self.log = log
        roundsPending = settings.tournament.config.matchmaking != .roundRobin
        (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Says that something may be waiting (a new upload, the stop): the worker looks at once.
    public nonisolated func nudge() {
        wake.yield()
    }

    /// Works until the stop is requested: the queue, then a batch when one is due.
    public func run() async {
        do {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + ArenaSettings.submissionsFolder, withIntermediateDirectories: true)
        } catch {
            log("arena: cannot make \(folder.path)/\(ArenaSettings.submissionsFolder): \(error.localizedDescription)")
        }
        do {
            let requeued = try folder.store.requeueInterrupted()
            if requeued > 0 { log("\(requeued) upload\(requeued == 1 ? "" : "s") caught mid-check by the last stop: checked again") }
        } catch {
            log("arena: \(error)")
        }
        // A timer for the nightly schedule and retries: the worker looks every 30 s anyway.
        let ticker = Task { [wake] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(30))
                wake.yield()
            }
        }
        defer { ticker.cancel() }
        var iterator = wakes.makeAsyncIterator()
        while !stop.isRequested {
            // A batch played while uploads were still queued: go on with them at once.
            if await workOnce() == .more { continue }
            if stop.isRequested { break }
            _ = await iterator.next()
        }
    }

    /// Whether the queue was left with uploads to check.
    public enum Progress: Sendable {
        case done
        case more
    }

    /// How long a checked version waits for the rest of the queue's checks before a batch
    /// enters it anyway: when a whole class uploads at once, the first ones see their games
    /// after a minute or so, not after everyone's check.
    public static let batchAfter: TimeInterval = 30

    /// How often the worker looks at the queue while checks run, for uploads that came
    /// meanwhile (a new upload also wakes it when it is idle).
    static let lookAgain: Duration = .milliseconds(500)

    /// A batch: the waiting versions entered and the season's games played (an adaptive
    /// season's rounds until they settle or an upload waits), or settle rounds (``ArenaSettle``):
    /// after the deadline once, or as idle play, at most `games`.
    enum Batch: Sendable, Equatable {
        case enter
        case settle(games: Int?, afterDeadline: Bool)
    }

    /// What ended in ``workOnce()``'s task group.
    enum Ended: Sendable {
        case check(Checked)
        case batch
        case look
    }

    /// Checks the queued uploads, up to ``ArenaSettings/checksAtOnce`` at a time and never two
    /// of one student's at once (a student's uploads are checked, and so entered, in the order
    /// they came), and plays a batch whenever one is due (``batchWanted(checking:)``), the
    /// checks going on while it plays: an upload's check never waits for a batch's games, only,
    /// to be put in place, for the batch's first seconds, while it enters the versions
    /// (``SubmissionsGate``). Returns when nothing is left to check or play now (`.more` if the
    /// queue still holds uploads it could not start: the stop was requested). Tests call it
    /// directly.
    @discardableResult
    public func workOnce() async -> Progress {
        var taken: Set<Int64> = []
        var stuck = false
        var diskWait = false
        await withTaskGroup(of: Ended.self) { group in
            // The checks in flight: upload id to its student's login, lowercased.
            var running: [Int64: String] = [:]
            var playing = false
            var looking = false
            while true {
                while !stop.isRequested, !stuck, running.count < settings.checksAtOnce, let next = nextUpload(besides: running), let id = next.id {
                    // The host's disk too full for a check: the queue waits, nobody is refused for it.
                    if let shortage = checkShortage() {
                        noteShortage(shortage)
                        diskWait = true
                        break
                    }
                    noteShortage(nil)
                    // An upload still queued after its check: the store did not record its end
                    // (a full disk); checking it again and again would never end.
                    guard taken.insert(id).inserted else {
                        log(
                            "arena: the store did not record the end of upload \(id)'s check; the queue waits until the store can be written (check the disk)"
                        )
                        stuck = true
                        break
                    }
                    // Its start recorded before any check of this round runs.
                    begin(next)
                    running[id] = next.login.lowercased()
                    group.addTask { .check(await self.check(next)) }
                }
                if !playing, !stop.isRequested, !stuck, let batch = batchWanted(checking: !running.isEmpty) {
                    playing = true
                    group.addTask {
                        switch batch {
                        case .enter: await self.playBatch()
                        case .settle(let games, let afterDeadline): await self.playSettle(games: games, afterDeadline: afterDeadline)
                        }
                        return .batch
                    }
                }
                if running.isEmpty, !playing { break }
                if !looking, !stop.isRequested, !stuck {
                    looking = true
                    group.addTask {
                        try? await Task.sleep(for: Self.lookAgain)
                        return .look
                    }
                }
                guard let ended = await group.next() else { break }
                switch ended {
                case .look: looking = false
                case .batch: playing = false
                case .check(let checked):
                    running[checked.id] = nil
                    // Back in the queue for the host's fault: checked again once the disk has room.
                    if checked.requeued { taken.remove(checked.id) }
                }
            }
            group.cancelAll()
        }
        // Waiting for the disk: the ticker looks again.
        guard !stuck, !diskWait else { return .done }
        // A store that cannot be read: the ticker looks again.
        guard let queued = uploads(in: [.queued]) else { return .done }
        return queued.isEmpty ? .done : .more
    }

    /// The uploads in `states`; nil when the store cannot be read, which the log says once when
    /// it begins and once when it ends (the worker looks every 500 ms while checks run). Nothing
    /// is checked or entered meanwhile: an unreadable store never reads as an empty queue.
    func uploads(in states: [ArenaSubmission.State]) -> [ArenaSubmission]? {
        do {
            let rows = try folder.store.submissions(in: states)
            if storeUnreadable {
                storeUnreadable = false
                log("arena: the store can be read again: the uploads are checked and entered")
            }
            return rows
        } catch {
            if !storeUnreadable {
                storeUnreadable = true
                log("arena: the store cannot be read (\(error)); no upload is checked or entered until it can")
            }
            return nil
        }
    }

    /// Why the host's disk cannot take a check now (``ArenaDisk/checkShortage``); nil when it can.
    func checkShortage() -> String? {
        ArenaDisk(arena: folder.path, settings: settings).checkShortage
    }

    /// The host's disk shortage said once in the log when it begins, and once when it ends.
    func noteShortage(_ shortage: String?) {
        switch (hostShortage, shortage) {
        case (nil, let now?): log("arena: the checks wait: \(now); the queued uploads are not refused for it")
        case (_?, nil): log("arena: the disk has room again: the checks go on")
        default: break
        }
        hostShortage = shortage
    }

    /// The batch due now, if any: the schedule allows it, something is there to enter (a
    /// version waiting, or the season's first night once no check is running or queued), and
    /// either no upload is queued, or the version waiting longest passed its check
    /// ``batchAfter`` ago. Checks running now are not waited for: a slow one (a bot that uses
    /// its whole game clock) would hold every classmate's version that passed beside it; what
    /// passes after the batch began is entered with the next one. Uploads still queued are
    /// waited for, up to ``batchAfter``: a class uploading at once enters in a few batches,
    /// not one each. With nothing to enter and no check running or queued: an adaptive
    /// season's rounds still to play, else settle rounds (``settleWanted()``).
    func batchWanted(checking: Bool) -> Batch? {
        guard batchIsDue() else { return nil }
        // A store that cannot be read wants no batch: the next look (every 500 ms) asks again,
        // and the batch itself would fail on it.
        guard let waiting = uploads(in: [.waiting]), let queued = uploads(in: [.queued]) else { return nil }
        let queueEmpty = queued.isEmpty
        if waiting.isEmpty {
            // The first night (the built-ins' leaderboard) waits for the checks the queue holds.
            guard !checking, queueEmpty else { return nil }
            return needsFirstNight() || roundsPending ? .enter : settleWanted()
        }
        guard !queueEmpty else { return .enter }
        let oldest = waiting.compactMap(\.checkedAt).min() ?? clock()
        return clock().timeIntervalSince(oldest) >= Self.batchAfter ? .enter : nil
    }

    /// Settle rounds due while nothing waits: once after the deadline (until one is recorded in
    /// `DIR/settled.json`), else idle play within ``ArenaSettings/idleGamesPerHour``.
    func settleWanted() -> Batch? {
        let now = clock()
        let settle = ArenaSettle(folder: folder, settings: settings, sandboxDisabled: sandboxDisabled)
        if let deadline = settings.deadline, now > deadline {
            if !settledAfterDeadline, settle.recorded() == nil { return .settle(games: nil, afterDeadline: true) }
            return nil
        }
        guard settings.idleGamesPerHour > 0 else { return nil }
        if let quiet = idleQuietUntil, now < quiet { return nil }
        idleGames.removeAll { now.timeIntervalSince($0.at) >= 3600 }
        let left = settings.idleGamesPerHour - idleGames.reduce(0) { $0 + $1.games }
        // A settle pairing is two games.
        return left >= 2 ? .settle(games: left, afterDeadline: false) : nil
    }

    /// Plays settle rounds (``ArenaSettle``): after the deadline its whole budget, recorded so
    /// that it is played once; as idle play, at most `games`, resting ``idleRest`` when every
    /// neighbour is separated already.
    func playSettle(games: Int?, afterDeadline: Bool) async {
        let settle = ArenaSettle(folder: folder, settings: settings, sandboxDisabled: sandboxDisabled)
        do {
            let outcome = try await settle.run(games: games, record: afterDeadline, gate: intake.gate, stop: stop, log: log)
            batches += 1
            retryAfter = nil
            if afterDeadline {
                settledAfterDeadline = !outcome.stoppedEarly
                log(
                    "the deadline has passed: settled with \(outcome.played) of \(outcome.budget) games; \(outcome.tiedNeighbours) pairs of neighbouring versions are still tied at 95% (standings.csv's tied_ranks)"
                )
            } else {
                idleGames.append((clock(), outcome.played))
                if outcome.played == 0 { idleQuietUntil = clock().addingTimeInterval(Self.idleRest) }
                if outcome.played > 0 { log("idle play: \(outcome.played) settle games between neighbours not yet separated") }
            }
        } catch {
            retryAfter = clock().addingTimeInterval(60)
            log("arena: the settle rounds could not be played, tried again in a minute: \(error.description)")
        }
    }

    /// Between two nights of an adaptive season's rounds: the rounds so far written and
    /// published (a student sees their interval narrow; at most every
    /// ``publishBetweenNights``), and whether to go on: not while a
    /// version waits to be entered (the batch ends, and the next enters it) or the stop is asked.
    func betweenNights() -> Bool {
        // The batch's entries at once (their private pages); then every two minutes at most.
        let due = entering != nil || lastPublished.map { ContinuousClock.now - $0 >= Self.publishBetweenNights } ?? true
        if due {
            let started = ContinuousClock.now
            do {
                _ = try ReportWriter.write(directory: settings.tournament.config.outputDirectory)
            } catch {
                log("arena: the season's reports were not written between rounds: \(error)")
            }
            publish(betweenNights: true)
            log("the rounds so far published in \(String(format: "%.1f", (ContinuousClock.now - started).seconds)) s")
        }
        // Entered and published: said so now, not after every round of the batch.
        if let entering {
            settle(entering.newest, entries: entering.entries.get(), final: true)
            self.entering = nil
        }
        let waiting = uploads(in: [.waiting]) ?? []
        guard !stop.isRequested, waiting.isEmpty else {
            roundsInterrupted = true
            return false
        }
        return true
    }

    /// One check's end.
    struct Checked: Sendable {
        var id: Int64
        var outcome: ArenaIntake.Outcome?
        /// Put back in the queue: the check failed while the host's disk was short.
        var requeued = false
    }

    /// The oldest queued upload that is not being checked and whose student has none being checked.
    func nextUpload(besides running: [Int64: String]) -> ArenaSubmission? {
        let busy = Set(running.values)
        return uploads(in: [.queued])?.first { row in
            guard let id = row.id else { return false }
            return running[id] == nil && !busy.contains(row.login.lowercased())
        }
    }

    /// Upload `submission`'s check begins: recorded in the store (`building`, when) and the log.
    func begin(_ submission: ArenaSubmission) {
        guard let id = submission.id else { return }
        do {
            try folder.store.beginCheck(id, at: clock())
        } catch {
            log("arena: upload \(id) could not be marked building: \(error)")
        }
        log("upload \(id) from \(submission.login): building")
    }

    /// Checks `submission` (already begun) and records how it ended.
    func check(_ submission: ArenaSubmission) async -> Checked {
        guard let id = submission.id else { return Checked(id: 0, outcome: nil) }
        let store = folder.store
        let log = self.log
        let clock = self.clock
        let outcome = await intake.take(
            submission,
            state: { [log] state in
                do {
                    try store.update(id, to: state)
                } catch {
                    log("arena: \(error)")
                }
            },
            line: { line in
                do {
                    try store.append(line, to: id)
                } catch {
                    log("arena: \(error)")
                }
            },
            installed: {
                // Waiting before the gate opens, so a batch that enters this version knows it.
                do {
                    try store.update(id, to: .waiting, checked: true, at: clock())
                } catch {
                    log("arena: upload \(id) could not be marked waiting: \(error)")
                }
            })
        switch outcome {
        case .passed:
            // A version waiting to play is worth a batch now, whatever failed before.
            retryAfter = nil
            log("upload \(id) from \(submission.login): passed its check; entered with the next batch")
        case .refused(let reason):
            // A check that fails while the host's disk is short may have failed for it: the
            // host's fault is never the student's, so the upload waits and is checked again.
            if let shortage = checkShortage() {
                do {
                    try folder.store.requeue(id)
                    noteShortage(shortage)
                    log("upload \(id) from \(submission.login): its check failed while the disk was short; queued again, not refused")
                    return Checked(id: id, outcome: nil, requeued: true)
                } catch {
                    log("arena: upload \(id) could not be queued again: \(error)")
                }
            }
            record(id, .refused, reason: reason, checked: true)
            log("upload \(id) from \(submission.login): refused: \(reason)")
        }
        return Checked(id: id, outcome: outcome)
    }

    /// Moves upload `id` to `state` in the store, saying so in the log when the store cannot.
    func record(_ id: Int64, _ state: ArenaSubmission.State, reason: String? = nil, version: String? = nil, checked: Bool = false) {
        do {
            try folder.store.update(id, to: state, reason: reason, version: version, checked: checked, at: checked ? clock() : Date())
        } catch {
            log("arena: upload \(id) could not be marked \(state.rawValue): \(error)")
        }
    }

    /// Whether a batch may be played now: always for `continuous`, once a day after the night's time for `nightly`.
    func batchIsDue() -> Bool {
        let now = clock()
        if let retryAfter, now < retryAfter { return false }
        switch settings.schedule {
        case .continuous:
            return true
        case .nightly(let hour, let minute):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
            let today = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            guard (parts.hour ?? 0, parts.minute ?? 0) >= (hour, minute), lastNight != today else { return false }
            return true
        }
    }

    /// Whether the season has never been played (its first night makes the leaderboard of the built-ins).
    func needsFirstNight() -> Bool {
        !FileManager.default.fileExists(atPath: settings.tournament.config.outputDirectory + "/" + ReportLayout.journal)
    }

    /// Enters the waiting versions (the newest of each student; older ones are replaced) and
    /// plays the season's missing games. The versions are read and entered holding the
    /// submissions folder (``SubmissionsGate``), so a check that passes meanwhile is put in
    /// place after the entry and waits for the next batch; the games play without it.
    func playBatch() async {
        let run = TournamentFileRun(file: settings.tournament, overrides: .init(sandboxDisabled: sandboxDisabled))
        let started = ContinuousClock.now
        let entered = Shared<SubmissionEntries?>(nil)
        let gamesPlayed = Shared(0)
        let gate = intake.gate
        await gate.enter()
        var gateHeld = true
        defer { if gateHeld { gate.leave() } }
        // Read as nothing waiting, an unreadable store would play a batch that enters nobody.
        guard let waiting = uploads(in: [.waiting]) else {
            retryAfter = clock().addingTimeInterval(60)
            return
        }
        var newest: [String: ArenaSubmission] = [:]
        for submission in waiting {
            if let earlier = newest[submission.login], let earlierID = earlier.id {
                record(
                    earlierID, .replaced,
                    reason: "upload \(submission.id ?? 0) of yours passed after it, before either was entered; that one is entered")
            }
            newest[submission.login] = submission
        }
        let summary: RunSummary
        roundsInterrupted = false
        entering = (newest, entered)
        defer { entering = nil }
        var options = TournamentRun.Options()
        options.nextNight = { await self.betweenNights() }
        do {
            let config = try await run.prepare(
                stop: stop,
                steps: { step in
                    if case .entered(let entries, _) = step { entered.update { $0 = entries } }
                })
            gate.leave()
            gateHeld = false
            summary = try await TournamentRun(configuration: config, options: options).run(stop: stop) { event in
                if case .progress(.gameFinished) = event { gamesPlayed.update { $0 += 1 } }
            }
        } catch {
            retryAfter = clock().addingTimeInterval(60)
            log("arena: the batch could not be played, tried again in a minute: \(error.description)")
            if entering != nil { settle(newest, entries: entered.get(), final: false) }
            return
        }
        batches += 1
        if case .nightly = settings.schedule { lastNight = Self.day(clock()) }
        retryAfter = nil
        // Rounds cut short for a waiting upload (or the stop) go on with the next batch.
        roundsPending = settings.tournament.config.matchmaking != .roundRobin && (roundsInterrupted || summary.stoppedEarly)
        // The pages first, so that a version said entered has its private page.
        publish()
        if entering != nil { settle(newest, entries: entered.get(), final: true) }
        let seconds = (ContinuousClock.now - started).components.seconds
        let missing = summary.missingGames
        // Every night of the batch's (the summary holds the standings' games, earlier batches' too).
        let played = gamesPlayed.get()
        // Numbered as the season's nights are, so a restart does not count from 1 again.
        let number = summary.configuration.context.seasonNight?.number ?? batches
        log(
            "batch \(number): \(played) game\(played == 1 ? "" : "s") played in \(seconds) s; the standings count \(summary.records.count)\(missing > 0 ? "; \(missing) missing (played with the next batch)" : "")"
        )
    }

    /// Marks each waiting upload entered (with its version) or refused (with the season's
    /// reason) from the batch's entries; `final` when the batch ran, so that an upload it did
    /// not mention was not entered.
    func settle(_ newest: [String: ArenaSubmission], entries: SubmissionEntries?, final: Bool) {
        guard let entries else { return }
        for (login, submission) in newest {
            guard let id = submission.id else { continue }
            if let bot = entries.entered.first(where: { $0.name.lowercased() == login.lowercased() }) {
                record(id, .entered, version: bot.version)
                log("upload \(id) from \(login): entered as version \(bot.version)")
            } else if let refused = entries.notEntered.first(where: { $0.folder.lowercased() == login.lowercased() }) {
                record(id, .refused, reason: refused.reason)
                log("upload \(id) from \(login): not entered: \(refused.reason)")
            } else if final {
                record(id, .refused, reason: "the season did not enter it (no reason given); ask your instructor")
            }
        }
    }

    /// The season published (``ArenaSettle/publish(betweenNights:log:)``), a failure said in the log.
    func publish(betweenNights: Bool = false) {
        lastPublished = ContinuousClock.now
        do {
            try ArenaSettle(folder: folder, settings: settings, sandboxDisabled: sandboxDisabled).publish(betweenNights: betweenNights, log: log)
        } catch {
            log("arena: the season's pages were not published: \(error)")
        }
    }

    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}

/// A value the batch's callbacks set and the batch reads: its entries, its games played.
private final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) {
        self.value = Mutex(value)
    }

    func update(_ body: (inout Value) -> Void) {
        value.withLock { body(&$0) }
    }

    func get() -> Value {
        value.withLock { $0 }
    }
}
