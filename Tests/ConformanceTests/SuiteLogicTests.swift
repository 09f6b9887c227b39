import BattleshipRules
import Conformance
import Testing

/// The suite's pure parts: fleet arrangements, JSON reading, the catalog, the report text.
@Suite("conformance logic")
struct SuiteLogicTests {
    @Test("a seeded fleet's cells admit its own arrangement, and sunk reports narrow the arrangements")
    func fleetLayouts() {
        for seed in UInt64(1)...30 {
            let fleet = Fleet.seeded(seed)
            let cells = Set(fleet.ships.flatMap(\.cells))
            var layouts = FleetLayouts(shipCells: cells)
            let truth = Set(fleet.ships.map { Set($0.cells) })
            #expect(layouts.candidates.contains { Set($0.map { Set($0) }) == truth }, "seed \(seed)")
            // Firing at every cell in row order with the true answers leaves the true arrangement.
            var hits = Set<Coordinate>()
            for cell in cells.sorted(by: { $0.index < $1.index }) {
                hits.insert(cell)
                let ship = fleet.ships.first { $0.cells.contains(cell) }!
                let sunk = ship.cells.allSatisfy(hits.contains) ? ship.length : 0
                #expect(layouts.record(shotAt: cell, hits: hits, reportedSunk: sunk) == nil, "seed \(seed) \(cell)")
            }
        }
    }

    @Test("a wrong sunk length, or cells no fleet covers, are caught")
    func impossibleLayouts() {
        let fleet = Fleet.seeded(7)
        let cells = Set(fleet.ships.flatMap(\.cells))
        var layouts = FleetLayouts(shipCells: cells)
        let first = cells.min { $0.index < $1.index }!
        #expect(layouts.record(shotAt: first, hits: [first], reportedSunk: 5) == 0)
        #expect(!FleetLayouts(shipCells: Set(cells.dropFirst())).isPossible)
        let checkerboard = Set(Coordinate.all.filter { ($0.x + $0.y) % 2 == 0 }.prefix(17))
        #expect(checkerboard.count == 17 && !FleetLayouts(shipCells: checkerboard).isPossible)
    }

    @Test("JSON values keep booleans, numbers and strings apart")
    func jsonValues() throws {
        let value = try #require(JSONValue.parse(#"{"b":true,"n":1,"s":"3","z":null,"a":[1,2]}"#))
        #expect(value["b"]?.boolValue == true && value["b"]?.intValue == nil)
        #expect(value["n"]?.intValue == 1 && value["n"]?.boolValue == nil)
        #expect(value["s"]?.stringValue == "3" && value["s"]?.intValue == nil)
        #expect(value["z"] == .null && value["a"]?.arrayValue?.count == 2)
        #expect(value.keys == ["a", "b", "n", "s", "z"])
        #expect(JSONValue.parse("Player id is not a valid GUID") == nil)
        #expect(RequestBody.json([("playerId", "x"), ("xPos", 3)]).text == #"{"playerId":"x","xPos":3}"#)
        #expect(RequestBody.form([("playerName", "ann b"), ("x", "a&b")]).text == "playerName=ann+b&x=a%26b")
    }

    @Test("check ids are unique, stable in form, and selectable by prefix")
    func catalog() {
        let ids = ConformanceCatalog.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.wholeMatch(of: /[a-z]+\.[a-z0-9-]+/) != nil })
        #expect(ConformanceCatalog.select(["guess"]).allSatisfy { $0.id.hasPrefix("guess.") })
        #expect(ConformanceCatalog.select(["guess.out-of-turn"]).map(\.id) == ["guess.out-of-turn"])
        #expect(ConformanceCatalog.select(["nothing"]).isEmpty)
        for id in ["guess.out-of-turn", "board.hides-opponent-ships", "status.winner-before-turn", "keys.create-reply"] {
            #expect(ids.contains(id))
        }
    }

    @Test("a failure prints its message, then the request and the response, bodies shortened")
    func formatting() {
        let exchange = Exchange(
            method: "POST", path: "/api/games/x/guess", requestContentType: "application/json", requestBody: #"{"xPos":1}"#,
            status: 200, responseContentType: "application/json", responseBody: String(repeating: "a", count: 1000)
        )
        let outcome = CheckOutcome(
            id: "guess.out-of-turn", severity: .required, verdict: .fail, title: "t", messages: ["It was accepted."], exchange: exchange)
        let lines = ReportFormatter(bodyLimit: 20, idWidth: 20).lines(for: outcome)
        #expect(lines.count == 3)
        #expect(lines[0] == "FAIL  guess.out-of-turn     It was accepted.")
        #expect(lines[1].hasSuffix(#"> POST /api/games/x/guess  (application/json)  {"xPos":1}"#))
        #expect(lines[2].hasSuffix("< 200  (application/json)  aaaaaaaaaaaaaaaaaaaa… (1000 bytes in all)"))
        let pass = CheckOutcome(id: "keys.create-reply", severity: .required, verdict: .pass, title: "Creates.")
        #expect(ReportFormatter(idWidth: 20).lines(for: pass) == ["PASS  keys.create-reply     Creates."])
    }
}
