import Arena
import Foundation
import JSONCoding
import Reports
import RunControl
import SalvoTestSupport
import Sandbox
import Synchronization
import Testing
import Tournament

/// An adaptive arena played by its real worker over real uploads of real Python bots: the
/// reroll the issue measured (one student uploads the same code six times, then goes back to
/// the luckiest), and the settle step after the deadline.
@Suite("An adaptive arena", .serialized, .timeLimit(.minutes(8)))
struct ArenaMatchmakingTests {
    /// An arena of `logins` whose season is adaptive; `extra` lines join arena.yaml.
    static func arena(_ logins: [String], extra: String = "") throws -> ArenaFolder {
        let path = NSTemporaryDirectory() + "salvo-arena-adaptive-\(UUID().uuidString.prefix(8))"
        let folder = try ArenaFolder.create(at: path, roster: ArenaRoster.read(logins.joined(separator: "\n") + "\n"))
        try """
        name: cs101
        bots: [random]
        games_per_pairing: 2
        concurrency: 4
        check_games: 0
        matchmaking: adaptive
        rating_interval: 100
        deadline: 2030-01-01T00:00:00Z
        \(extra)
        """.write(toFile: path + "/arena.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    /// The worker's clock, which the test moves, and its log.
    final class Watch: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let lines = Mutex<[String]>([])
    }

    /// The arena's real worker, on `watch`'s clock and logging into it.
    static func worker(_ folder: ArenaFolder, _ watch: Watch) throws -> ArenaWorker {
        ArenaWorker(
            folder: folder, settings: try ArenaSettings.read(arena: folder.path), launcher: SandboxLauncher(), stop: StopSignal(),
            clock: { watch.now.withLock { $0 } }, log: { line in watch.lines.withLock { $0.append(line) } })
    }

    /// Queues an upload of the example random bot for `login`; `note` makes it another version
    /// of the same code.
    @discardableResult
    static func upload(_ folder: ArenaFolder, login: String, note: String) throws -> Int64 {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: ArenaServiceTests.botArchive(note: note)))
        let name = try bytes.withUnsafeBytes { try folder.saveUpload($0) }
        let row = try folder.store.insert(ArenaSubmission(login: login, receivedAt: Date(), state: .queued, archive: name, archiveBytes: bytes.count))
        return try #require(row.id)
    }

    /// The season's own standings (logins, not public names).
    static func standings(_ folder: ArenaFolder) throws -> [ResultsDocument.Standing] {
        try ArenaStandings(folder: folder.path + "/season").document(tournament: "cs101").standings
    }

    @Test(
        "six uploads of the same code are rated within each other's intervals; going back to the luckiest owes twice its games; after the deadline's settle step it ranks above no identical classmate beyond a tie"
    )
    func reroll() async throws {
        let twins = (1...5).map { "twin\($0)" }
        // No idle play: every game is the matchmaking's or the settle step's.
        let folder = try Self.arena(["cheat"] + twins, extra: "idle_games_per_hour: 0")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        // The worker's clock: before the deadline until the test moves it past.
        let watch = Watch()
        let worker = try Self.worker(folder, watch)

        for login in ["cheat"] + twins { try Self.upload(folder, login: login, note: login == "cheat" ? "reroll 1" : "") }
        #expect(await worker.workOnce() == .done)
        var rerolls: [(version: String, rating: ResultsDocument.Estimate, games: Int)] = []
        func noteCheat() throws {
            let row = try #require(try Self.standings(folder).first { $0.bot == "cheat" }, "\(watch.lines.withLock { $0 })")
            rerolls.append((try #require(row.version), try #require(row.rating), row.games))
        }
        try noteCheat()
        for reroll in 2...6 {
            try Self.upload(folder, login: "cheat", note: "reroll \(reroll)")
            #expect(await worker.workOnce() == .done)
            try noteCheat()
        }
        #expect(Set(rerolls.map(\.version)).count == 6, "six versions")
        // The same code six times: every two ratings within their intervals of each other.
        for (a, b) in rerolls.indices.flatMap({ a in rerolls.indices.filter { $0 > a }.map { (a, $0) } }) {
            let gap = abs(rerolls[a].rating.value - rerolls[b].rating.value)
            let reach = (rerolls[a].rating.upper - rerolls[a].rating.value) + (rerolls[b].rating.upper - rerolls[b].rating.value)
            #expect(gap <= reach, "reroll \(a + 1) at \(rerolls[a].rating.value) and \(b + 1) at \(rerolls[b].rating.value)")
        }

        // Back to the luckiest: the same bytes, so the same version, with its games kept, and
        // twice as many again owed: its old luck weighs a third.
        let best = try #require(rerolls.indices.max { rerolls[$0].rating.value < rerolls[$1].rating.value })
        if best == rerolls.count - 1 {
            // The luckiest is the one playing: another upload first, so that going back is a return.
            try Self.upload(folder, login: "cheat", note: "reroll 7")
            #expect(await worker.workOnce() == .done)
        }
        try Self.upload(folder, login: "cheat", note: "reroll \(best + 1)")
        #expect(await worker.workOnce() == .done)
        let back = try #require(try Self.standings(folder).first { $0.bot == "cheat" })
        #expect(back.version == rerolls[best].version)
        #expect(
            back.games >= 3 * rerolls[best].games,
            "back with \(back.games) games; it had \(rerolls[best].games): \(watch.lines.withLock { $0.suffix(8) })")

        // The deadline passes: the worker settles once, and says so.
        watch.now.withLock { $0 = Date(timeIntervalSince1970: 1_900_000_000) }
        #expect(await worker.workOnce() == .done)
        let settled = try #require(ArenaSettle(folder: folder, settings: try ArenaSettings.read(arena: folder.path)).recorded())
        #expect(
            watch.lines.withLock { $0 }.contains {
                $0.hasPrefix("the deadline has passed: settled with \(settled.played) of \(settled.budget) games")
            })
        #expect(settled.played > 0 || settled.tiedNeighbours == 0)
        let batches = await worker.batches
        #expect(await worker.workOnce() == .done)
        #expect(await worker.batches == batches, "settled once")

        // The luckiest version ranks above no identical classmate beyond a statistical tie.
        let final = try Self.standings(folder)
        let cheat = try #require(final.first { $0.bot == "cheat" })
        for twin in final where twins.contains(twin.bot) && twin.rank > cheat.rank {
            #expect(
                cheat.tie != nil && cheat.tie == twin.tie,
                "cheat ranked \(cheat.rank), \(twin.bot) \(twin.rank), not tied: \(final.map { "\($0.rank) \($0.bot) \($0.rating?.value ?? 0) \($0.games) \(String(describing: $0.tie))" })"
            )
        }
        // The grade sheet says which ranks are ties.
        let csv = try String(contentsOfFile: folder.path + "/standings.csv", encoding: .utf8)
        #expect(csv.hasPrefix("rank,name,login,version,rating,interval_low,interval_high,tied_ranks,"), "\(csv)")
        if let tie = cheat.tie { #expect(csv.contains(",\(tie.first) to \(tie.last),"), "\(csv)") }
    }

    /// The games of the season's settle nights.
    static func settleGames(_ folder: ArenaFolder) throws -> Int {
        try Journal.read(path: folder.path + "/season/journal.jsonl").reduce(0) { sum, entry in
            guard case .night(let night) = entry, night.matchmade?.method == .settle else { return sum }
            return sum + night.games.count
        }
    }

    @Test("idle play: with nothing waiting and every version settled or out of budget, settle rounds within idle_games_per_hour, more after the hour")
    func idlePlay() async throws {
        let folder = try Self.arena(["ann", "ben", "cid", "dee"], extra: "idle_games_per_hour: 6")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let watch = Watch()
        let worker = try Self.worker(folder, watch)
        for login in ["ann", "ben", "cid", "dee"] { try Self.upload(folder, login: login, note: "") }
        // Entered, the adaptive rounds played (a budget of 4 games each leaves every version
        // tied), then the hour's idle games.
        #expect(await worker.workOnce() == .done)
        let first = try Self.settleGames(folder)
        #expect(first > 0 && first <= 6, "\(first) idle games: \(watch.lines.withLock { $0 })")
        #expect(
            watch.lines.withLock { $0 }.contains { $0.hasPrefix("idle play: ") && $0.contains(" settle games between neighbours not yet separated") })
        // Within the hour, nothing more.
        let batches = await worker.batches
        watch.now.withLock { $0 += 30 * 60 }
        #expect(await worker.workOnce() == .done)
        #expect(await worker.batches == batches)
        #expect(try Self.settleGames(folder) == first)
        // After it, the next hour's.
        watch.now.withLock { $0 += 31 * 60 }
        #expect(await worker.workOnce() == .done)
        let second = try Self.settleGames(folder)
        #expect(second > first && second <= first + 6, "\(first), then \(second)")
    }
}
