import BattleshipRules
import Bots
import Foundation
import Processes
import SafeText
import Testing

@testable import Reports
@testable import Tournament

/// The pure parts of the bots' pages: file names, heat map counts, shots-to-win bins, the
/// forfeit's move, shell quoting, the rematch's seeds, and the journal's stderr tail.
@Suite("Bot page parts")
struct BotPagePartsTests {
    @Test("file stems are safe, lower-case, short, and unique in the order given, whatever the names")
    func fileNames() {
        #expect(BotFileNames.stem("Alice") == "alice")
        #expect(BotFileNames.stem("<script>alert(1)</script>") == "script-alert-1-script")
        #expect(BotFileNames.stem(#"Tom & "Jerry" <i>it</i>"#) == "tom-jerry-i-it-i")
        #expect(BotFileNames.stem("../../etc/passwd") == "etc-passwd")
        #expect(BotFileNames.stem("...") == "bot")
        #expect(BotFileNames.stem("名前") == "bot")
        #expect(BotFileNames.stem("v1.2_final-bot") == "v1.2_final-bot")
        #expect(BotFileNames.stem(String(repeating: "ab", count: 100)).count == BotFileNames.maximumStemLength)
        let files = BotFileNames.assign(["Alice", "alice", "ALICE!", "名前", "🚢", "Alice"])
        #expect(files == ["Alice": "alice", "alice": "alice-2", "ALICE!": "alice-3", "名前": "bot", "🚢": "bot-2"])
    }

    /// A game of `bot` (seat 0) against `other` where seat 0 fires `own` and seat 1 fires `theirs`, alternating.
    static func record(_ index: Int, _ bot: String, _ other: String, own: [(Int, Int)], theirs: [(Int, Int)]) -> GameRecord {
        var shots: [ShotRecord] = []
        for turn in 0..<max(own.count, theirs.count) {
            if turn < own.count { shots.append(ShotRecord(seat: .one, x: own[turn].0, y: own[turn].1, hit: false, sunk: 0, atMilliseconds: 0)) }
            if turn < theirs.count {
                shots.append(ShotRecord(seat: .two, x: theirs[turn].0, y: theirs[turn].1, hit: false, sunk: 0, atMilliseconds: 0))
            }
        }
        return GameRecord(
            index: index, server: "s", gameId: "g\(index)", gameName: "n",
            players: [
                PlayerRecord(bot: bot, serverName: bot, playerId: "", boardSeed: nil),
                PlayerRecord(bot: other, serverName: other, playerId: "", boardSeed: nil),
            ],
            shots: shots, termination: .noResult, winner: nil, reason: nil, startedAt: Date(timeIntervalSince1970: 0), durationMilliseconds: 1
        )
    }

    @Test("the heat map counts each game's first N shots of the bot, in either seat, cell by cell")
    func heatMap() {
        let records = [
            Self.record(0, "me", "you", own: [(4, 4), (5, 5), (0, 0)], theirs: [(4, 4), (9, 9)]),
            Self.record(1, "you", "me", own: [(1, 1)], theirs: [(4, 4), (0, 0)]),
            Self.record(2, "me", "you", own: [], theirs: [(3, 3)]),
        ]
        let first = FirstShotHeatMap(bot: "me", records: records, shotsPerGame: 1)
        #expect(first.games == 2 && first.total == 2 && first.maximum == 2)
        #expect(first.counts[44] == 2)
        #expect(first.counts.enumerated().filter { $0.element > 0 }.map(\.offset) == [44])
        let two = FirstShotHeatMap(bot: "me", records: records, shotsPerGame: 2)
        #expect(two.total == 4)
        #expect(two.counts[44] == 2 && two.counts[55] == 1 && two.counts[0] == 1 && two.counts[99] == 0 && two.counts[11] == 0)
    }

    @Test("shots to win are binned by 5 from the lowest to the highest count, each side as a share of its own wins")
    func shotsBins() {
        let all = [
            ResultsDocument.ShotsToWin(
                bot: "me", wins: 4, mean: nil, histogram: [.init(shots: 41, games: 1), .init(shots: 44, games: 2), .init(shots: 52, games: 1)]),
            ResultsDocument.ShotsToWin(bot: "a", wins: 2, mean: nil, histogram: [.init(shots: 39, games: 1), .init(shots: 60, games: 1)]),
            ResultsDocument.ShotsToWin(bot: "b", wins: 2, mean: nil, histogram: [.init(shots: 45, games: 2)]),
        ]
        let comparison = ShotsComparison(bot: "me", all: all)
        #expect(comparison.botWins == 4 && comparison.fieldWins == 4)
        #expect(comparison.bins.map(\.lowerShots) == [35, 40, 45, 50, 55, 60])
        #expect(comparison.bins.map(\.upperShots) == [39, 44, 49, 54, 59, 64])
        #expect(comparison.bins.map(\.bot) == [0, 3, 0, 1, 0, 0])
        #expect(comparison.bins.map(\.field) == [1, 0, 2, 0, 0, 1])
        #expect(comparison.botShares == [0, 75, 0, 25, 0, 0])
        #expect(comparison.fieldShares == [25, 0, 50, 0, 0, 25])
        #expect(ShotsComparison(bot: "me", all: []).bins.isEmpty)
    }

