import BattleshipAPI
import Foundation
import JSONCoding
import Testing

/// The wire types, each one way: a reply is written by the server and read by the client
/// with the hand-written writer and reader, and reads back equal; a request body is written
/// by the client exactly as the server has always been sent it (the server reads its fields
/// with its own parser: `RequestParsingTests`).
@Suite("Wire types as JSON bytes")
struct WireJSONTests {
    /// Names that need every kind of escaping, and more than ASCII.
    static let awkward = "naïve 🚢 \"q\" back\\slash\n\t\u{1}\u{1F}/ end"

    /// `value` through our writer and reader: equal, and the text is JSON that Foundation
    /// reads too.
    static func roundTrip<Value: JSONReadable & JSONWritable & Equatable>(_ value: Value) throws {
        let ours = value.jsonBytes
        #expect(try Value(jsonBytes: ours) == value)
        #expect((try? JSONSerialization.jsonObject(with: Data(ours))) != nil)
    }

    /// The description of the error `body` throws, or nil when it throws none.
    static func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("every reply round-trips, awkward strings and extreme numbers included")
    func roundTrips() throws {
        let text = Self.awkward
        try Self.roundTrip(CreateGameResponse(playerId: text, gameId: "6f1c2b8e-0000-4000-8000-000000000000"))
        try Self.roundTrip(JoinGameResponse(playerId: text))
        try Self.roundTrip(GuessResponse(hit: true, shipSunk: 5))
        try Self.roundTrip(GuessResponse(hit: false, shipSunk: 0))
        try Self.roundTrip(TurnStatus(isYourTurn: true, winner: WireConstants.inProgress))
        try Self.roundTrip(TurnStatus(isYourTurn: false, winner: text))
        try Self.roundTrip(ErrorBody(message: text))
        try Self.roundTrip(GameDetail(id: "i", name: text, player1: "a", player2: "", winner: "IN PROGRESS", missilesLaunched: 171))
        try Self.roundTrip([
            GameSummary(id: "1", name: text, status: .waiting), GameSummary(id: "2", name: "b", status: .playing),
            GameSummary(id: "3", name: "c", status: .done),
        ])
        try Self.roundTrip([GameSummary]())
        try Self.roundTrip(ServerExtensions.salvoServer)
        try Self.roundTrip(
            FleetPlacement(ships: [.init(length: 5, x: 0, y: 9, orientation: "horizontal"), .init(length: 2, x: 9, y: 0, orientation: text)]))
    }

