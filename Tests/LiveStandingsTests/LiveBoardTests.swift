import BattleshipRules
import Foundation
import LiveStandings
import Reports
import Scoring
import Testing
import Tournament

/// The live board as a value: standings, forfeits with their texts scrubbed of ids, progress.
@Suite("Live board")
struct LiveBoardTests {
    static func record(index: Int, winner: PlayerSeat, players: (String, String), forfeit: Bool = false) -> GameRecord {
        let gameID = "game-\(index)-7f3a9c"
        let one = "player-\(index)-one-51bd"
        let two = "player-\(index)-two-a9e0"
        return GameRecord(
            index: index, server: "http://127.0.0.1:9", gameId: gameID, gameName: "live \(index)",
            players: [
                PlayerRecord(bot: players.0, serverName: players.0, playerId: one, boardSeed: 1),
                PlayerRecord(bot: players.1, serverName: players.1, playerId: two, boardSeed: 2),
            ],
            shots: [ShotRecord(seat: .one, x: 0, y: 0, hit: false, sunk: 0, atMilliseconds: 5)],
            termination: forfeit ? .forfeit : .win, winner: winner,
            reason: forfeit ? "no move within 5 s in game \(gameID) (player \(two))" : nil,
            forfeitKind: forfeit ? .timeout : nil,
            stderrTail: forfeit ? "token \(one)\nstill thinking" : nil,
            startedAt: Date(timeIntervalSince1970: 0), durationMilliseconds: 10
        )
    }

    @Test("standings rank by score, then wins, then name; a forfeit is a loss with its kind, its texts without ids")
    func standingsAndForfeits() throws {
        var board = LiveBoard(tournament: "t", bots: ["a", "b", "c"], total: 4)
        let start = Date(timeIntervalSince1970: 1000)
        board.apply(.started(total: 4, alreadyRated: []), at: start)
        board.apply(.gameFinished(Self.record(index: 0, winner: .one, players: ("a", "b")), done: 1, total: 4), at: start + 1)
        board.apply(.gameFinished(Self.record(index: 1, winner: .one, players: ("c", "b"), forfeit: true), done: 2, total: 4), at: start + 2)
        #expect(board.standings.map(\.bot) == ["a", "c", "b"])
        #expect(board.standings.map(\.rank) == [1, 2, 3])
        let b = try #require(board.standings.last)
        #expect((b.wins, b.losses, b.forfeits) == (0, 2, ["timeout": 1]))
        #expect(board.recent.map(\.index) == [1, 0])
        let forfeit = try #require(board.forfeits.first)
        #expect(forfeit.bot == "b" && forfeit.opponent == "c" && forfeit.kind == "timeout" && forfeit.shot == 1)
        #expect(forfeit.reason == "no move within 5 s in game [id] (player [id])")
        #expect(forfeit.stderrTail == "token [id]\nstill thinking")
        #expect(board.gamesPerSecond == 1)
        #expect(board.etaSeconds == 2)
        let json = String(decoding: board.json(version: 3), as: UTF8.self)
        // One word per quantity: a game's length is its moves (both seats' shots), a forfeit's
        // moment the bot's own shot that never came.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let recent = try #require(object["recent"] as? [[String: Any]])
        #expect(recent.map { $0["moves"] as? Int } == [1, 1] && recent.allSatisfy { $0["shots"] == nil })
        #expect((object["forfeits"] as? [[String: Any]])?.map { $0["shot"] as? Int } == [1])
        #expect((object["forfeits"] as? [[String: Any]])?.allSatisfy { $0["move"] == nil } == true)
        for id in ["game-1-7f3a9c", "player-1-one-51bd", "player-1-two-a9e0", "game-0-7f3a9c", "http://"] {
            #expect(!json.contains(id))
        }
        board.mark(.finished, at: start + 3)
        #expect(board.etaSeconds == nil)
    }

    @Test("a continued run's board counts the games earlier runs rated, as the report does")
    func continuedRunCountsEarlierGames() throws {
        var board = LiveBoard(tournament: "t", bots: ["a", "b"], total: 3)
        let earlier = [
            Self.record(index: 0, winner: .two, players: ("a", "b")), Self.record(index: 1, winner: .one, players: ("b", "a"), forfeit: true),
        ]
        board.apply(.started(total: 3, alreadyRated: earlier), at: Date(timeIntervalSince1970: 0))
        #expect(board.done == 2 && board.alreadyDone == 2)
        board.apply(.gameFinished(Self.record(index: 2, winner: .one, players: ("a", "b")), done: 3, total: 3), at: Date(timeIntervalSince1970: 1))
        #expect(board.standings.map(\.bot) == ["b", "a"])
        let b = try #require(board.standings.first)
        let a = try #require(board.standings.last)
        #expect((b.games, b.wins, b.losses) == (3, 2, 1) && (a.games, a.wins, a.losses) == (3, 1, 2))
        #expect(a.forfeits == ["timeout": 1])
        // Only this run's games are listed as recent; the counts are the whole tournament's.
        #expect(board.recent.map(\.index) == [2] && board.forfeitCount == 0)
        #expect(
            board.standings.map(\.tally)
                == Scoreboard(bots: ["a", "b"], records: earlier + [Self.record(index: 2, winner: .one, players: ("a", "b"))]).standings)
    }

    @Test(
        "a hub given the publish redaction serves no absolute path: the run's folder by its name, the working folder relative, the home folder as ~; and names the report"
    )
    func hubRedactsPaths() throws {
        let redaction = PublicRedaction(runFolder: "/srv/course/reports/week3", workingDirectory: "/srv/course", home: "/home/instructor")
        let hub = LiveHub(tournament: "t", bots: ["a", "b"], total: 2, redaction: redaction)
        var record = Self.record(index: 0, winner: .one, players: ("a", "b"), forfeit: true)
        record.stderrTail =
            "Traceback:\n  File \"/srv/course/submissions/b/bot.py\", line 3\n  /home/instructor/.cache/x\n  /srv/course/reports/week3/logs/b.log\nZeroDivisionError"
        record.reason = "b crashed reading /srv/course/submissions/b/input.txt"
        hub.record(.gameFinished(record, done: 1, total: 2))
        let json = String(decoding: hub.board.json(version: 1), as: UTF8.self)
        #expect(!json.contains("/srv/course") && !json.contains("/home/instructor"), "\(json)")
        let forfeit = try #require(hub.board.forfeits.first)
        #expect(
            forfeit.stderrTail == "Traceback:\n  File \"submissions/b/bot.py\", line 3\n  ~/.cache/x\n  reports/week3/logs/b.log\nZeroDivisionError")
        #expect(forfeit.reason == "b crashed reading submissions/b/input.txt")
        #expect(json.contains(#""report":"week3/index.html""#))
    }

    @Test("the page embeds the board with every < escaped, and draws names with textContent only")
    func pageEscapes() {
        let hub = LiveHub(tournament: "<b>cup</b>", bots: ["</script><script>alert(1)</script>"], total: 1)
        let page = LivePage.render(hub.snapshot(), tournament: hub.board.tournament)
        #expect(page.contains("<title>&lt;b&gt;cup&lt;/b&gt; · live · Salvo</title>"))
        #expect(!page.contains("</script><script>alert(1)"))
        #expect(page.contains(#"\u003c/script>\u003cscript>alert(1)\u003c/script>"#))
        #expect(!page.contains("innerHTML"))
    }
}
