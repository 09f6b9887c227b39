import BattleshipRules
import Bots
import Foundation
import MutantServer
import Orchestrator
import SalvoTestSupport
import Testing

@testable import Tournament

/// `placement: bots` and `tell_opponent` played for real: fixture bots that place their
/// fleets, on the embedded server (which offers the `fleet` extension) and on one without it.
@Suite("Tournaments whose bots place their fleets", .serialized, .timeLimit(.minutes(4)))
struct PlacementRunTests {
    /// The fixture placer's fleet (`valid`) and the one it places when told its opponent.
    static let validCells: Set<Int> = [0, 10, 20, 30, 40, 2, 12, 22, 32, 44, 45, 46, 19, 29, 39, 97, 98]
    static let toldCells: Set<Int> = [90, 91, 92, 93, 94, 2, 12, 22, 32, 44, 45, 46, 19, 29, 39, 77, 78]

    static func placer(_ mode: String) -> BotEntry {
        BotEntry(
            name: "placer",
            kind: .external(ExternalBotSpec(command: RunnerTests.fixture("placing_fixture_bot.py") + [mode], startupDeadline: .seconds(20))))
    }

    static func config(_ bots: [BotEntry], placement: FleetPlacer = .bots, tellOpponent: Bool = false, server: ServerChoice = .embedded)
        -> TournamentConfig
    {
        var config = TournamentConfig(
            name: "placement", bots: bots, gamesPerPairing: 2, concurrency: 2, server: server, seed: 3,
            outputDirectory: RunnerTests.temporaryDirectory())
        config.placement = placement
        config.tellOpponent = tellOpponent
        return config
    }

    /// The cells a player's final board shows a ship on (hit or not).
    static func shipCells(_ player: PlayerRecord) -> Set<Int> {
        Set((player.finalBoard ?? []).indices.filter { ["SHIP", "HIT"].contains(player.finalBoard?[$0]) })
    }

    @Test("a bot that places its fleet plays on it, the journal keeps it, and a bot that places none plays on its seed's fleet")
    func placedFleetsArePlayed() async throws {
        let config = Self.config([Self.placer("valid"), BotEntry(name: "random", kind: .builtin(.random))])
        let (records, _) = try await RunnerTests.run(config)
        #expect(records.count == 2)
        for record in records {
            #expect(record.termination == .win, "\(record.reason ?? "")")
            for player in record.players {
                if player.bot == "placer" {
                    #expect(Set(player.placedFleet?.ships.flatMap(\.cells).map(\.index) ?? []) == Self.validCells)
                    #expect(Self.shipCells(player) == Self.validCells, "the server played the placed fleet")
                } else {
                    #expect(player.placedFleet == nil)
                    let seeded = Fleet.seeded(try #require(player.boardSeed))
                    #expect(Self.shipCells(player) == Set(seeded.ships.flatMap(\.cells).map(\.index)))
                }
            }
        }
        // Read back from the journal file, the placed fleet is the same.
        let reread = try Journal.read(path: config.outputDirectory + "/journal.jsonl").compactMap { entry -> GameRecord? in
            if case .finished(let record) = entry { record } else { nil }
        }
        let placedByIndex = Dictionary(uniqueKeysWithValues: records.map { record in (record.index, record.players.map(\.placedFleet)) })
        #expect(reread.count == 2)
        for record in reread { #expect(record.players.map(\.placedFleet) == placedByIndex[record.index]) }
    }

    @Test("an invalid placed fleet forfeits the game before it reaches the server, with the reason")
    func invalidFleetForfeits() async throws {
        let (records, _) = try await RunnerTests.run(Self.config([Self.placer("overlap"), BotEntry(name: "random", kind: .builtin(.random))]))
        #expect(records.count == 2)
        for record in records {
            #expect(record.termination == .forfeit && record.forfeitKind == .invalidFleet)
            #expect(record.reason?.hasPrefix("placer: The bot placed an invalid fleet: Two ships overlap at (0,1)") == true, "\(record.reason ?? "")")
            #expect(record.gameId.isEmpty, "no game was created")
            #expect(record.player(try #require(record.winner)).bot == "random")
        }
    }

    @Test("with server placement a placing bot is never asked; with tell_opponent, new-game names the opponent")
    func serverPlacementAndOpponent() async throws {
        let (plain, _) = try await RunnerTests.run(
            Self.config([Self.placer("opponent"), BotEntry(name: "random", kind: .builtin(.random))], placement: .server))
        #expect(plain.flatMap(\.players).allSatisfy { $0.placedFleet == nil })
        let (untold, _) = try await RunnerTests.run(Self.config([Self.placer("opponent"), BotEntry(name: "random", kind: .builtin(.random))]))
        let (told, _) = try await RunnerTests.run(
            Self.config([Self.placer("opponent"), BotEntry(name: "random", kind: .builtin(.random))], tellOpponent: true))
        func placerCells(_ records: [GameRecord]) -> [Set<Int>] {
            records.flatMap(\.players).filter { $0.bot == "placer" }.map { Set($0.placedFleet?.ships.flatMap(\.cells).map(\.index) ?? []) }
        }
        #expect(placerCells(untold) == [Self.validCells, Self.validCells], "not told: new-game names nobody")
        #expect(placerCells(told) == [Self.toldCells, Self.toldCells], "told: new-game ends with `opponent random`")
    }

    @Test("the built-in admiral places its own fleets with placement: bots, and not with server placement; other built-ins never do")
    func admiralPlaces() async throws {
        let bots = [BotEntry(name: "admiral", kind: .builtin(.admiral)), BotEntry(name: "champion", kind: .builtin(.champion))]
        var config = Self.config(bots)
        config.gamesPerPairing = 6
        let (placed, _) = try await RunnerTests.run(config)
        #expect(placed.count == 6)
        for player in placed.flatMap(\.players) {
            #expect((player.placedFleet != nil) == (player.bot == "admiral"), "\(player.bot)")
            if let fleet = player.placedFleet { #expect(Self.shipCells(player) == Set(fleet.ships.flatMap(\.cells).map(\.index))) }
        }
        // Its first fleet, knowing nothing yet, is anti-density's for the seat's seed.
        let first = try #require(placed.min { $0.index < $1.index })
        let admiral = try #require(first.players.first { $0.bot == "admiral" })
        #expect(admiral.placedFleet == PlacementStrategy.antiDensity.fleet(seed: try #require(admiral.boardSeed)))

        let (served, _) = try await RunnerTests.run(Self.config(bots, placement: .server))
        #expect(served.flatMap(\.players).allSatisfy { $0.placedFleet == nil })
    }

    @Test("a server without the fleet extension is refused before any game, in one line")
    func serverWithoutTheExtension() async throws {
        try await withRunning(MutantServer.start(fault: .none)) { server in
            let config = Self.config([Self.placer("valid"), BotEntry(name: "random", kind: .builtin(.random))], server: .url(server.baseURL))
            do {
                _ = try await RunnerTests.run(config)
                Issue.record("the run went on")
            } catch let error as OrchestratorError {
                #expect(
                    "\(error)"
                        == "This tournament has `placement: bots`, which needs the `fleet` extension, and the server at \(server.baseURL) does not offer it (GET /api/extensions); run it on Salvo's own server (leave out `server:`), or remove `placement: bots`"
                )
            }
            #expect(server.log.count("POST", pathSuffix: "/api/games") == 0)
        }
    }
}