    @Test("a board as the server writes it reads back cell by cell, in row order")
    func boardReads() throws {
        let statuses = ["NONE", "SHIP", "HIT", "MISS"]
        let cells = (0..<100).map { #"{"xPos":\#($0 % 10),"yPos":\#($0 / 10),"status":"\#(statuses[$0 % 4])"}"# }
        let text = #"{"playerBoard":[\#(cells.joined(separator: ","))],"opponentBoard":[\#(cells.reversed().joined(separator: ","))]}"#
        let board = try BoardView(jsonBytes: Array(text.utf8))
        let expected = (0..<100).map { BoardCell(xPos: $0 % 10, yPos: $0 / 10, status: statuses[$0 % 4]) }
        #expect(board == BoardView(playerBoard: expected, opponentBoard: expected.reversed()))
    }

    @Test("replies are written with sorted keys, request bodies in declaration order, as before")
    func exactText() {
        func text(_ value: some JSONWritable) -> String { String(decoding: value.jsonBytes, as: UTF8.self) }
        #expect(text(CreateGameResponse(playerId: "p", gameId: "g")) == #"{"gameId":"g","playerId":"p"}"#)
        #expect(
            text(GameDetail(id: "i", name: "n", player1: "a", player2: "b", winner: "b", missilesLaunched: 17))
                == #"{"id":"i","missilesLaunched":17,"name":"n","player1":"a","player2":"b","winner":"b"}"#)
        #expect(text([GameSummary(id: "i", name: "n", status: .done)]) == #"[{"id":"i","name":"n","status":"DONE"}]"#)
        #expect(text(TurnStatus(isYourTurn: false, winner: "IN PROGRESS")) == #"{"isYourTurn":false,"winner":"IN PROGRESS"}"#)
        #expect(text(GuessResponse(hit: true, shipSunk: 3)) == #"{"hit":true,"shipSunk":3}"#)
        #expect(text(ErrorBody(message: "say \"hi\"")) == #"{"message":"say \"hi\""}"#)
        #expect(text(JoinGameResponse(playerId: "p")) == #"{"playerId":"p"}"#)
        #expect(text(ServerExtensions.salvoServer) == #"{"extensions":["boardSeed","joinToken","fleet"]}"#)
        #expect(
            text(FleetPlacement(ships: [.init(length: 3, x: 1, y: 2, orientation: "vertical")]))
                == #"[{"length":3,"x":1,"y":2,"orientation":"vertical"}]"#)
        #expect(
            text(CreateGameRequest(gameName: "g", playerName: "p", joinToken: "t/1", fleet: FleetPlacement(ships: [])))
                == #"{"gameName":"g","playerName":"p","joinToken":"t/1","fleet":[]}"#)
        #expect(text(CreateGameRequest(gameName: "g", playerName: "p")) == #"{"gameName":"g","playerName":"p"}"#)
        #expect(
            text(CreateGameRequest(gameName: "g", playerName: "p", boardSeed: 18_446_744_073_709_551_615))
                == #"{"gameName":"g","playerName":"p","boardSeed":18446744073709551615}"#)
        #expect(text(JoinGameRequest(playerName: "p", boardSeed: 7)) == #"{"playerName":"p","boardSeed":7}"#)
        #expect(text(GuessRequest(playerId: "p", xPos: 3, yPos: -4)) == #"{"playerId":"p","xPos":3,"yPos":-4}"#)
        #expect(text(PlayerRequest(playerId: "p")) == #"{"playerId":"p"}"#)
    }

    @Test(
        "/status replies: any order, spacing, extra fields and escapes read as JSON.parse reads them",
        arguments: [
            (#"{"isYourTurn":false,"winner":"IN PROGRESS"}"#, TurnStatus(isYourTurn: false, winner: "IN PROGRESS")),
            (#"{"winner":"bob","isYourTurn":true}"#, TurnStatus(isYourTurn: true, winner: "bob")),
            (
                " {\n \"isYourTurn\" : true , \"winner\" : \"a \\\"q\\\" b\", \"extra\": 12.5e3, \"n\": null } ",
                TurnStatus(isYourTurn: true, winner: "a \"q\" b")
            ),
            (#"{"isYourTurn":false,"winner":"","x":-3,"nested":{"a":[1,{"b":null}]}}"#, TurnStatus(isYourTurn: false, winner: "")),
            (#"{"isYourTurn":false,"winner":"\u00e9\ud83d\ude00"}"#, TurnStatus(isYourTurn: false, winner: "é😀")),
        ])
    func statusReads(_ text: String, _ expected: TurnStatus) throws {
        #expect(try TurnStatus(jsonBytes: Array(text.utf8)) == expected)
    }

    @Test(
        "bad /status replies are refused, with what was wrong",
        arguments: [
            ("", "not valid JSON: unexpected end of input, expected an object at byte 0"),
            ("{", "not valid JSON: unexpected end of input at byte 1"),
            ("[]", "expected an object at the top level, found an array (byte 0)"),
            (#"{"isYourTurn":false}"#, #"missing field "winner" at the top level"#),
            (#"{"winner":"x"}"#, #"missing field "isYourTurn" at the top level"#),
            (#"{"isYourTurn":"no","winner":"x"}"#, "expected a boolean at isYourTurn, found a string (byte 14)"),
            (#"{"isYourTurn":false,"winner":3}"#, "expected a string at winner, found a number (byte 29)"),
            (#"{"isYourTurn":false,"winner":null}"#, "expected a string at winner, found null (byte 29)"),
            (#"{"isYourTurn":fals,"winner":"x"}"#, "not valid JSON: invalid literal (expected false) at byte 14 (in isYourTurn)"),
            (#"{"isYourTurn":false,"winner":"x"} x"#, "not valid JSON: unexpected data after the JSON value at byte 34"),
            (#"{"isYourTurn":false,"winner":"x",}"#, "not valid JSON: trailing comma before '}' at byte 33"),
            (#"{"isYourTurn":false,"winner":{"a":1}}"#, "expected a string at winner, found an object (byte 29)"),
            ("<html>oops</html>", "not valid JSON: expected an object, found '<' at byte 0"),
        ])
    func badStatusRefused(_ text: String, _ message: String) {
        #expect(Self.failure { _ = try TurnStatus(jsonBytes: Array(text.utf8)) } == message)
    }

    @Test("errors deep in a reply name the path: a board cell, a lobby row")
    func nestedErrors() {
        var cells = (0..<100).map { #"{"xPos":\#($0 % 10),"yPos":\#($0 / 10),"status":"NONE"}"# }
        cells[3] = #"{"xPos":3,"yPos":0}"#
        let board = #"{"playerBoard":[\#(cells.joined(separator: ","))],"opponentBoard":[]}"#
        #expect(
            throws: JSONError(
                problem: .missingField("status"), offset: 16 + cells[0..<3].map { $0.utf8.count + 1 }.reduce(0, +),
                path: [.key("playerBoard"), .index(3)])
        ) {
            try BoardView(jsonBytes: Array(board.utf8))
        }
        let lobby = #"[{"id":"1","name":"a","status":"DONE"},{"id":"2","name":"b","status":"PAUSED"}]"#
        #expect(
            Self.failure { _ = try [GameSummary](jsonBytes: Array(lobby.utf8)) }
                == #"bad value at [1].status: "PAUSED" is not one of WAITING, PLAYING, DONE (byte 69)"#)
        let fleet = #"[{"length":5,"x":0,"y":0,"orientation":"horizontal"},{"length":4,"x":0,"y":"1","orientation":"horizontal"}]"#
        #expect(Self.failure { _ = try FleetPlacement(jsonBytes: Array(fleet.utf8)) } == "expected a whole number at [1].y, found a string (byte 75)")
    }
}