    @Test("a forfeit's move is the forfeiting bot's next shot and the game's next move; a launch forfeit is before any shot")
    func forfeitMove() throws {
        // Game 1 of the fixtures: charlie (seat 1) forfeits after 5 shots, 3 by alpha and 2 by charlie.
        let record = try #require(Fixtures.finished().first { $0.index == 1 })
        let moment = try #require(ForfeitMoment(record))
        #expect(moment == ForfeitMoment(seat: 1, ownShot: 3, gameMove: 6, atLaunch: false))
        #expect(moment.description == "at its shot 3 (move 6 of the game)")
        var launch = record
        launch.shots = []
        launch.forfeitKind = .launch
        #expect(ForfeitMoment(launch) == ForfeitMoment(seat: 1, ownShot: 1, gameMove: 1, atLaunch: true))
        #expect(ForfeitMoment(launch)?.description == "at launch, before its first shot")
        #expect(ForfeitMoment(Fixtures.finished()[0]) == nil)
    }

    @Test("a folder is one shell word: plain when safe, single-quoted otherwise")
    func shellQuoting() {
        #expect(ShellText.word("reports/demo-2") == "reports/demo-2")
        #expect(ShellText.word("my runs/it's") == #"'my runs/it'\''s'"#)
        #expect(ShellText.word("$(rm -rf ~)") == "'$(rm -rf ~)'")
        #expect(ShellText.word("") == "''")
        #expect(BotPage.rematchCommand(folder: "/tmp/a b", game: 12) == "salvo rematch '/tmp/a b' 12")
    }

    @Test("the rematch's bot seeds are the schedule's, for both seed derivations")
    func rematchSeeds() {
        for derivation in SeedDerivation.allCases {
            var config = Fixtures.config()
            config.seed = 0xDEAD_BEEF_1234
            config.context.seedDerivation = derivation
            let journal = RunJournal(configuration: config, finished: [])
            for game in RoundRobinScheduler(config: config).schedule.games {
                let plan = try? RematchPlan(journal: journal, index: game.index)
                #expect(
                    plan?.botSeeds == PlayerSeat.allCases.map { ScheduleSeeds.botSeed(config, index: game.index, seat: $0) },
                    "\(derivation) \(game.index)")
                #expect(plan?.fleetSeeds == [game.creatorSeed, game.joinerSeed])
            }
        }
    }

    @Test("a game's stderr tail goes into the journal and back; a record without one reads as nil")
    func journalTail() throws {
        var record = try #require(Fixtures.finished().first { $0.index == 1 })
        record.stderrTail = "line one\n</pre><script>alert(1)</script> \"q\""
        let line = JournalCodec.line(.finished(record))
        #expect(String(decoding: line, as: UTF8.self).contains(#""stderrTail":"line one\n</pre><script>alert(1)</script> \"q\"""#))
        let read = try line.dropLast().withUnsafeBufferPointer { try JournalCodec.entry($0) }
        #expect(read == .finished(record))
        record.stderrTail = nil
        let plain = JournalCodec.line(.finished(record))
        #expect(!String(decoding: plain, as: UTF8.self).contains("stderrTail"))
        #expect(try plain.dropLast().withUnsafeBufferPointer { try JournalCodec.entry($0) } == .finished(record))
    }

    @Test("the stderr tail keeps the last 20 lines of the last 8 KiB, cut to 300 characters, control characters as ?")
    func stderrTail() {
        var tail = StderrTail()
        #expect(tail.text() == nil)
        tail.append(ArraySlice(Array("\n\n  \n".utf8)))
        #expect(tail.text() == nil)
        tail.append(ArraySlice((1...30).map { "line \($0)\n" }.joined().utf8))
        #expect(tail.text() == (11...30).map { "line \($0)" }.joined(separator: "\n"))
        tail.append(ArraySlice(Array(("bell\u{7} nul\u{0} esc\u{1B}[31m\r\n" + String(repeating: "y", count: 1_000) + "\n\n").utf8)))
        let lines = tail.text()?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        #expect(lines.count == 20)
        #expect(lines[18] == "bell? nul? esc?[31m")
        #expect(lines[19] == Substring(String(repeating: "y", count: 299) + "…"))
        var huge = StderrTail()
        huge.append(ArraySlice(Array(repeating: UInt8(ascii: "z"), count: 100_000)))
        huge.append(ArraySlice(Array("\nlast".utf8)))
        #expect(huge.text() == String(repeating: "z", count: 299) + "…\nlast")
    }
}
