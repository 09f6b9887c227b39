import Foundation
import JSONCoding
import Reports
import Testing
import Tournament

@Suite("Report schemas")
struct SchemaRoundTripTests {
    @Test("results.json decodes back to the document that was encoded, with its schema version")
    func resultsRoundTrip() throws {
        let results = ResultsBuilder.build(config: Fixtures.config(), finished: Fixtures.finished(), generatedAt: Fixtures.generatedAt)
        let decoded = try JSONFormat.decoder().decode(ResultsDocument.self, from: try JSONFormat.file(results))
        #expect(decoded == results)
        #expect(decoded.schemaVersion == 2)
        #expect(decoded.sprt != nil && decoded.games.count == 6)
    }

    @Test("every replay JSON decodes back to the document that was encoded")
    func replayRoundTrip() throws {
        for record in Fixtures.finished() {
            let replay = ReplayBuilder.replay(of: record, tournament: "golden")
            let decoded = try JSONFormat.decoder().decode(ReplayDocument.self, from: ReplayJSONWriter.file(replay))
            #expect(decoded == replay)
            #expect(decoded.schemaVersion == 1)
        }
    }

    @Test("a replay keeps every shot in order with its result, and both fleets")
    func replayContents() throws {
        let record = try #require(Fixtures.finished().first { $0.index == 0 })
        let replay = ReplayBuilder.replay(of: record, tournament: "golden")
        #expect(replay.shots == record.shots)
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

    @Test("a shot's JSON is the replay schema's (seat from 0, result as a word), read back whole; one naming only its seat and cell reads as a miss; a third seat or an unknown result is refused")
    func shotJSON() throws {
        let shots = [
            ShotRecord(seat: .two, x: 3, y: 4, hit: true, sunk: 0, atMilliseconds: 812),
            ShotRecord(seat: .one, x: 9, y: 0, hit: true, sunk: 5, atMilliseconds: 0),
            ShotRecord(seat: .one, x: 0, y: 9, hit: false, sunk: 0, atMilliseconds: 7),
        ]
        let data = try JSONEncoder().encode(shots)
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(objects.map { $0["seat"] as? Int } == [1, 0, 0])
        #expect(objects.map { $0["result"] as? String } == ["hit", "sunk", "miss"])
        #expect(try JSONDecoder().decode([ShotRecord].self, from: data) == shots)
        let bare = try JSONDecoder().decode(ShotRecord.self, from: Data(#"{"seat":1,"x":2,"y":3}"#.utf8))
        #expect(bare == ShotRecord(seat: .two, x: 2, y: 3, hit: false, sunk: 0, atMilliseconds: 0))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ShotRecord.self, from: Data(#"{"seat":2,"x":2,"y":3}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ShotRecord.self, from: Data(#"{"seat":0,"x":2,"y":3,"result":"splash"}"#.utf8)) }
    }
}
