import Foundation
import Reports
import Testing
import Tournament

/// One word per quantity on the pages (issue 52; docs/output.md, "Words"): "shots" as a number
/// is one player's (a win's are the winner's), both seats' together are the game's "moves".
@Suite("Pages: shots and moves")
struct MovesWordingTests {
    static let results = ResultsBuilder.build(config: Fixtures.config(), finished: Fixtures.finished(), generatedAt: Fixtures.generatedAt)

    @Test("index.html's and a games page's lists head both seats' shots \"Moves\" and give each game's moves")
    func gameLists() throws {
        let index = IndexPage.render(Self.results)
        let games = GamesPage.render(Self.results, number: 1)
        for page in [index, games] {
            #expect(page.contains("<th title=\"the shots of both seats together\">Moves</th>"))
            #expect(!page.contains("Shots, both"))
        }
        for game in Self.results.games {
            #expect(games.contains("<tr data-index=\"\(game.index)\""))
            let row = try #require(
                games.components(separatedBy: "<tr data-index=\"\(game.index)\"").dropFirst().first?.components(separatedBy: "\n").first)
            #expect(row.hasSuffix("<td>\(game.moves)"), "\(row)")
        }
    }

    @Test("a replay page steps through moves (\"Move 0 of 73\", moves a second) and gives the winner's shots in its outcome")
    func replayPage() throws {
        let record = try #require(Fixtures.finished().first { $0.index == 0 })
        let replay = ReplayBuilder.replay(of: record, tournament: "golden")
        let page = ReplayPage.render(replay, indexLink: nil)
        let moves = record.shots.count
        let own = record.shotCount(of: .one)
        #expect(moves == 73 && own == 37)
        #expect(page.contains("<span id=\"step-label\">Move 0 of 73</span> · <span id=\"shot-info\">Before the first move.</span>"))
        #expect(page.contains("aria-label=\"Move\"") && page.contains("<option value=\"5\" selected>5 moves/s</option>"))
        #expect(!page.contains("Shot 0 of") && !page.contains("shots/s"))
        #expect(page.contains("<b>alpha</b> won by sinking the fleet in 37 shots."))
        // The script that keeps the label current says the same word.
        #expect(page.contains("label.textContent=\"Move \"+step+\" of \"+steps;"))
    }
}
