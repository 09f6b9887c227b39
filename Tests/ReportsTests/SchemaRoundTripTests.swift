import Foundation
import Reports
import Testing
import Tournament

@Suite("Report schemas")
struct SchemaRoundTripTests {
    @Test("results.json decodes back to the document that was encoded, with its schema version")
    func resultsRoundTrip() throws {
        let results = ResultsBuilder.build(config: Fixtures.config(), finished: Fixtures.finished(), generatedAt: Fixtures.generatedAt)
        let decoded = try ReportJSON.decoder().decode(ResultsDocument.self, from: try ReportJSON.file(results))
        #expect(decoded == results)
        #expect(decoded.schemaVersion == 2)
        #expect(decoded.sprt != nil && decoded.games.count == 6)
    }

    @Test("every replay JSON decodes back to the document that was encoded")
    func replayRoundTrip() throws {
        for record in Fixtures.finished() {
            let replay = ReplayBuilder.replay(of: record, tournament: "golden")
            let decoded = try ReportJSON.decoder().decode(ReplayDocument.self, from: ReportJSON.replayFile(replay))
            #expect(decoded == replay)
            #expect(decoded.schemaVersion == 1)
        }
    }

    @Test("a replay keeps every shot in order with its result, and both fleets")
    func replayContents() throws {
        let record = try #require(Fixtures.finished().first { $0.index == 0 })
        let replay = ReplayBuilder.replay(of: record, tournament: "golden")
        #expect(replay.shots.count == record.shots.count)
        #expect(zip(replay.shots, record.shots).allSatisfy { $0.x == $1.x && $0.y == $1.y && $0.seat == $1.seat.index && $0.atMilliseconds == $1.atMilliseconds })
        #expect(replay.shots.filter { $0.result == "sunk" }.map(\.sunk).sorted() == [2, 3, 3, 4, 5])
        #expect(replay.shots.filter { $0.result == "hit" }.count == 12)
        for player in replay.players {
            #expect(player.shipCells?.count == 17)
            #expect(player.ships?.map(\.length).sorted() == [2, 3, 3, 4, 5])
            #expect(player.shipsSource == "seed")
        }
        #expect(replay.outcome == .init(termination: "win", winnerSeat: 0, winner: "alpha", reason: nil, forfeitKind: nil))
        #expect(replay.players[0].boardSeed == "1000")
    }
}
