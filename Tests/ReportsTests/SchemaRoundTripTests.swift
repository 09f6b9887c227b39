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

    @Test(
        "a shot's JSON is the replay schema's (seat from 0, result as a word), read back whole; one naming only its seat and cell reads as a miss; a third seat or an unknown result is refused"
    )
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
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ShotRecord.self, from: Data(#"{"seat":0,"x":2,"y":3,"result":"splash"}"#.utf8))
        }
    }

    @Test(
        "a game of results.json gives its length as moves and the winner's shots as winnerShots, and no member named shots: \"shots\" counts one player's"
    )
    func movesAndShots() throws {
        let results = ResultsBuilder.build(config: Fixtures.config(), finished: Fixtures.finished(), generatedAt: Fixtures.generatedAt)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONFormat.file(results)) as? [String: Any])
        let games = try #require(object["games"] as? [[String: Any]])
        let records = Fixtures.finished()
        for game in games {
            // The record that counts: the game's last win or forfeit.
            let record = try #require(records.last { $0.index == game["index"] as? Int && $0.termination != .noResult })
            #expect(game["moves"] as? Int == record.shots.count && game["shots"] == nil, "\(game)")
            #expect(game["winnerShots"] as? Int == record.winner.map { record.shotCount(of: $0) }, "\(game)")
        }
        #expect(games.allSatisfy { $0["moves"] is Int && $0["shots"] == nil })
    }

    @Test("results.json of release 0.3.0 (schemaVersion 1, a game's length as shots) and of a 0.4 build before moves are read, shots taken as moves")
    func olderResultsRead() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/release-0.3.0/results.json")
        let old = try JSONFormat.decoder().decode(ResultsDocument.self, from: Data(contentsOf: fixture))
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
        let rawGames = try #require(raw["games"] as? [[String: Any]])
        #expect(old.schemaVersion == 1 && old.games.count == rawGames.count && !old.games.isEmpty)
        #expect(old.games.map(\.moves) == rawGames.map { $0["shots"] as? Int ?? -1 })
        #expect(old.games.first?.moves == 59 && old.games.allSatisfy { $0.winnerShots == nil })

        // A file of this schema version with its games' length still as shots (a 0.4 build before
        // the rename) reads back equal to the document.
        let results = ResultsBuilder.build(config: Fixtures.config(), finished: Fixtures.finished(), generatedAt: Fixtures.generatedAt)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONFormat.file(results)) as? [String: Any])
        object["games"] = (object["games"] as? [[String: Any]])?.map { game in
            var game = game
            game["shots"] = game.removeValue(forKey: "moves")
            return game
        }
        let renamed = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONFormat.decoder().decode(ResultsDocument.self, from: renamed) == results)
        // Neither name: refused, naming moves.
        object["games"] = (object["games"] as? [[String: Any]])?.map { $0.filter { $0.key != "shots" } }
        #expect { try JSONFormat.decoder().decode(ResultsDocument.self, from: JSONSerialization.data(withJSONObject: object)) } throws: { error in
            "\(error)".contains("moves")
        }
    }
}
