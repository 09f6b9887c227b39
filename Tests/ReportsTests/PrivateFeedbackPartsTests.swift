import BattleshipRules
import Foundation
import Reports
import Submissions
import Testing
import Tournament

/// The pure parts of the private feedback of a published run: the token, the public ledger,
/// the students and their forfeits, the solo rematch, the page's escaping.
@Suite("Private feedback parts")
struct PrivateFeedbackPartsTests {
    static let ledger: SubmissionLedger = {
        let json = """
            {"schemaVersion": 1, "folder": "/srv/class/subs", "buildsRun": 2,
             "entered": [{"name": "charlie", "folder": "charlie-folder", "buildLog": "logs/charlie-folder.build.log"}],
             "notEntered": [{"folder": "dora", "reason": "the build failed (exit status 1); the end of its log (/srv/class/reports/x/submissions/logs/dora.build.log):\\n  bot.c:1: error: <secret_line>", "buildLog": "logs/dora.build.log"},
                            {"folder": "eve", "reason": "no bot.yaml; add one with at least `command:` (see bots/SUBMITTING.md)"}]}
            """
        return try! JSONDecoder().decode(SubmissionLedger.self, from: Data(json.utf8))
    }()

    @Test("the token is the first 128 bits of HMAC-SHA256 under the secret, as Python's hmac computes it; another secret, another token")
    func token() {
        let secret = Array(repeating: UInt8(ascii: "k"), count: 32)
        #expect(PrivateFeedback.token(secret: secret, folder: "alice") == "df6a644105fa0fca35f97c118120a3e5")
        #expect(PrivateFeedback.token(secret: secret, folder: "bob") == "89b306c690900d0fd2eafddb824d4041")
        #expect(PrivateFeedback.token(secret: Array(repeating: UInt8(ascii: "j"), count: 32), folder: "alice") == "028bfa4d4fa2f691aa0b372056e43825")
        #expect(PrivateFeedback.path(token: "ab") == "private/ab/index.html")
    }

    @Test("the public ledger keeps each reason's first line without the log's path, and no build log")
    func publicLedger() {
        let redaction = PublicRedaction(runFolder: "/srv/class/reports/x", workingDirectory: "/srv/class", home: nil)
        let open = redaction.publicLedger(Self.ledger)
        #expect(open.folder == "subs")
        #expect(
            open.notEntered.map(\.reason) == [
                "the build failed (exit status 1)", "no bot.yaml; add one with at least `command:` (see bots/SUBMITTING.md)",
            ])
        #expect(open.notEntered.allSatisfy { $0.buildLog == nil } && open.entered.allSatisfy { $0.buildLog == nil })
        #expect(open.entered.map(\.name) == ["charlie"])
    }

    @Test("every submission is a student, entered or not, in folder order; an entered one has its bot's forfeits only")
    func students() {
        let students = PrivateFeedback.students(ledger: Self.ledger, records: Fixtures.finished(), secret: [1, 2, 3])
        #expect(students.map(\.folder) == ["charlie-folder", "dora", "eve"])
        #expect(students[0].forfeits.map(\.index) == [1] && students[0].notEntered == nil && students[0].buildLog == "logs/charlie-folder.build.log")
        #expect(students[1].notEntered?.hasPrefix("the build failed") == true && students[1].forfeits.isEmpty)
        #expect(Set(students.map(\.token)).count == 3)
    }

    @Test("a solo rematch holds the student's seat and seed, both fleets and the recorded shots; it compares the bot's own shots only")
    func soloRematch() throws {
        let record = Fixtures.forfeit(1, "alpha", "charlie", forfeitingSeat: 1, after: 5, kind: .timeout, reason: "charlie: The bot timed out")
        let plan = RematchPlan(
            index: 1, tournament: "golden",
            bots: [BotEntry(name: "alpha", kind: .builtin(.random)), BotEntry(name: "charlie", kind: .builtin(.random))],
            fleetSeeds: [11, 12], botSeeds: [21, 22], recorded: record)
        let solo = try #require(SoloRematch(plan: plan, bot: "charlie"))
        #expect(solo.seat == 1 && solo.botSeed == "22" && solo.fleets == [Fleet.seeded(11), Fleet.seeded(12)])
        #expect(solo.recordedEnding == "forfeit: charlie: The bot timed out")
        let own = record.shots.filter { $0.seat == .two }.map { Coordinate(x: $0.x, y: $0.y) }
        #expect(solo.opponentShots == record.shots.filter { $0.seat == .one }.map { Coordinate(x: $0.x, y: $0.y) })
        #expect(solo.ownShots == own && !own.isEmpty)
        #expect(solo.firstDifference(own) == nil)
        #expect(solo.firstDifference(Array(own.dropLast())) == own.count)
        let other = try #require(Coordinate.all.first { $0 != own[0] })
        #expect(solo.firstDifference([other] + own.dropFirst()) == 1)
        #expect(SoloRematch(plan: plan, bot: "nobody") == nil)
        #expect(SoloRematch.fileName(game: 17) == "rematch/0017.json")
    }

    @Test("the private page escapes the stderr and the reason, and links a rematch file only for the games that have one")
    func page() {
        var student = PrivateFeedback.students(ledger: Self.ledger, records: Fixtures.finished(), secret: [1])[0]
        student.forfeits[0].stderrTail = "<script>alert(1)</script>"
        let html = PrivateFeedbackPage.render(student, tournament: "golden <b>", buildLog: "$ cc <x>", rematches: [1])
        #expect(!html.contains("<script>alert") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("<pre class=\"stderr build-log\">$ cc &lt;x&gt;</pre>"))
        #expect(html.contains("href=\"rematch/0001.json\" download") && html.contains("salvo bot-check . --rematch 0001.json"))
        #expect(!PrivateFeedbackPage.render(student, tournament: "golden", buildLog: nil).contains("--rematch 0001.json"))
    }

    @Test(
        "a season's student whose new version was not entered is told that the previous version still plays, with its forfeits; one with none is told why they are not entered"
    )
    func keptVersion() {
        let current = [
            BotEntry(name: "charlie-folder", kind: .builtin(.random), version: "aaaaaaaaaaaa"),
            BotEntry(name: "dora", kind: .builtin(.random), version: "3f9c2a1b7d04"),
        ]
        let records = Fixtures.finished().map { record -> GameRecord in
            var record = record
            record.players = record.players.map {
                var player = $0
                if player.bot == "charlie" { player.bot = "dora" }
                return player
            }
            return record
        }
        let students = PrivateFeedback.students(ledger: Self.ledger, records: records, secret: [1], current: current)
        let dora = students[1]
        let eve = students[2]
        #expect(dora.keptVersion == "3f9c2a1b7d04" && dora.forfeits.map(\.index) == [1])
        #expect(eve.keptVersion == nil && eve.forfeits.isEmpty)
        let doraPage = PrivateFeedbackPage.render(dora, tournament: "golden", buildLog: nil)
        #expect(
            doraPage.contains(
                "<p id=\"entry\" class=\"kept\">Your newest version was not entered in this run, so your previous version, <code>3f9c2a1b7d04</code>, still plays as <code>dora</code>"
            ))
        #expect(doraPage.contains("id=\"forfeits\""))
        #expect(!doraPage.contains("You were not entered"))
        let evePage = PrivateFeedbackPage.render(eve, tournament: "golden", buildLog: nil)
        #expect(evePage.contains("You were not entered in this run, and no earlier version of yours plays, because:"))
        #expect(!evePage.contains("id=\"forfeits\""))
    }
}
